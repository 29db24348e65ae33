//! A store's schema as both sides describe it (docs/WIRE.md, "The schema hash"): the description's
//! lines and their FNV-1a hash, computed from the store's types.

use crate::shape::{normalize, Field, Shape, Variant};
use crate::trace::{shape_of, ShapeError};
use crate::Store;
use std::fmt;

/// A store's schema: its description (`undra-schema 2`, `store …`, one line per field, `command …`,
/// `outcome …`) and the description's hash, which its snapshots carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schema {
    /// The lines, joined by `\n` (none after the last).
    pub description: String,
    /// The description's 64-bit FNV-1a ([`fnv1a`]).
    pub hash: u64,
}

impl Schema {
    /// The description's version, its first line's number: 2 since struct fields are named.
    pub const VERSION: u32 = 2;

    /// The schema of store `S`: its name, its op enum's variants as fields (a variant holding a
    /// [`ListOp`](crate::ListOp) is a list field, any other a scalar), its command and outcome
    /// enums. Cost: tracing the three types (see [`shape_of`]).
    pub fn of<S: Store>() -> Result<Schema, ShapeError> {
        Ok(Schema::new(S::NAME, &shape_of::<S::Op>()?, &shape_of::<S::Command>()?, &shape_of::<S::Outcome>()?))
    }

    /// The schema of a store named `store` whose op enum, command and outcome have these shapes.
    pub fn new(store: &str, ops: &Shape, command: &Shape, outcome: &Shape) -> Schema {
        let mut lines = vec![format!("undra-schema {}", Schema::VERSION), format!("store {}", normalize(store))];
        let fields: &[Variant] = match ops {
            Shape::Enum(variants) => variants,
            _ => &[],
        };
        for (id, field) in fields.iter().enumerate() {
            lines.push(match list_types(&field.shape) {
                Some((key, row)) => format!("field {id} {} list {key} {row}", field.name),
                None => format!("field {id} {} scalar {}", field.name, field.shape),
            });
        }
        lines.push(format!("command {command}"));
        lines.push(format!("outcome {outcome}"));
        Schema::from_description(lines.join("\n"))
    }

    /// The schema a description describes (its hash computed).
    pub fn from_description(description: String) -> Schema {
        let hash = fnv1a(description.as_bytes());
        Schema { description, hash }
    }
}

impl fmt::Display for Schema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

/// The 64-bit FNV-1a hash of `bytes`: from `0xcbf29ce484222325`, each byte XORed in, then the
/// product with `0x100000001b3` (wrapping).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The key and row shapes of a `ListOp<K, R>`'s shape, if `shape` is one: `enum{reset:seq<(K,R)>|
/// insert:(rows:seq<(K,R)>,before:option<K>)|update:(K,R)|remove:seq<K>|move:(key:K,before:option<K>)}`.
fn list_types(shape: &Shape) -> Option<(&Shape, &Shape)> {
    let Shape::Enum(variants) = shape else { return None };
    let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    if names != ["reset", "insert", "update", "remove", "move"] {
        return None;
    }
    let Shape::Tuple(pair) = &variants[2].shape else { return None };
    let [key, row] = pair.as_slice() else { return None };
    let rows = Shape::Seq(Box::new(Shape::Tuple(vec![key.clone(), row.clone()])));
    let before = Shape::Option(Box::new(key.clone()));
    let expected = [
        rows.clone(),
        Shape::Struct(vec![Field::new("rows", rows), Field::new("before", before.clone())]),
        Shape::Tuple(vec![key.clone(), row.clone()]),
        Shape::Seq(Box::new(key.clone())),
        Shape::Struct(vec![Field::new("key", key.clone()), Field::new("before", before)]),
    ];
    variants.iter().zip(&expected).all(|(variant, expected)| variant.shape == *expected).then_some((key, row))
}
