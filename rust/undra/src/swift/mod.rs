//! The Swift package `undra bindgen` writes from a core's description (docs/BINDGEN.md, "What is
//! generated"): one file per type, one per store, the app's core type, the C module over the Rust
//! library, and the package manifest. Deterministic: the same description and settings give the
//! same bytes.

pub mod code;
mod declarations;
mod linking;
pub mod names;
mod store;
mod types;

use crate::config::{Observation, Runtime, Version};
use crate::refusal::{codes, Refusal};
use names::{escaped, lower_camel};
use std::collections::{BTreeMap, BTreeSet};
use types::definition_references;
use undra_core::{CoreDescription, FieldKind, Payload, StoreDescription, TypeBody, TypeDefinition, TypeRef};

/// What shapes the output besides the description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `[app] name`.
    pub app: String,
    /// The Swift module (`<App>Kit`).
    pub module: String,
    /// The app's core type (`<App>Core`).
    pub core_type: String,
    /// The C module over the Rust library (`C<App>Core`).
    pub c_module: String,
    /// The Rust library's name (`todo_core`: `libtodo_core.a`).
    pub library: String,
    /// How stores tell SwiftUI to redraw.
    pub observation: Observation,
    /// `[ios] deployment_target`.
    pub floor: Version,
    /// Where the package finds UndraRuntime (a path is from the package's folder).
    pub runtime: Runtime,
    /// The core crate's folder, from the package's folder (where `cargo build` puts the library).
    pub core_folder: String,
}

/// The files of the package, by path from its folder.
pub type Files = BTreeMap<String, String>;

/// The package for `description`.
pub fn generate(description: &CoreDescription, settings: &Settings) -> Result<Files, Refusal> {
    let model = Model::new(description, settings)?;
    let mut files = Files::new();
    let sources = format!("Sources/{}", settings.module);
    for name in &model.order {
        files.insert(format!("{sources}/{name}.swift"), model.declaration_file(name)?);
    }
    for store in &description.stores {
        files.insert(format!("{sources}/{}.swift", store.name), model.store_file(store)?);
    }
    files.insert(format!("{sources}/{}.swift", settings.core_type), model.core_file());
    files.insert(format!("{sources}/{}+Linked.swift", settings.core_type), model.linked_file());
    files.extend(model.linking_files());
    Ok(files)
}

/// The description, checked and indexed for writing.
pub struct Model<'a> {
    settings: &'a Settings,
    description: &'a CoreDescription,
    /// Every named type, by name.
    definitions: BTreeMap<String, TypeDefinition>,
    /// The names, in the order the stores first reach them.
    order: Vec<String>,
    /// The types some command fails with: they conform to `Error`.
    errors: BTreeSet<String>,
    /// Row types of lists whose `id` field is the list's key: they conform to `Identifiable`.
    identifiable: BTreeSet<String>,
    /// The types that reach themselves: their shapes are written out in full, enums among them
    /// are `indirect`.
    recursive: BTreeSet<String>,
    /// Struct fields (type, field) that hold their own struct other than through a collection:
    /// stored `@Indirect`, so that the struct has a size.
    indirect_fields: BTreeSet<(String, String)>,
    /// The types whose `placeholder` (the value before the first snapshot) a field uses.
    placeholders: BTreeSet<String>,
}

/// Names the generated code declares for itself or uses from UndraRuntime and Swift's standard
/// library: a Rust type of one of these names would shadow it.
const RESERVED_TYPE_NAMES: &[&str] = &[
    "Any",
    "Array",
    "Bool",
    "Character",
    "Core",
    "CommandChannel",
    "CommandError",
    "Connection",
    "ConnectionObject",
    "Data",
    "Date",
    "Dictionary",
    "Double",
    "Duration",
    "Error",
    "Field",
    "FieldDeclaration",
    "Float",
    "Hashable",
    "Identifiable",
    "InProcessCoreFunctions",
    "InProcessTransport",
    "Indirect",
    "Int",
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "KeyedList",
    "ListField",
    "Mirrored",
    "Never",
    "Observable",
    "ObservableObject",
    "Optional",
    "Result",
    "Sendable",
    "Set",
    "StoreRuntime",
    "String",
    "Swift",
    "Trackable",
    "TransportError",
    "ByteStreamTransport",
    "UInt",
    "UInt8",
    "UInt16",
    "UInt32",
    "UInt64",
    "Unicode",
    "UndraDuration",
    "UndraRuntime",
    "UndraStore",
    "WireCodable",
    "WireError",
    "WireFailure",
    "WireField",
    "WireInt128",
    "WireReader",
    "WireResult",
    "WireSchema",
    "WireShape",
    "WireTuple2",
    "WireTuple3",
    "WireTuple4",
    "WireUInt128",
    "WireUnit",
    "WireVariant",
    "WireWriter",
];

/// Store members the store itself declares: a field or command of one of these names takes a
/// suffix (docs/BINDGEN.md, "Names").
pub const RESERVED_MEMBERS: &[&str] = &["runtime", "registrar", "core", "channel", "fields", "wire"];

impl<'a> Model<'a> {
    fn new(description: &'a CoreDescription, settings: &'a Settings) -> Result<Model<'a>, Refusal> {
        let mut definitions = BTreeMap::new();
        let mut order = vec![];
        let mut owner: BTreeMap<String, &str> = BTreeMap::new();
        for store in &description.stores {
            for definition in &store.types {
                match definitions.get(&definition.name) {
                    Some(existing) if existing != definition => {
                        return Err(Refusal::new(
                            codes::CONFLICTING_TYPES,
                            format!(
                                "stores {} and {} both reach a type named {}, and the two differ: rename one (#[serde(rename = \"…\")] \
                                 renames it for the generator and changes no byte)",
                                owner[&definition.name], store.name, definition.name
                            ),
                        ))
                    }
                    Some(_) => {}
                    None => {
                        definitions.insert(definition.name.clone(), definition.clone());
                        owner.insert(definition.name.clone(), &store.name);
                        order.push(definition.name.clone());
                    }
                }
            }
        }
        let mut model = Model {
            settings,
            description,
            definitions,
            order,
            errors: BTreeSet::new(),
            identifiable: BTreeSet::new(),
            recursive: BTreeSet::new(),
            indirect_fields: BTreeSet::new(),
            placeholders: BTreeSet::new(),
        };
        model.check_type_names()?;
        for store in &description.stores {
            model.check_store(store)?;
            for command in &store.commands {
                if let TypeRef::Named(name) = &command.failure {
                    model.errors.insert(name.clone());
                }
            }
            for field in &store.fields {
                if let FieldKind::List { key, row: TypeRef::Named(row) } = &field.kind {
                    if let Some(TypeBody::Struct(Payload::Struct(fields))) = model.definitions.get(row).map(|d| &d.body)
                    {
                        if fields.iter().any(|f| f.name == "id" && &f.value == key) {
                            model.identifiable.insert(row.clone());
                        }
                    }
                }
            }
        }
        model.recursive = model.order.iter().filter(|name| model.reaches_itself(name)).cloned().collect();
        model.indirect_fields = model.find_indirect_fields();
        model.placeholders = model.placeholder_types();
        Ok(model)
    }

    fn reaches_itself(&self, name: &str) -> bool {
        definition_references(&self.definitions[name].body).iter().any(|value| self.reaches(value, name))
    }

    /// The struct fields through which a struct holds itself other than in a collection (enums
    /// that reach themselves are `indirect`, which boxes their payloads).
    fn find_indirect_fields(&self) -> BTreeSet<(String, String)> {
        let mut fields = BTreeSet::new();
        for name in &self.order {
            let TypeBody::Struct(Payload::Struct(members)) = &self.definitions[name].body else { continue };
            for member in members {
                let mut seen = BTreeSet::new();
                if self.holds_inline(&member.value, name, &mut seen) {
                    fields.insert((name.clone(), member.name.clone()));
                }
            }
        }
        fields
    }

    /// Whether a `value` stored inline (not in a collection, not in an indirect enum) holds `name`.
    fn holds_inline(&self, value: &TypeRef, name: &str, seen: &mut BTreeSet<String>) -> bool {
        match value {
            TypeRef::Option(inner) => self.holds_inline(inner, name, seen),
            TypeRef::Tuple(elements) => elements.iter().any(|e| self.holds_inline(e, name, seen)),
            TypeRef::Result(success, failure) => {
                self.holds_inline(success, name, seen) || self.holds_inline(failure, name, seen)
            }
            TypeRef::Named(inner) => {
                if inner == name {
                    return true;
                }
                if !seen.insert(inner.clone()) {
                    return false;
                }
                match &self.definitions[inner].body {
                    TypeBody::Struct(payload) => {
                        types::payload_values(payload).iter().any(|v| self.holds_inline(v, name, seen))
                    }
                    TypeBody::Enum(_) => false,
                }
            }
            _ => false,
        }
    }

    /// A Rust type may not take a name the generated code needs.
    fn check_type_names(&self) -> Result<(), Refusal> {
        let mut generated: Vec<(String, String)> = vec![
            (self.settings.core_type.clone(), "the app's core type".to_string()),
            (self.settings.module.clone(), "the module".to_string()),
        ];
        for store in &self.description.stores {
            generated.push((store.name.clone(), format!("the {} store's class", store.name)));
            for suffix in ["Schema", "Command", "Outcome"] {
                generated.push((
                    format!("{}{suffix}", store.name),
                    format!("the {} store's {}", store.name, suffix.to_lowercase()),
                ));
            }
        }
        for name in &self.order {
            if RESERVED_TYPE_NAMES.contains(&name.as_str()) {
                return Err(Refusal::new(
                    codes::RESERVED_TYPE_NAME,
                    format!(
                        "a Rust type is named {name}, a name the generated Swift uses (from UndraRuntime or Swift's standard library): \
                         rename it for the generator with #[serde(rename = \"…\")] (no byte changes)"
                    ),
                ));
            }
            if let Some((_, what)) = generated.iter().find(|(generated, _)| generated == name) {
                return Err(Refusal::new(
                    codes::RESERVED_TYPE_NAME,
                    format!("a Rust type is named {name}, which is {what} in Swift: rename it for the generator with #[serde(rename = \"…\")]"),
                ));
            }
        }
        Ok(())
    }

    /// A store's members: distinct Swift names, and none named `objectWillChange` in
    /// observable-object mode.
    fn check_store(&self, store: &StoreDescription) -> Result<(), Refusal> {
        let mut seen: BTreeMap<String, String> = BTreeMap::new();
        let members =
            store.fields.iter().map(|f| (format!("field {}", f.name), self.field_name(f.name.as_str()))).chain(
                store
                    .commands
                    .iter()
                    .map(|c| (format!("command {}", c.name), self.command_name(store, c.name.as_str()))),
            );
        for (what, swift) in members {
            if self.settings.observation == Observation::ObservableObject && swift == "objectWillChange" {
                return Err(Refusal::new(
                    codes::OBJECT_WILL_CHANGE,
                    format!(
                        "store {}: its {what} is objectWillChange in Swift, the name ObservableObject declares; under \
                         swift_observation = \"observable-object\" rename it in Rust (or use \"observation\", from iOS 17)",
                        store.name
                    ),
                ));
            }
            if let Some(other) = seen.insert(swift.clone(), what.clone()) {
                return Err(Refusal::new(
                    codes::NAMES_COLLIDE,
                    format!(
                        "store {}: its {other} and its {what} are both {swift} in Swift: rename one in Rust",
                        store.name
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A field's Swift name: lowerCamelCase, `Field` after a name the store uses itself.
    pub fn field_name(&self, rust: &str) -> String {
        let name = lower_camel(rust);
        if RESERVED_MEMBERS.contains(&name.as_str()) {
            format!("{name}Field")
        } else {
            name
        }
    }

    /// A command's Swift name: lowerCamelCase, `Command` after a name the store uses itself or
    /// one of its fields has.
    pub fn command_name(&self, store: &StoreDescription, rust: &str) -> String {
        let name = lower_camel(rust);
        let fields: Vec<String> = store.fields.iter().map(|f| self.field_name(&f.name)).collect();
        if RESERVED_MEMBERS.contains(&name.as_str()) || fields.contains(&name) {
            format!("{name}Command")
        } else {
            name
        }
    }

    /// The first lines of every Swift file.
    pub fn header(&self) -> String {
        format!(
            "// Generated by `undra bindgen` from the core's Rust types (app {}, iOS {}, {}).\n\
             // Do not edit: change the Rust types and run `undra bindgen` again.\n",
            self.settings.app,
            self.settings.floor,
            self.settings.observation.name()
        )
    }

    /// Whether writing `value` needs Foundation (`Data`, `Date`).
    pub fn needs_foundation(&self, values: &[&TypeRef]) -> bool {
        fn bytes(value: &TypeRef) -> bool {
            match value {
                TypeRef::Bytes | TypeRef::SystemTime => true,
                TypeRef::Option(inner) | TypeRef::Seq(inner) | TypeRef::Set(inner) => bytes(inner),
                TypeRef::Map(key, value) | TypeRef::Result(key, value) => bytes(key) || bytes(value),
                TypeRef::Tuple(elements) => elements.iter().any(bytes),
                _ => false,
            }
        }
        values.iter().any(|v| bytes(v))
    }

    /// The imports of a file whose values are `values`.
    pub fn imports(&self, values: &[&TypeRef]) -> String {
        let mut imports = String::new();
        if self.needs_foundation(values) {
            imports.push_str("import Foundation\n");
        }
        imports.push_str("import UndraRuntime\n");
        imports
    }

    /// `name`, escaped, as a Swift type.
    pub fn type_name(name: &str) -> String {
        escaped(name)
    }
}
