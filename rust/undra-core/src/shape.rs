//! A type's shape: what the schema hash sees of it (docs/WIRE.md, "The schema hash"). serde's
//! data model with what does not change the bytes taken out: type names are not part of it; enum
//! variant names are, and so are the names of a struct's fields when it has two or more (so that
//! two fields of one type swapped on one side fail at attach).

use std::fmt;

/// The shape of a type. Its `Display` is the canonical text the schema description is made of:
/// `(id:i64,title:string)`, `(i64,string,bool)`, `enum{ok:i64|err:unit}`, `seq<option<u8>>`.
///
/// [`shape_of`](crate::shape_of) computes it from a type's `Deserialize` implementation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // the primitives are serde's types of the same names
pub enum Shape {
    Bool,
    U8,
    U16,
    U32,
    U64,
    U128,
    I8,
    I16,
    I32,
    I64,
    I128,
    F32,
    F64,
    Char,
    /// `String`, `str`.
    String,
    /// `()`, a unit struct, a unit variant's payload, a struct or tuple of no fields.
    Unit,
    Option(Box<Shape>),
    /// A sequence: `Vec<T>`, a set, and bytes (`seq<u8>`).
    Seq(Box<Shape>),
    Map(Box<Shape>, Box<Shape>),
    /// Two or more fields in order, unnamed: a tuple, a tuple struct, a tuple variant's payload
    /// (build it with [`Shape::fields`]).
    Tuple(Vec<Shape>),
    /// Two or more named fields in order: a struct, a struct variant's payload (build it with
    /// [`Shape::named_fields`]).
    Struct(Vec<Field>),
    /// Variants in declaration order (variant index = position).
    Enum(Vec<Variant>),
    /// The n-th enclosing struct or enum (0 the innermost): a recursive type's reference to itself.
    Rec(usize),
}

/// One variant of an enum's shape: its normalized name and its payload's shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The variant's name, normalized ([`normalize`]).
    pub name: String,
    /// Its payload's shape: `unit`, the one field, or a tuple of the fields.
    pub shape: Shape,
}

impl Variant {
    /// A variant named `name`, normalized (see [`normalize`]).
    pub fn new(name: &str, shape: Shape) -> Variant {
        Variant { name: normalize(name), shape }
    }
}

/// One named field of a struct's shape: its normalized name and its shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    /// The field's name, normalized ([`normalize`]).
    pub name: String,
    /// Its shape.
    pub shape: Shape,
}

impl Field {
    /// A field named `name`, normalized (see [`normalize`]).
    pub fn new(name: &str, shape: Shape) -> Field {
        Field { name: normalize(name), shape }
    }
}

impl Shape {
    /// The shape of a struct, tuple or variant payload with these fields: `unit` for none, the
    /// field itself for one (a newtype's bytes are its field's), a tuple otherwise.
    pub fn fields(mut fields: Vec<Shape>) -> Shape {
        match fields.len() {
            0 => Shape::Unit,
            1 => fields.pop().expect("one field"),
            _ => Shape::Tuple(fields),
        }
    }

    /// The shape of a struct or struct variant payload with these named fields: `unit` for none,
    /// the field's shape for one (its bytes are the field's, and one field cannot be swapped
    /// with another), a [`Shape::Struct`] otherwise.
    pub fn named_fields(mut fields: Vec<Field>) -> Shape {
        match fields.len() {
            0 => Shape::Unit,
            1 => fields.pop().expect("one field").shape,
            _ => Shape::Struct(fields),
        }
    }
}

/// A name as the schema hash compares it: ASCII letters lowercased and every `_` removed, so that
/// Rust's `SetFilter` and `set_filter` and Swift's `setFilter` are one name.
pub fn normalize(name: &str) -> String {
    name.chars().filter(|c| *c != '_').map(|c| c.to_ascii_lowercase()).collect()
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Bool => f.write_str("bool"),
            Shape::U8 => f.write_str("u8"),
            Shape::U16 => f.write_str("u16"),
            Shape::U32 => f.write_str("u32"),
            Shape::U64 => f.write_str("u64"),
            Shape::U128 => f.write_str("u128"),
            Shape::I8 => f.write_str("i8"),
            Shape::I16 => f.write_str("i16"),
            Shape::I32 => f.write_str("i32"),
            Shape::I64 => f.write_str("i64"),
            Shape::I128 => f.write_str("i128"),
            Shape::F32 => f.write_str("f32"),
            Shape::F64 => f.write_str("f64"),
            Shape::Char => f.write_str("char"),
            Shape::String => f.write_str("string"),
            Shape::Unit => f.write_str("unit"),
            Shape::Option(inner) => write!(f, "option<{inner}>"),
            Shape::Seq(element) => write!(f, "seq<{element}>"),
            Shape::Map(key, value) => write!(f, "map<{key},{value}>"),
            Shape::Tuple(fields) => {
                f.write_str("(")?;
                for (index, field) in fields.iter().enumerate() {
                    if index > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{field}")?;
                }
                f.write_str(")")
            }
            Shape::Struct(fields) => {
                f.write_str("(")?;
                for (index, field) in fields.iter().enumerate() {
                    if index > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}:{}", field.name, field.shape)?;
                }
                f.write_str(")")
            }
            Shape::Enum(variants) => {
                f.write_str("enum{")?;
                for (index, variant) in variants.iter().enumerate() {
                    if index > 0 {
                        f.write_str("|")?;
                    }
                    write!(f, "{}:{}", variant.name, variant.shape)?;
                }
                f.write_str("}")
            }
            Shape::Rec(depth) => write!(f, "rec{depth}"),
        }
    }
}
