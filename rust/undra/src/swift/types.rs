//! A Rust type where it is used, in Swift: its name, the expression that reads it, its shape,
//! its least size on the wire, and the value a field holds before the first snapshot.

use super::names::{escaped, label, lower_camel};
use super::Model;
use crate::config::Version;
use crate::refusal::{codes, Refusal};
use undra_core::{Payload, TypeBody, TypeRef};

impl Model<'_> {
    /// The Swift type of `value`.
    pub fn swift_type(&self, value: &TypeRef) -> Result<String, Refusal> {
        Ok(match value {
            TypeRef::Unit => "WireUnit".to_string(),
            TypeRef::Bool => "Bool".to_string(),
            TypeRef::U8 => "UInt8".to_string(),
            TypeRef::U16 => "UInt16".to_string(),
            TypeRef::U32 => "UInt32".to_string(),
            TypeRef::U64 => "UInt64".to_string(),
            TypeRef::U128 => "WireUInt128".to_string(),
            TypeRef::I8 => "Int8".to_string(),
            TypeRef::I16 => "Int16".to_string(),
            TypeRef::I32 => "Int32".to_string(),
            TypeRef::I64 => "Int64".to_string(),
            TypeRef::I128 => "WireInt128".to_string(),
            TypeRef::F32 => "Float".to_string(),
            TypeRef::F64 => "Double".to_string(),
            TypeRef::Char => "Unicode.Scalar".to_string(),
            TypeRef::String => "String".to_string(),
            TypeRef::Bytes => "Data".to_string(),
            TypeRef::SystemTime => "Date".to_string(),
            TypeRef::Duration => {
                if self.settings.floor >= Version::SWIFT_DURATION {
                    "Swift.Duration".to_string()
                } else {
                    "UndraDuration".to_string()
                }
            }
            TypeRef::Option(inner) => format!("{}?", self.swift_type(inner)?),
            TypeRef::Seq(inner) => format!("[{}]", self.swift_type(inner)?),
            TypeRef::Set(inner) => format!("Set<{}>", self.swift_type(inner)?),
            TypeRef::Map(key, value) => format!("[{}: {}]", self.swift_type(key)?, self.swift_type(value)?),
            TypeRef::Tuple(elements) => {
                if elements.len() > 4 {
                    return Err(Refusal::new(
                        codes::TUPLE_TOO_LONG,
                        format!(
                            "a tuple of {} elements ({}): Swift tuples cannot be wire types, and UndraRuntime's WireTuple2 to \
                             WireTuple4 stop at four; make it a struct",
                            elements.len(),
                            self.rust_type(value)
                        ),
                    ));
                }
                let elements = elements.iter().map(|e| self.swift_type(e)).collect::<Result<Vec<_>, _>>()?;
                format!("WireTuple{}<{}>", elements.len(), elements.join(", "))
            }
            TypeRef::Result(success, failure) => {
                format!("WireResult<{}, {}>", self.swift_type(success)?, self.failure_type(failure)?)
            }
            TypeRef::Named(name) => escaped(name),
        })
    }

    /// The Swift type of a command's failure: an `Error`. A named type is one (the generator
    /// declares it so); any other is carried by `WireFailure`.
    pub fn failure_type(&self, failure: &TypeRef) -> Result<String, Refusal> {
        match failure {
            TypeRef::Named(name) => Ok(escaped(name)),
            other => Ok(format!("WireFailure<{}>", self.swift_type(other)?)),
        }
    }

    /// How Rust writes `value`, for messages.
    pub fn rust_type(&self, value: &TypeRef) -> String {
        match value {
            TypeRef::Unit => "()".to_string(),
            TypeRef::Option(inner) => format!("Option<{}>", self.rust_type(inner)),
            TypeRef::Seq(inner) => format!("Vec<{}>", self.rust_type(inner)),
            TypeRef::Set(inner) => format!("HashSet<{}>", self.rust_type(inner)),
            TypeRef::Map(key, value) => format!("HashMap<{}, {}>", self.rust_type(key), self.rust_type(value)),
            TypeRef::Tuple(elements) => {
                format!("({})", elements.iter().map(|e| self.rust_type(e)).collect::<Vec<_>>().join(", "))
            }
            TypeRef::Result(success, failure) => {
                format!("Result<{}, {}>", self.rust_type(success), self.rust_type(failure))
            }
            TypeRef::Named(name) => name.clone(),
            TypeRef::String => "String".to_string(),
            TypeRef::Bytes => "ByteBuf".to_string(),
            TypeRef::Duration => "Duration".to_string(),
            TypeRef::SystemTime => "SystemTime".to_string(),
            other => format!("{other:?}").to_lowercase(),
        }
    }

    /// The expression that reads a `value` from `reader`: through `reader.nested` when the value
    /// can hold the type being read (`holds`), so that input nested past `WireReader.maximumDepth`
    /// is an error, not a stack overflow.
    pub fn read_expression(&self, value: &TypeRef, holds: Option<&str>) -> Result<String, Refusal> {
        let swift = self.swift_type(value)?;
        let constructor = match value {
            TypeRef::Option(inner) => format!("Optional<{}>", self.swift_type(inner)?),
            _ => swift,
        };
        let read = format!("{constructor}(from: &reader)");
        Ok(match holds {
            Some(name) if self.reaches(value, name) => {
                format!("reader.nested {{ reader throws(WireError) in try {read} }}")
            }
            _ => read,
        })
    }

    /// Whether `value` names `name`, or a type that names it (through any container).
    pub fn reaches(&self, value: &TypeRef, name: &str) -> bool {
        let mut seen = std::collections::BTreeSet::new();
        self.reaches_from(value, name, &mut seen)
    }

    fn reaches_from(&self, value: &TypeRef, name: &str, seen: &mut std::collections::BTreeSet<String>) -> bool {
        self.references(value).iter().any(|referenced| {
            referenced == name
                || (seen.insert(referenced.clone())
                    && self.definitions.get(referenced).is_some_and(|definition| {
                        definition_references(&definition.body).iter().any(|inner| self.reaches_from(inner, name, seen))
                    }))
        })
    }

    /// The named types `value` mentions, directly or in containers.
    pub fn references(&self, value: &TypeRef) -> Vec<String> {
        let mut names = vec![];
        collect_names(value, &mut names);
        names
    }

    /// The shape of `value` as a Swift expression. `enclosing`: the named types whose shape is
    /// being written out (a recursive type's, in full), innermost last: a reference to one of
    /// them is `.recursion(depth:)`.
    pub fn shape_expression(&self, value: &TypeRef, enclosing: &mut Vec<String>) -> Result<String, Refusal> {
        Ok(match value {
            TypeRef::Unit => ".unit".to_string(),
            TypeRef::Bool => ".bool".to_string(),
            TypeRef::U8 => ".u8".to_string(),
            TypeRef::U16 => ".u16".to_string(),
            TypeRef::U32 => ".u32".to_string(),
            TypeRef::U64 => ".u64".to_string(),
            TypeRef::U128 => ".u128".to_string(),
            TypeRef::I8 => ".i8".to_string(),
            TypeRef::I16 => ".i16".to_string(),
            TypeRef::I32 => ".i32".to_string(),
            TypeRef::I64 => ".i64".to_string(),
            TypeRef::I128 => ".i128".to_string(),
            TypeRef::F32 => ".f32".to_string(),
            TypeRef::F64 => ".f64".to_string(),
            TypeRef::Char => ".char".to_string(),
            TypeRef::String => ".string".to_string(),
            TypeRef::Bytes => ".bytes".to_string(),
            TypeRef::Duration => "UndraDuration.wireShape".to_string(),
            TypeRef::SystemTime => "Date.wireShape".to_string(),
            TypeRef::Option(inner) => format!(".option({})", self.shape_expression(inner, enclosing)?),
            TypeRef::Seq(inner) | TypeRef::Set(inner) => format!(".seq({})", self.shape_expression(inner, enclosing)?),
            TypeRef::Map(key, value) => {
                format!(
                    ".map(key: {}, value: {})",
                    self.shape_expression(key, enclosing)?,
                    self.shape_expression(value, enclosing)?
                )
            }
            TypeRef::Tuple(elements) => {
                let elements =
                    elements.iter().map(|e| self.shape_expression(e, enclosing)).collect::<Result<Vec<_>, _>>()?;
                format!(".tuple([{}])", elements.join(", "))
            }
            TypeRef::Result(success, failure) => {
                // `Result` is a named enum to the trace: it counts among the enclosing types.
                enclosing.push("Result".to_string());
                let ok = self.shape_expression(success, enclosing)?;
                let err = self.shape_expression(failure, enclosing)?;
                enclosing.pop();
                format!(".enumeration([WireVariant(\"ok\", {ok}), WireVariant(\"err\", {err})])")
            }
            TypeRef::Named(name) => {
                if let Some(position) = enclosing.iter().rposition(|e| e == name) {
                    format!(".recursion(depth: {})", enclosing.len() - 1 - position)
                } else if self.recursive.contains(name) {
                    self.body_shape(name, enclosing)?
                } else {
                    format!("{}.wireShape", escaped(name))
                }
            }
        })
    }

    /// The shape of the named type `name`, written out (its fields' or variants' shapes).
    pub fn body_shape(&self, name: &str, enclosing: &mut Vec<String>) -> Result<String, Refusal> {
        let definition = &self.definitions[name];
        // A unit struct is no enclosing type to the trace (it reads nothing).
        let counts = !matches!(definition.body, TypeBody::Struct(Payload::Unit));
        if counts {
            enclosing.push(name.to_string());
        }
        let shape = match &definition.body {
            TypeBody::Struct(payload) => self.payload_shape(payload, enclosing)?,
            TypeBody::Enum(variants) => {
                let mut parts = vec![];
                for variant in variants {
                    parts.push(format!(
                        "WireVariant(\"{}\", {})",
                        variant.name,
                        self.payload_shape(&variant.payload, enclosing)?
                    ));
                }
                format!(".enumeration([{}])", parts.join(", "))
            }
        };
        if counts {
            enclosing.pop();
        }
        Ok(shape)
    }

    /// The shape of a payload: its fields as a struct's, a tuple's, the one field's, or `unit`.
    pub fn payload_shape(&self, payload: &Payload, enclosing: &mut Vec<String>) -> Result<String, Refusal> {
        Ok(match payload {
            Payload::Unit => ".unit".to_string(),
            Payload::Newtype(value) => self.shape_expression(value, enclosing)?,
            Payload::Tuple(values) => {
                let values =
                    values.iter().map(|v| self.shape_expression(v, enclosing)).collect::<Result<Vec<_>, _>>()?;
                format!(".fields([{}])", values.join(", "))
            }
            Payload::Struct(fields) => {
                let mut parts = vec![];
                for field in fields {
                    parts.push(format!(
                        "WireField(\"{}\", {})",
                        field.name,
                        self.shape_expression(&field.value, enclosing)?
                    ));
                }
                format!(".fields([{}])", parts.join(", "))
            }
        })
    }

    /// The fewest bytes a `value` takes: what a sequence's length is checked against.
    pub fn minimum_size(&self, value: &TypeRef, enclosing: &mut Vec<String>) -> usize {
        match value {
            TypeRef::Unit => 0,
            TypeRef::Bool | TypeRef::U8 | TypeRef::I8 | TypeRef::Char => 1,
            TypeRef::U16 | TypeRef::I16 => 2,
            TypeRef::U32 | TypeRef::I32 | TypeRef::F32 => 4,
            TypeRef::U64 | TypeRef::I64 | TypeRef::F64 => 8,
            TypeRef::U128 | TypeRef::I128 => 16,
            TypeRef::String | TypeRef::Bytes | TypeRef::Seq(_) | TypeRef::Set(_) | TypeRef::Map(_, _) => 8,
            TypeRef::Duration | TypeRef::SystemTime => 12,
            TypeRef::Option(_) => 1,
            TypeRef::Result(_, _) => 4,
            TypeRef::Tuple(elements) => elements.iter().map(|e| self.minimum_size(e, enclosing)).sum(),
            TypeRef::Named(name) => {
                if enclosing.contains(name) {
                    return 0;
                }
                match &self.definitions[name].body {
                    TypeBody::Enum(_) => 4,
                    TypeBody::Struct(payload) => {
                        enclosing.push(name.clone());
                        let size = match payload {
                            Payload::Unit => 0,
                            Payload::Newtype(value) => self.minimum_size(value, enclosing),
                            Payload::Tuple(values) => values.iter().map(|v| self.minimum_size(v, enclosing)).sum(),
                            Payload::Struct(fields) => {
                                fields.iter().map(|f| self.minimum_size(&f.value, enclosing)).sum()
                            }
                        };
                        enclosing.pop();
                        size
                    }
                }
            }
        }
    }

    /// The value a field of type `value` holds before the core's first snapshot: zero, empty,
    /// false, nil; for a named type, its `placeholder` (a struct of such values; an enum's first
    /// case that does not hold the enum itself).
    pub fn initial_value(&self, value: &TypeRef) -> Result<String, Refusal> {
        Ok(match value {
            TypeRef::Unit => "WireUnit()".to_string(),
            TypeRef::Bool => "false".to_string(),
            TypeRef::U8
            | TypeRef::U16
            | TypeRef::U32
            | TypeRef::U64
            | TypeRef::I8
            | TypeRef::I16
            | TypeRef::I32
            | TypeRef::I64 => "0".to_string(),
            TypeRef::F32 | TypeRef::F64 => "0".to_string(),
            TypeRef::U128 => "WireUInt128(low: 0, high: 0)".to_string(),
            TypeRef::I128 => "WireInt128(low: 0, high: 0)".to_string(),
            TypeRef::Char => "\"\\0\"".to_string(),
            TypeRef::String => "\"\"".to_string(),
            TypeRef::Bytes => "Data()".to_string(),
            TypeRef::Duration => ".zero".to_string(),
            TypeRef::SystemTime => "Date(timeIntervalSince1970: 0)".to_string(),
            TypeRef::Option(_) => "nil".to_string(),
            TypeRef::Seq(_) | TypeRef::Set(_) => "[]".to_string(),
            TypeRef::Map(_, _) => "[:]".to_string(),
            TypeRef::Tuple(elements) => {
                let elements = elements.iter().map(|e| self.initial_value(e)).collect::<Result<Vec<_>, _>>()?;
                format!("{}({})", self.swift_type(value)?, elements.join(", "))
            }
            TypeRef::Result(success, _) => format!(".ok({})", self.initial_value(success)?),
            TypeRef::Named(name) => format!("{}.placeholder", escaped(name)),
        })
    }

    /// The named types whose `placeholder` a field's initial value uses: those of the scalar
    /// fields' values, and of what their placeholders hold.
    pub fn placeholder_types(&self) -> std::collections::BTreeSet<String> {
        let mut found = std::collections::BTreeSet::new();
        let mut pending: Vec<TypeRef> = vec![];
        for store in &self.description.stores {
            for field in &store.fields {
                if let undra_core::FieldKind::Scalar(value) = &field.kind {
                    pending.push(value.clone());
                }
            }
        }
        while let Some(value) = pending.pop() {
            for name in self.initial_references(&value) {
                if found.insert(name.clone()) {
                    pending.extend(self.placeholder_values(&name).into_iter().cloned());
                }
            }
        }
        found
    }

    /// The named types an initial value of `value` names directly (not inside an empty container).
    fn initial_references(&self, value: &TypeRef) -> Vec<String> {
        match value {
            TypeRef::Tuple(elements) => elements.iter().flat_map(|e| self.initial_references(e)).collect(),
            TypeRef::Result(success, _) => self.initial_references(success),
            TypeRef::Named(name) => vec![name.clone()],
            _ => vec![],
        }
    }

    /// The values the placeholder of `name` holds: every field of a struct, the chosen case's.
    fn placeholder_values(&self, name: &str) -> Vec<&TypeRef> {
        match &self.definitions[name].body {
            TypeBody::Struct(payload) => payload_values(payload),
            TypeBody::Enum(_) => payload_values(&self.placeholder_case(name).payload),
        }
    }

    /// The case an enum's placeholder is: the first that does not hold the enum itself.
    fn placeholder_case(&self, name: &str) -> &undra_core::VariantDefinition {
        let TypeBody::Enum(variants) = &self.definitions[name].body else { unreachable!("an enum") };
        variants
            .iter()
            .find(|v| payload_values(&v.payload).iter().all(|value| !self.reaches(value, name)))
            .unwrap_or(&variants[0])
    }

    /// The expression of the named type's placeholder: each field's initial value.
    pub fn placeholder_arguments(&self, name: &str) -> Result<(String, Vec<String>), Refusal> {
        let type_name = escaped(name);
        let initial = |value: &TypeRef| self.initial_value(value);
        Ok(match &self.definitions[name].body {
            TypeBody::Struct(Payload::Unit) => (format!("{type_name}("), vec![]),
            TypeBody::Struct(Payload::Newtype(inner)) => (format!("{type_name}("), vec![initial(inner)?]),
            TypeBody::Struct(Payload::Tuple(values)) => {
                (format!("{type_name}("), values.iter().map(initial).collect::<Result<_, _>>()?)
            }
            TypeBody::Struct(Payload::Struct(fields)) => (
                format!("{type_name}("),
                fields
                    .iter()
                    .map(|f| Ok(format!("{}: {}", label(&lower_camel(&f.name)), initial(&f.value)?)))
                    .collect::<Result<_, Refusal>>()?,
            ),
            TypeBody::Enum(_) => {
                let variant = self.placeholder_case(name);
                let case = format!("{type_name}.{}", escaped(&lower_camel(&variant.name)));
                match &variant.payload {
                    Payload::Unit => (case, vec![]),
                    Payload::Newtype(inner) => (format!("{case}("), vec![initial(inner)?]),
                    Payload::Tuple(values) => {
                        (format!("{case}("), values.iter().map(initial).collect::<Result<_, _>>()?)
                    }
                    Payload::Struct(fields) => (
                        format!("{case}("),
                        fields
                            .iter()
                            .map(|f| Ok(format!("{}: {}", label(&lower_camel(&f.name)), initial(&f.value)?)))
                            .collect::<Result<_, Refusal>>()?,
                    ),
                }
            }
        })
    }
}

/// The values of a payload's fields.
pub fn payload_values(payload: &Payload) -> Vec<&TypeRef> {
    match payload {
        Payload::Unit => vec![],
        Payload::Newtype(value) => vec![value],
        Payload::Tuple(values) => values.iter().collect(),
        Payload::Struct(fields) => fields.iter().map(|f| &f.value).collect(),
    }
}

/// The values a definition's fields or variants hold.
pub fn definition_references(body: &TypeBody) -> Vec<&TypeRef> {
    match body {
        TypeBody::Struct(payload) => payload_values(payload),
        TypeBody::Enum(variants) => variants.iter().flat_map(|v| payload_values(&v.payload)).collect(),
    }
}

fn collect_names(value: &TypeRef, names: &mut Vec<String>) {
    match value {
        TypeRef::Option(inner) | TypeRef::Seq(inner) | TypeRef::Set(inner) => collect_names(inner, names),
        TypeRef::Map(key, value) | TypeRef::Result(key, value) => {
            collect_names(key, names);
            collect_names(value, names);
        }
        TypeRef::Tuple(elements) => elements.iter().for_each(|e| collect_names(e, names)),
        TypeRef::Named(name) => names.push(name.clone()),
        _ => {}
    }
}
