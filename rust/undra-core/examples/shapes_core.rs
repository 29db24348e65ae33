//! A store that holds every shape of docs/WIRE.md's table, for the generator's tests: built as a
//! shared library, it is what `undra bindgen` reads for Tests/Generated/Shapes, and the Swift
//! tests send its command a value of every shape and get it back as the core decoded it.
//! examples/shapes_vectors.rs writes the same values' bytes for the tests that run without Rust.

use serde_derive::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use undra_core::{ListOp, NoCoalesce, SingleStore, Store};

/// Bytes as serde's bytes (`serialize_bytes`), as `serde_bytes::ByteBuf` writes them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Blob(pub Vec<u8>);

impl serde::Serialize for Blob {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Blob {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Blob, D::Error> {
        struct Bytes;
        impl<'de> serde::de::Visitor<'de> for Bytes {
            type Value = Blob;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E>(self, bytes: &[u8]) -> Result<Blob, E> {
                Ok(Blob(bytes.to_vec()))
            }
            fn visit_byte_buf<E>(self, bytes: Vec<u8>) -> Result<Blob, E> {
                Ok(Blob(bytes))
            }
        }
        deserializer.deserialize_byte_buf(Bytes)
    }
}

/// A unit struct, named as a Swift keyword: written `Type` in backticks there.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct Type;

#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct Meters(pub f64);

#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct Pair(pub u8, pub String);

/// Every variant form, and names Swift reserves.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Figure {
    Empty,
    Circle(u32),
    Line(i8, String),
    Rect { w: u16, h: u16 },
    Default,
}

/// A recursive type: itself in a list, and in an `Option<Box<…>>`.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct Folder {
    pub name: String,
    pub children: Vec<Folder>,
    pub parent: Option<Box<Folder>>,
}

/// A recursive enum.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Expr {
    Num(i64),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
}

/// One value of every shape.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Everything {
    pub flag: bool,
    pub small: (u8, u16, u32, u64),
    pub signed: (i8, i16, i32, i64),
    pub wide: u128,
    pub wide_signed: i128,
    pub real: f32,
    pub double: f64,
    pub letter: char,
    pub text: String,
    pub blob: Blob,
    pub raw: Vec<u8>,
    pub nothing: (),
    pub marker: Type,
    pub meters: Meters,
    pub pair: Pair,
    pub maybe: Option<Option<String>>,
    pub list: Vec<i32>,
    pub set: BTreeSet<String>,
    pub map: BTreeMap<String, Vec<u16>>,
    pub figure: Figure,
    pub outcome: Result<u8, String>,
    pub wait: Duration,
    pub when: SystemTime,
    pub tree: Folder,
    pub expr: Expr,
    /// A Swift keyword as a field: `default` in backticks there.
    pub default: u8,
}

// One variant holds every shape at once, on purpose: the example is a test of shapes, not of size.
#[allow(clippy::large_enum_variant)]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ShapesOp {
    All(Everything),
    /// Every value kept.
    Log(NoCoalesce<String>),
    Folders(ListOp<u32, Folder>),
    /// A field named as a member the store has itself: `coreField` in Swift.
    Core(u8),
}

// One variant holds every shape at once, on purpose: the example is a test of shapes, not of size.
#[allow(clippy::large_enum_variant)]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ShapesCommand {
    /// Replaces `all`, answering with the value as the core decoded it.
    Replace(Everything),
    /// Fails with a plain string: `WireFailure<String>` in Swift.
    Refuse { reason: String },
    /// A command named as a member the store has itself: `runtimeCommand` in Swift.
    Runtime,
}

// One variant holds every shape at once, on purpose: the example is a test of shapes, not of size.
#[allow(clippy::large_enum_variant)]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ShapesOutcome {
    Replace(Result<Everything, String>),
    Refuse(Result<(), String>),
    Runtime(Result<u64, ()>),
}

/// The sample the tests send and expect back.
pub fn sample() -> Everything {
    let leaf = |name: &str| Folder { name: name.to_string(), children: vec![], parent: None };
    Everything {
        flag: true,
        small: (255, 65_535, 4_000_000_000, u64::MAX),
        signed: (-128, -32_768, i32::MIN, i64::MIN),
        wide: u128::MAX - 1,
        wide_signed: i128::MIN + 1,
        real: 1.5,
        double: -0.25,
        letter: 'é',
        text: "tea 🍵".to_string(),
        blob: Blob(vec![0, 1, 254, 255]),
        raw: vec![7, 8],
        nothing: (),
        marker: Type,
        meters: Meters(2.5),
        pair: Pair(3, "three".to_string()),
        maybe: Some(None),
        list: vec![-1, 0, 1],
        set: BTreeSet::from(["only".to_string()]),
        map: BTreeMap::from([("key".to_string(), vec![1, 2])]),
        figure: Figure::Rect { w: 4, h: 5 },
        outcome: Err("no".to_string()),
        wait: Duration::new(90, 500),
        when: UNIX_EPOCH + Duration::new(1_796_616_291, 500_000_000),
        tree: Folder { name: "root".to_string(), children: vec![leaf("a")], parent: Some(Box::new(leaf("up"))) },
        expr: Expr::Add(Box::new(Expr::Num(1)), Box::new(Expr::Neg(Box::new(Expr::Num(2))))),
        default: 9,
    }
}

pub struct Shapes {
    all: Everything,
    log: String,
}

impl Default for Shapes {
    fn default() -> Shapes {
        Shapes { all: sample(), log: String::new() }
    }
}

impl Store for Shapes {
    const NAME: &'static str = "Shapes";
    type Op = ShapesOp;
    type Command = ShapesCommand;
    type Outcome = ShapesOutcome;

    fn snapshot(&self) -> Vec<ShapesOp> {
        vec![
            ShapesOp::All(self.all.clone()),
            ShapesOp::Log(NoCoalesce(self.log.clone())),
            ShapesOp::Folders(ListOp::Reset(vec![(1, self.all.tree.clone())])),
            ShapesOp::Core(1),
        ]
    }

    fn command(&mut self, command: ShapesCommand, changes: &mut Vec<ShapesOp>) -> ShapesOutcome {
        match command {
            ShapesCommand::Replace(all) => {
                self.all = all.clone();
                self.log = "replaced".to_string();
                changes.push(ShapesOp::All(all.clone()));
                changes.push(ShapesOp::Log(NoCoalesce(self.log.clone())));
                ShapesOutcome::Replace(Ok(all))
            }
            ShapesCommand::Refuse { reason } => ShapesOutcome::Refuse(Err(reason)),
            ShapesCommand::Runtime => ShapesOutcome::Runtime(Ok(42)),
        }
    }
}

undra_core::export_core!(SingleStore<Shapes>, |_configuration: &[u8]| Some(SingleStore::new(
    undra_core::clock_epoch(),
    Shapes::default()
)));
