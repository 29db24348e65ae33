//! A named Rust type as a Swift type: a struct (of any form) or an enum, with its `WireCodable`
//! conformance in the hand-written fast form (`init(from reader:)`, `encode(to:)`).

use super::code::Code;
use super::names::{escaped, label, lower_camel};
use super::Model;
use crate::refusal::Refusal;
use undra_core::{Payload, TypeBody, TypeRef, VariantDefinition};

/// Items on one line if it stays short, else one per line.
pub fn list(code: &mut Code, opening: &str, items: &[String], closing: &str) {
    let one_line = format!("{opening}{}{closing}", items.join(", "));
    if one_line.len() <= 110 || items.is_empty() {
        code.line(one_line);
    } else {
        code.line(opening);
        code.indented(|code| {
            for item in items {
                code.line(format!("{item},"));
            }
        });
        code.line(closing);
    }
}

/// A shape expression, its top-level list one item a line when it is long.
pub fn shape_lines(code: &mut Code, shape: &str) {
    for opening in [".fields([", ".enumeration(["] {
        if let Some(inner) = shape.strip_prefix(opening).and_then(|rest| rest.strip_suffix("])")) {
            let mut items = vec![];
            let (mut depth, mut start) = (0i32, 0);
            for (offset, character) in inner.char_indices() {
                match character {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth -= 1,
                    '"' => {}
                    ',' if depth == 0 => {
                        items.push(inner[start..offset].trim().to_string());
                        start = offset + 1;
                    }
                    _ => {}
                }
            }
            items.push(inner[start..].trim().to_string());
            list(code, opening, &items, "])");
            return;
        }
    }
    code.line(shape);
}

/// A variant or a command, as an enum case: its Swift name, its Rust name, and its fields.
pub struct Case<'p> {
    pub swift: String,
    pub rust: String,
    pub payload: &'p Payload,
}

impl Model<'_> {
    /// The file declaring the named type `name`.
    pub fn declaration_file(&self, name: &str) -> Result<String, Refusal> {
        let definition = &self.definitions[name];
        let values = super::types::definition_references(&definition.body);
        let mut code = Code::new();
        code.line(self.header().trim_end());
        code.line("");
        code.line(self.imports(&values).trim_end());
        code.line("");
        match &definition.body {
            TypeBody::Struct(payload) => self.struct_declaration(&mut code, name, payload)?,
            TypeBody::Enum(variants) => self.enum_declaration(&mut code, name, variants)?,
        }
        if self.placeholders.contains(name) {
            let (opening, arguments) = self.placeholder_arguments(name)?;
            code.line("");
            code.block(format!("extension {}", escaped(name)), |code| {
                code.doc("What a field of this type holds before the core's first snapshot.");
                if opening.ends_with('(') {
                    list(code, &format!("static let placeholder = {opening}"), &arguments, ")");
                } else {
                    code.line(format!("static let placeholder = {opening}"));
                }
            });
        }
        Ok(code.finish())
    }

    fn conformances(&self, name: &str) -> String {
        let mut conformances = vec![];
        if self.errors.contains(name) {
            conformances.push("Error");
        }
        conformances.extend(["Hashable", "Sendable"]);
        if self.identifiable.contains(name) {
            conformances.push("Identifiable");
        }
        conformances.join(", ")
    }

    fn struct_declaration(&self, code: &mut Code, name: &str, payload: &Payload) -> Result<(), Refusal> {
        let swift = escaped(name);
        let members: Vec<(String, &TypeRef, String)> = match payload {
            Payload::Unit => vec![],
            Payload::Newtype(value) => {
                vec![("rawValue".to_string(), value, format!("the `{}` it wraps", self.rust_type(value)))]
            }
            Payload::Tuple(values) => values
                .iter()
                .enumerate()
                .map(|(index, value)| {
                    (format!("value{index}"), value, format!("field {index}: `{}`", self.rust_type(value)))
                })
                .collect(),
            Payload::Struct(fields) => fields
                .iter()
                .map(|field| {
                    (
                        escaped(&lower_camel(&field.name)),
                        &field.value,
                        format!("`{}: {}`", field.name, self.rust_type(&field.value)),
                    )
                })
                .collect(),
        };
        let kind = match payload {
            Payload::Unit => "a unit struct",
            Payload::Newtype(_) => "a newtype",
            Payload::Tuple(_) => "a tuple struct",
            Payload::Struct(_) => "a struct",
        };
        code.doc(format!("The core's `{name}`, {kind}."));
        code.block(format!("public struct {swift}: {}", self.conformances(name)), |code| {
            for (member, value, doc) in &members {
                code.doc(format!("Rust: {doc}."));
                let wrapper = if self.indirect_fields.contains(&(name.to_string(), self.rust_member(payload, member))) {
                    "@Indirect "
                } else {
                    ""
                };
                code.line(format!("{wrapper}public var {member}: {}", self.swift_type(value).unwrap_or_default()));
            }
            if !members.is_empty() {
                code.line("");
            }
            let parameters: Vec<String> = members
                .iter()
                .map(|(member, value, _)| {
                    // A labelled parameter's name is its label (a keyword needs no backticks there).
                    let parameter = if matches!(payload, Payload::Struct(_)) {
                        label(member.trim_matches('`'))
                    } else {
                        format!("_ {member}")
                    };
                    format!("{parameter}: {}", self.swift_type(value).unwrap_or_default())
                })
                .collect();
            let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) { "An" } else { "A" };
            code.doc(format!("{article} `{name}` of these fields."));
            code.list_block("public init", &parameters, "", |code| {
                for (member, _, _) in &members {
                    code.line(format!("self.{member} = {member}"));
                }
            });
        });
        // Types are checked here, where an error can be returned.
        for (_, value, _) in &members {
            self.swift_type(value)?;
        }
        code.line("");
        code.block(format!("extension {swift}: WireCodable"), |code| {
            code.block("public init(from reader: inout WireReader) throws(WireError)", |code| {
                for (member, value, _) in &members {
                    code.line(format!(
                        "{member} = try {}",
                        self.read_expression(value, Some(name)).unwrap_or_default()
                    ));
                }
            });
            code.line("");
            code.block("public func encode(to writer: inout WireWriter)", |code| {
                for (member, _, _) in &members {
                    code.line(format!("{member}.encode(to: &writer)"));
                }
            });
            code.line("");
            let size = self.minimum_size(&TypeRef::Named(name.to_string()), &mut vec![]);
            code.line(format!("public static var minimumWireSize: Int {{ {size} }}"));
            code.line("");
            self.shape_property(code, name);
        });
        Ok(())
    }

    /// The Rust name of a struct's member `member` (the Swift name of a field), for lookups.
    fn rust_member(&self, payload: &Payload, member: &str) -> String {
        match payload {
            Payload::Struct(fields) => fields
                .iter()
                .find(|f| escaped(&lower_camel(&f.name)) == member)
                .map_or_else(|| member.to_string(), |f| f.name.clone()),
            _ => member.to_string(),
        }
    }

    fn shape_property(&self, code: &mut Code, name: &str) {
        let shape = self.body_shape(name, &mut vec![]).unwrap_or_default();
        if shape.len() <= 70 {
            code.line(format!("public static var wireShape: WireShape {{ {shape} }}"));
        } else {
            code.block("public static var wireShape: WireShape", |code| shape_lines(code, &shape));
        }
    }

    fn enum_declaration(&self, code: &mut Code, name: &str, variants: &[VariantDefinition]) -> Result<(), Refusal> {
        let swift = escaped(name);
        let cases: Vec<Case> = variants
            .iter()
            .map(|v| Case {
                swift: escaped(&lower_camel(&v.name)),
                rust: self.rust_case(&v.name, &v.payload),
                payload: &v.payload,
            })
            .collect();
        let indirect = if self.recursive.contains(name) { "indirect " } else { "" };
        code.doc(format!("The core's `{name}`, an enum."));
        let mut failure = None;
        code.block(format!("public {indirect}enum {swift}: {}", self.conformances(name)), |code| {
            if let Err(error) = self.case_declarations(code, &cases) {
                failure = Some(error);
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        code.line("");
        code.block(format!("extension {swift}: WireCodable"), |code| {
            self.enum_coding(code, name, &cases, Some(name));
            code.line("");
            code.line("public static var minimumWireSize: Int { 4 }");
            code.line("");
            self.shape_property(code, name);
        });
        Ok(())
    }

    /// How Rust writes a variant: `EmptyTitle`, `NotFound(TodoId)`, `Add { title: String }`.
    pub fn rust_case(&self, name: &str, payload: &Payload) -> String {
        match payload {
            Payload::Unit => name.to_string(),
            Payload::Newtype(value) => format!("{name}({})", self.rust_type(value)),
            Payload::Tuple(values) => {
                format!("{name}({})", values.iter().map(|v| self.rust_type(v)).collect::<Vec<_>>().join(", "))
            }
            Payload::Struct(fields) => format!(
                "{name} {{ {} }}",
                fields
                    .iter()
                    .map(|f| format!("{}: {}", f.name, self.rust_type(&f.value)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The cases of an enum, each with its fields: labelled where Rust names them.
    pub fn case_declarations(&self, code: &mut Code, cases: &[Case]) -> Result<(), Refusal> {
        for case in cases {
            code.doc(format!("Rust: `{}`.", case.rust));
            let fields = match case.payload {
                Payload::Unit => String::new(),
                Payload::Newtype(value) => format!("({})", self.swift_type(value)?),
                Payload::Tuple(values) => {
                    format!(
                        "({})",
                        values.iter().map(|v| self.swift_type(v)).collect::<Result<Vec<_>, _>>()?.join(", ")
                    )
                }
                Payload::Struct(fields) => {
                    let mut parts = vec![];
                    for field in fields {
                        parts.push(format!("{}: {}", label(&lower_camel(&field.name)), self.swift_type(&field.value)?));
                    }
                    format!("({})", parts.join(", "))
                }
            };
            code.line(format!("case {}{fields}", case.swift));
        }
        Ok(())
    }

    /// `init(from:)` and `encode(to:)` of an enum whose cases are `cases`. `holds`: the type
    /// whose values nest (a recursive enum's own name).
    pub fn enum_coding(&self, code: &mut Code, rust_name: &str, cases: &[Case], holds: Option<&str>) {
        code.block("public init(from reader: inout WireReader) throws(WireError)", |code| {
            let read_case = |case: &Case| -> String {
                let read = |value: &TypeRef| format!("try {}", self.read_expression(value, holds).unwrap_or_default());
                let arguments = match case.payload {
                    Payload::Unit => return format!("self = .{}", case.swift),
                    Payload::Newtype(value) => read(value),
                    Payload::Tuple(values) => values.iter().map(read).collect::<Vec<_>>().join(", "),
                    Payload::Struct(fields) => fields
                        .iter()
                        .map(|f| format!("{}: {}", label(&lower_camel(&f.name)), read(&f.value)))
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                format!("self = .{}({arguments})", case.swift)
            };
            if cases.len() == 1 {
                code.line(format!("_ = try reader.readVariant(of: \"{rust_name}\", count: 1)"));
                code.line(read_case(&cases[0]));
                return;
            }
            code.line(format!("switch try reader.readVariant(of: \"{rust_name}\", count: {}) {{", cases.len()));
            for (index, case) in cases.iter().enumerate() {
                let label = if index + 1 == cases.len() { "default:".to_string() } else { format!("case {index}:") };
                code.line(format!("{label} {}", read_case(case)));
            }
            code.line("}");
        });
        code.line("");
        code.block("public func encode(to writer: inout WireWriter)", |code| {
            code.line("switch self {");
            for (index, case) in cases.iter().enumerate() {
                let bindings = bindings(case.payload);
                let pattern = if bindings.is_empty() {
                    format!(".{}", case.swift)
                } else {
                    format!(
                        ".{}({})",
                        case.swift,
                        bindings.iter().map(|b| format!("let {b}")).collect::<Vec<_>>().join(", ")
                    )
                };
                code.line(format!("case {pattern}:"));
                code.indented(|code| {
                    code.line(format!("writer.writeVariant({index})"));
                    for binding in &bindings {
                        code.line(format!("{binding}.encode(to: &writer)"));
                    }
                });
            }
            code.line("}");
        });
    }
}

/// The names a case's fields are bound to in `encode(to:)`: Rust's field names, `value` for one
/// unnamed field, `value0`… for several (a name the function uses itself takes `Value`).
fn bindings(payload: &Payload) -> Vec<String> {
    match payload {
        Payload::Unit => vec![],
        Payload::Newtype(_) => vec!["value".to_string()],
        Payload::Tuple(values) => (0..values.len()).map(|index| format!("value{index}")).collect(),
        Payload::Struct(fields) => fields
            .iter()
            .map(|f| {
                let name = lower_camel(&f.name);
                if name == "writer" || name == "self" {
                    format!("{name}Value")
                } else {
                    escaped(&name)
                }
            })
            .collect(),
    }
}
