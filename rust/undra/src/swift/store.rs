//! A store's file: its schema (fields and wire), its command and outcome enums, and its class,
//! in the shape the floor asks for (`Trackable`, bridged to Observation; or `ObservableObject`).

use super::code::Code;
use super::declarations::{list, Case};
use super::names::{escaped, label, lower_camel};
use super::Model;
use crate::config::Observation;
use crate::refusal::Refusal;
use undra_core::{CommandDescription, FieldKind, Payload, StoreDescription, TypeRef};

impl Model<'_> {
    /// The file of `store`.
    pub fn store_file(&self, store: &StoreDescription) -> Result<String, Refusal> {
        let mut values: Vec<&TypeRef> = vec![];
        for field in &store.fields {
            match &field.kind {
                FieldKind::Scalar(value) => values.push(value),
                FieldKind::List { key, row } => values.extend([key, row]),
            }
        }
        for command in &store.commands {
            values.extend(super::types::payload_values(&command.payload));
            values.extend([&command.success, &command.failure]);
        }
        let mut code = Code::new();
        code.line(self.header().trim_end());
        code.line("");
        if self.settings.observation == Observation::ObservableObject {
            code.line("#if canImport(Combine)");
            code.line("import Combine");
            code.line("#endif");
        }
        code.line(self.imports(&values).trim_end());
        if self.settings.observation == Observation::Observation {
            code.line("#if canImport(Observation)");
            code.line("import Observation");
            code.line("#endif");
        }
        code.line("");
        self.schema_enum(&mut code, store)?;
        if !store.commands.is_empty() {
            code.line("");
            self.command_enum(&mut code, store)?;
            code.line("");
            self.outcome_enum(&mut code, store)?;
        }
        code.line("");
        self.store_class(&mut code, store)?;
        if self.settings.observation == Observation::Observation {
            code.line("");
            code.line("#if canImport(Observation)");
            code.doc("SwiftUI redraws a view when a field its body read changes (iOS 17 and later).");
            code.line("@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)");
            code.line(format!("extension {}: Observable {{}}", escaped(&store.name)));
            code.line("#endif");
        }
        Ok(code.finish())
    }

    fn command_types(&self, store: &StoreDescription) -> (String, String) {
        if store.commands.is_empty() {
            ("WireUnit".to_string(), "WireUnit".to_string())
        } else {
            (format!("{}Command", store.name), format!("{}Outcome", store.name))
        }
    }

    fn schema_enum(&self, code: &mut Code, store: &StoreDescription) -> Result<(), Refusal> {
        let schema = format!("{}Schema", store.name);
        let (command, outcome) = self.command_types(store);
        code.doc(format!(
            "The {} store's fields, in id order (the op enum's variants), and its wire schema: hash `{:#018x}`.",
            store.name, store.hash
        ));
        let mut failure = None;
        code.block(format!("public enum {schema}"), |code| {
            for field in &store.fields {
                let name = escaped(&self.field_name(&field.name));
                let coalesces = if field.coalesces { String::new() } else { ", coalesces: false".to_string() };
                let declaration = match &field.kind {
                    FieldKind::Scalar(value) => self.swift_type(value).and_then(|swift| {
                        let initial = self.initial_value(value)?;
                        Ok(format!(
                            "Field<{swift}>(id: {}, name: \"{}\", initial: {initial}{coalesces})",
                            field.id,
                            lower_camel(&field.name)
                        ))
                    }),
                    FieldKind::List { key, row } => self.swift_type(key).and_then(|key| {
                        let row = self.swift_type(row)?;
                        Ok(format!(
                            "ListField<{key}, {row}>(id: {}, name: \"{}\"{coalesces})",
                            field.id,
                            lower_camel(&field.name)
                        ))
                    }),
                };
                match declaration {
                    Ok(declaration) => {
                        let kind = match &field.kind {
                            FieldKind::Scalar(value) => format!("`{}({})`", field.name, self.rust_type(value)),
                            FieldKind::List { key, row } => {
                                format!("`{}(ListOp<{}, {}>)`", field.name, self.rust_type(key), self.rust_type(row))
                            }
                        };
                        let events = if field.coalesces { "" } else { ", every value kept (`NoCoalesce`)" };
                        code.doc(format!("Field {}: the op variant {kind}{events}.", field.id));
                        code.line(format!("public static let {name} = {declaration}"));
                    }
                    Err(error) => failure = failure.take().or(Some(error)),
                }
            }
            if !store.fields.is_empty() {
                code.line("");
            }
            code.doc("Every field.");
            let names: Vec<String> = store.fields.iter().map(|f| escaped(&self.field_name(&f.name))).collect();
            list(code, "public static let fields: [any FieldDeclaration] = [", &names, "]");
            code.doc("The fields with the command and outcome enums: decodes the core's frames, encodes commands.");
            code.line(format!(
                "public static let wire = WireSchema<{command}, {outcome}>(store: \"{}\", fields: fields)",
                store.name
            ));
        });
        failure.map_or(Ok(()), Err)
    }

    fn command_cases<'p>(&self, store: &'p StoreDescription) -> Vec<Case<'p>> {
        store
            .commands
            .iter()
            .map(|c| Case {
                swift: escaped(&lower_camel(&c.name)),
                rust: self.rust_case(&c.name, &c.payload),
                payload: &c.payload,
            })
            .collect()
    }

    fn command_enum(&self, code: &mut Code, store: &StoreDescription) -> Result<(), Refusal> {
        let name = format!("{}Command", store.name);
        let cases = self.command_cases(store);
        code.doc(format!("The {} store's commands, as the core's command enum has them.", store.name));
        let mut failure = None;
        code.block(format!("public enum {name}: Hashable, Sendable"), |code| {
            if let Err(error) = self.case_declarations(code, &cases) {
                failure = Some(error);
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        code.line("");
        code.block(format!("extension {name}: WireCodable"), |code| {
            self.enum_coding(code, &name, &cases, None);
            code.line("");
            code.line("public static var minimumWireSize: Int { 4 }");
            code.line("");
            let variants: Vec<String> = store
                .commands
                .iter()
                .map(|c| {
                    format!(
                        "WireVariant(\"{}\", {})",
                        c.name,
                        self.payload_shape(&c.payload, &mut vec![name.clone()]).unwrap_or_default()
                    )
                })
                .collect();
            code.block("public static var wireShape: WireShape", |code| list(code, ".enumeration([", &variants, "])"));
        });
        Ok(())
    }

    fn outcome_enum(&self, code: &mut Code, store: &StoreDescription) -> Result<(), Refusal> {
        let name = format!("{}Outcome", store.name);
        let results: Vec<(String, Payload)> = store
            .commands
            .iter()
            .map(|c| {
                (
                    c.name.clone(),
                    Payload::Newtype(TypeRef::Result(Box::new(c.success.clone()), Box::new(c.failure.clone()))),
                )
            })
            .collect();
        let cases: Vec<Case> = results
            .iter()
            .map(|(rust, payload)| Case {
                swift: escaped(&lower_camel(rust)),
                rust: self.rust_case(rust, payload),
                payload,
            })
            .collect();
        code.doc(format!(
            "The answers to the {} store's commands, one case per command, as the core's outcome enum has them.",
            store.name
        ));
        let mut failure = None;
        code.block(format!("public enum {name}: Sendable"), |code| {
            if let Err(error) = self.case_declarations(code, &cases) {
                failure = Some(error);
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        code.line("");
        let plain: Vec<Case> = results
            .iter()
            .map(|(rust, payload)| Case { swift: escaped(&lower_camel(rust)), rust: rust.clone(), payload })
            .collect();
        code.block(format!("extension {name}: WireCodable"), |code| {
            self.enum_coding(code, &name, &plain, None);
            code.line("");
            code.line("public static var minimumWireSize: Int { 4 }");
            code.line("");
            let variants: Vec<String> = results
                .iter()
                .map(|(rust, payload)| {
                    format!(
                        "WireVariant(\"{rust}\", {})",
                        self.payload_shape(payload, &mut vec![name.clone()]).unwrap_or_default()
                    )
                })
                .collect();
            code.block("public static var wireShape: WireShape", |code| list(code, ".enumeration([", &variants, "])"));
        });
        Ok(())
    }

    fn store_class(&self, code: &mut Code, store: &StoreDescription) -> Result<(), Refusal> {
        let class = escaped(&store.name);
        let schema = format!("{}Schema", store.name);
        let (command, outcome) = self.command_types(store);
        let core = &self.settings.core_type;
        let observation = self.settings.observation;
        match observation {
            Observation::Observation => {
                code.doc(format!(
                    "The core's {} store: its fields are properties, read from any thread; its commands are methods that \
                     return once the core's answer is in the store.\n\nTrackable, and Observable from iOS 17: SwiftUI redraws a \
                     view when a field its body read changes.\n\n    @State private var {} = try! {}()",
                    store.name,
                    lower_camel(&store.name),
                    store.name
                ));
                code.line(format!("public final class {class}: UndraStore, Trackable, @unchecked Sendable {{"));
            }
            Observation::ObservableObject => {
                code.doc(format!(
                    "The core's {} store: its fields are properties, read from any thread (`$field` publishes each one); its \
                     commands are methods that return once the core's answer is in the store.\n\nAn ObservableObject: SwiftUI \
                     redraws every view that observes the store when any field changes, once per frame.\n\n    \
                     @StateObject private var {} = try! {}()",
                    store.name,
                    lower_camel(&store.name),
                    store.name
                ));
                code.line(format!("public final class {class}: UndraStore, ObservableObject, @unchecked Sendable {{"));
            }
        }
        let mut failure = None;
        code.indented(|code| {
            code.line(
                "// @unchecked Sendable: its stored properties are `let`s of Sendable types, and its fields read the",
            );
            code.line("// runtime, which is thread-safe.");
            code.doc("The store's mirror and announcements.");
            code.line(format!("public let runtime = StoreRuntime(name: \"{}\", schema: {schema}.wire)", store.name));
            code.doc("The core it is attached to.");
            code.line(format!("public let core: {core}"));
            if !store.commands.is_empty() {
                code.line(format!("private let channel: CommandChannel<{command}, {outcome}>"));
            }
            code.line("");
            code.doc(format!("The store attached to `core`, as its store {}.", store.index));
            code.block(format!("public init(core: {core})"), |code| {
                code.line("self.core = core");
                let attach = format!("core.attach(runtime, index: {}, schema: {schema}.wire)", store.index);
                if store.commands.is_empty() {
                    code.line(format!("_ = {attach}"));
                } else {
                    code.line(format!("channel = {attach}"));
                }
            });
            for field in &store.fields {
                let name = escaped(&self.field_name(&field.name));
                code.line("");
                let what = match &field.kind {
                    FieldKind::Scalar(_) => "a value".to_string(),
                    FieldKind::List { .. } => "a keyed list, patched in place".to_string(),
                };
                let events = if field.coalesces { "" } else { "; every value the core sets is announced, in order" };
                code.doc(format!(
                    "Field {} (`{}`): {what}{events}. `${name}` publishes its values.",
                    field.id, field.name
                ));
                code.line(format!("@Mirrored({schema}.{name}) public var {name}"));
            }
            for command in &store.commands {
                code.line("");
                if let Err(error) = self.command_method(code, store, command) {
                    failure = failure.take().or(Some(error));
                }
            }
        });
        code.line("}");
        failure.map_or(Ok(()), Err)
    }

    fn command_method(
        &self,
        code: &mut Code,
        store: &StoreDescription,
        command: &CommandDescription,
    ) -> Result<(), Refusal> {
        let method = escaped(&self.command_name(store, &command.name));
        let case = escaped(&lower_camel(&command.name));
        let (parameters, arguments): (Vec<String>, String) = match &command.payload {
            Payload::Unit => (vec![], String::new()),
            Payload::Newtype(value) => {
                let name = parameter_name(value);
                (vec![format!("_ {name}: {}", self.swift_type(value)?)], format!("({name})"))
            }
            Payload::Tuple(values) => {
                let mut parameters = vec![];
                let mut names = vec![];
                for (index, value) in values.iter().enumerate() {
                    parameters.push(format!("_ value{index}: {}", self.swift_type(value)?));
                    names.push(format!("value{index}"));
                }
                (parameters, format!("({})", names.join(", ")))
            }
            Payload::Struct(fields) => {
                let mut parameters = vec![];
                let mut names = vec![];
                for field in fields {
                    let name = lower_camel(&field.name);
                    let (label, value) = (label(&name), escaped(&name));
                    parameters.push(format!("{label}: {}", self.swift_type(&field.value)?));
                    names.push(format!("{label}: {value}"));
                }
                (parameters, format!("({})", names.join(", ")))
            }
        };
        let failure = self.failure_type(&command.failure)?;
        let returns = match &command.success {
            TypeRef::Unit => String::new(),
            success => format!(" -> {}", self.swift_type(success)?),
        };
        code.doc(format!(
            "The command `{}`: returns{} once the frame that made its effects visible has been applied.\n\n\
             - Throws: `.failed` with the core's error, `.notConnected` if it was not sent, `.disconnected` if the \
             connection ended before the answer came.",
            command.name,
            if returns.is_empty() {
                String::new()
            } else {
                format!(" the core's `{}`", self.rust_type(&command.success))
            }
        ));
        if !returns.is_empty() {
            code.line("@discardableResult");
        }
        let signature =
            format!("public func {method}({}) async throws(CommandError<{failure}>){returns}", parameters.join(", "));
        code.block(signature, |code| {
            let prefix = if returns.is_empty() { "_ = try await" } else { "try await" };
            code.line(format!("{prefix} channel.call(.{case}{arguments}) {{ outcome in"));
            code.indented(|code| {
                code.line(format!("if case .{case}(let result) = outcome {{ result.result }} else {{ nil }}"))
            });
            code.line("}");
        });
        Ok(())
    }
}

/// A one-value command's parameter: its type's name in lowerCamelCase (`todoId`), else `value`.
fn parameter_name(value: &TypeRef) -> String {
    match value {
        TypeRef::Named(name) => escaped(&lower_camel(name)),
        _ => "value".to_string(),
    }
}
