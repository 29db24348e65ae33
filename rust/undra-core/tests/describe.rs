//! A store described for the generator: its fields, commands and every type they reach, with
//! Rust's names, from the same traces as the schema hash; and what cannot be described.

mod common;

use common::*;
use serde_derive::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::time::Duration;
use undra_core::{
    describe, describe_core, DescribeErrorKind, FieldKind, ListOp, NamedField, NoCoalesce, Payload, Schema,
    SingleStore, Store, TypeBody, TypeRef, VariantDefinition, DESCRIPTION_FORMAT,
};

fn named(name: &str) -> TypeRef {
    TypeRef::Named(name.to_string())
}

fn field(name: &str, value: TypeRef) -> NamedField {
    NamedField { name: name.to_string(), value }
}

#[test]
fn the_todos_store_is_its_fields_commands_and_types_by_their_rust_names() {
    let store = describe::<Todos>(0).unwrap();
    assert_eq!(store.name, "Todos");
    assert_eq!(store.schema, TODOS_DESCRIPTION);
    assert_eq!(store.hash, Schema::of::<Todos>().unwrap().hash);
    let fields: Vec<(&str, u32, bool, &FieldKind)> =
        store.fields.iter().map(|f| (f.name.as_str(), f.id, f.coalesces, &f.kind)).collect();
    assert_eq!(
        fields,
        [
            ("Visible", 0, true, &FieldKind::List { key: named("TodoId"), row: named("Todo") }),
            ("Filter", 1, true, &FieldKind::Scalar(TypeRef::String)),
            ("Count", 2, true, &FieldKind::Scalar(TypeRef::I64)),
            ("LastEvent", 3, true, &FieldKind::Scalar(TypeRef::String)),
        ]
    );
    let commands: Vec<(&str, &Payload, &TypeRef, &TypeRef)> =
        store.commands.iter().map(|c| (c.name.as_str(), &c.payload, &c.success, &c.failure)).collect();
    assert_eq!(
        commands,
        [
            ("Add", &Payload::Struct(vec![field("title", TypeRef::String)]), &named("TodoId"), &named("TodoError")),
            ("Toggle", &Payload::Newtype(named("TodoId")), &TypeRef::Unit, &named("TodoError")),
            ("SetFilter", &Payload::Newtype(TypeRef::String), &TypeRef::Unit, &named("TodoError")),
        ]
    );
    let types: Vec<(&str, &TypeBody)> = store.types.iter().map(|t| (t.name.as_str(), &t.body)).collect();
    assert_eq!(
        types,
        [
            ("TodoId", &TypeBody::Struct(Payload::Newtype(TypeRef::I64))),
            (
                "Todo",
                &TypeBody::Struct(Payload::Struct(vec![
                    field("id", named("TodoId")),
                    field("title", TypeRef::String),
                    field("done", TypeRef::Bool)
                ]))
            ),
            (
                "TodoError",
                &TypeBody::Enum(vec![
                    VariantDefinition { name: "EmptyTitle".to_string(), payload: Payload::Unit },
                    VariantDefinition { name: "NotFound".to_string(), payload: Payload::Newtype(named("TodoId")) },
                    VariantDefinition { name: "UnknownFilter".to_string(), payload: Payload::Newtype(TypeRef::String) },
                ])
            ),
        ]
    );
}

#[test]
fn a_core_describes_each_of_its_stores_by_index() {
    let mut core = SingleStore::new(1, Todos::default());
    let description = describe_core(&mut core).unwrap();
    assert_eq!(description.format, DESCRIPTION_FORMAT);
    assert_eq!(description.stores.len(), 1);
    assert_eq!(description.stores[0], describe::<Todos>(0).unwrap());
}

/// A custom `Deserialize` that reads bytes (as `serde_bytes` does).
#[derive(Debug, Clone, PartialEq)]
struct Blob;

impl<'de> serde::Deserialize<'de> for Blob {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Blob, D::Error> {
        struct Bytes;
        impl<'de> serde::de::Visitor<'de> for Bytes {
            type Value = Blob;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E>(self, _: &[u8]) -> Result<Blob, E> {
                Ok(Blob)
            }
        }
        deserializer.deserialize_bytes(Bytes)
    }
}

impl serde::Serialize for Blob {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&[])
    }
}

/// A type with a `Deserialize` of its own that reads exactly 16 bytes, as `uuid::Uuid` does.
#[derive(Debug, Clone, PartialEq)]
struct Uuid([u8; 16]);

impl<'de> serde::Deserialize<'de> for Uuid {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Uuid, D::Error> {
        struct Sixteen;
        impl<'de> serde::de::Visitor<'de> for Sixteen {
            type Value = Uuid;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("16 bytes")
            }
            fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<Uuid, E> {
                let bytes: [u8; 16] = bytes.try_into().map_err(|_| E::invalid_length(bytes.len(), &self))?;
                Ok(Uuid(bytes))
            }
        }
        deserializer.deserialize_bytes(Sixteen)
    }
}

impl serde::Serialize for Uuid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

#[derive(Serialize, Deserialize)]
struct Unit;

#[derive(Serialize, Deserialize)]
#[allow(dead_code)]
struct Folder {
    name: String,
    children: Vec<Folder>,
}

#[derive(Serialize, Deserialize)]
#[allow(dead_code)]
struct Everything {
    tags: BTreeSet<String>,
    seen: HashSet<u32>,
    index: BTreeMap<String, Vec<i64>>,
    pair: (u8, String),
    wait: Option<Duration>,
    blob: Blob,
    id: Uuid,
    marker: Unit,
    tree: Folder,
}

#[derive(Serialize, Deserialize)]
#[allow(dead_code)]
enum ShapesOp {
    All(Everything),
    Log(NoCoalesce<String>),
    Rows(NoCoalesce<ListOp<u32, Folder>>),
}

struct Shapes;

impl Store for Shapes {
    const NAME: &'static str = "Shapes";
    type Op = ShapesOp;
    type Command = ();
    type Outcome = ();
    fn snapshot(&self) -> Vec<ShapesOp> {
        vec![]
    }
    fn command(&mut self, _: (), _: &mut Vec<ShapesOp>) {}
}

#[test]
fn sets_durations_bytes_units_recursion_and_fields_that_do_not_coalesce() {
    let store = describe::<Shapes>(3).unwrap();
    assert_eq!(store.index, 3);
    assert!(store.commands.is_empty());
    let kinds: Vec<(&str, bool, &FieldKind)> =
        store.fields.iter().map(|f| (f.name.as_str(), f.coalesces, &f.kind)).collect();
    assert_eq!(
        kinds,
        [
            ("All", true, &FieldKind::Scalar(named("Everything"))),
            ("Log", false, &FieldKind::Scalar(TypeRef::String)),
            ("Rows", false, &FieldKind::List { key: TypeRef::U32, row: named("Folder") }),
        ]
    );
    let everything = store.types.iter().find(|t| t.name == "Everything").unwrap();
    assert_eq!(
        everything.body,
        TypeBody::Struct(Payload::Struct(vec![
            field("tags", TypeRef::Set(Box::new(TypeRef::String))),
            field("seen", TypeRef::Set(Box::new(TypeRef::U32))),
            field("index", TypeRef::Map(Box::new(TypeRef::String), Box::new(TypeRef::Seq(Box::new(TypeRef::I64))))),
            field("pair", TypeRef::Tuple(vec![TypeRef::U8, TypeRef::String])),
            field("wait", TypeRef::Option(Box::new(TypeRef::Duration))),
            field("blob", TypeRef::Bytes),
            field("id", TypeRef::Bytes),
            field("marker", named("Unit")),
            field("tree", named("Folder")),
        ]))
    );
    let folder = store.types.iter().find(|t| t.name == "Folder").unwrap();
    assert_eq!(
        folder.body,
        TypeBody::Struct(Payload::Struct(vec![
            field("name", TypeRef::String),
            field("children", TypeRef::Seq(Box::new(named("Folder"))))
        ]))
    );
    assert_eq!(store.types.iter().find(|t| t.name == "Unit").unwrap().body, TypeBody::Struct(Payload::Unit));
    // The wrapper changes neither the bytes nor the schema.
    assert!(store.schema.contains("field 1 log scalar string\nfield 2 rows list u32 (name:string,children:seq<rec0>)"));
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
#[allow(dead_code)]
enum Loose {
    A(u8),
}

#[derive(Serialize, Deserialize)]
#[allow(dead_code)]
struct Holder {
    loose: Loose,
}

#[derive(Serialize, Deserialize)]
#[allow(dead_code)]
struct Page<T> {
    items: Vec<T>,
}

#[derive(Serialize, Deserialize)]
#[allow(dead_code)]
enum BadOp {
    Held(Holder),
}

#[derive(Serialize, Deserialize)]
#[allow(dead_code)]
enum GenericOp {
    Numbers(Page<u8>),
    Words(Page<String>),
}

#[derive(Serialize, Deserialize)]
#[allow(dead_code)]
enum PairOp {
    Both(u8, u8),
}

#[derive(Serialize, Deserialize)]
enum GoodOp {
    Count(i64),
}

#[derive(Serialize, Deserialize)]
enum OneCommand {
    Go,
}

#[derive(Serialize, Deserialize, Clone)]
enum OtherOutcome {
    Stop(Result<(), ()>),
}

macro_rules! store {
    ($name:ident, $op:ty, $command:ty, $outcome:ty) => {
        struct $name;
        impl Store for $name {
            const NAME: &'static str = stringify!($name);
            type Op = $op;
            type Command = $command;
            type Outcome = $outcome;
            fn snapshot(&self) -> Vec<$op> {
                vec![]
            }
            fn command(&mut self, _: $command, _: &mut Vec<$op>) -> $outcome {
                unreachable!()
            }
        }
    };
}

store!(Bad, BadOp, (), ());
store!(Generic, GenericOp, (), ());
store!(Pairs, PairOp, (), ());
store!(Mismatched, GoodOp, OneCommand, OtherOutcome);

#[test]
fn what_cannot_be_described_says_why_and_where() {
    let error = describe::<Bad>(0).unwrap_err();
    assert_eq!(error.kind, DescribeErrorKind::Untraceable);
    assert_eq!(
        error.message,
        "store Bad: its op enum cannot be traced, in BadOp::Held > Holder.loose: the type reads a self-describing value \
         (deserialize_any), which bincode cannot read either"
    );
    let error = describe::<Generic>(0).unwrap_err();
    assert_eq!(error.kind, DescribeErrorKind::ConflictingNames);
    assert!(error.message.starts_with("store Generic: two different types are named Page"), "{}", error.message);
    let error = describe::<Pairs>(0).unwrap_err();
    assert_eq!(error.kind, DescribeErrorKind::NotAnOpEnum);
    assert!(
        error.message.starts_with("store Pairs: op variant Both holds 2 values, not one value (the field's)"),
        "{}",
        error.message
    );
    let error = describe::<Mismatched>(0).unwrap_err();
    assert_eq!(error.kind, DescribeErrorKind::OutcomeMismatch);
    assert!(
        error.message.starts_with("store Mismatched: command variant 0 is Go, its outcome variant is Stop"),
        "{}",
        error.message
    );
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Entry {
    pub title: String,
    pub at: std::time::SystemTime,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum LogOp {
    Last(Entry),
    Since(Option<std::time::SystemTime>),
}

struct Log;
impl Store for Log {
    const NAME: &'static str = "Log";
    type Op = LogOp;
    type Command = ();
    type Outcome = ();
    fn snapshot(&self) -> Vec<LogOp> {
        vec![]
    }
    fn command(&mut self, _: (), _: &mut Vec<LogOp>) {}
}

#[test]
fn a_system_time_is_a_time_to_the_generator_and_its_struct_to_the_schema() {
    let log = describe::<Log>(0).unwrap();
    let entry = log.types.iter().find(|t| t.name == "Entry").expect("Entry is described");
    assert_eq!(
        entry.body,
        TypeBody::Struct(Payload::Struct(vec![field("title", TypeRef::String), field("at", TypeRef::SystemTime)]))
    );
    assert_eq!(log.fields[1].kind, FieldKind::Scalar(TypeRef::Option(Box::new(TypeRef::SystemTime))));
    assert!(log.types.iter().all(|t| t.name != "SystemTime"));
    assert!(log.schema.contains("(title:string,at:(secssinceepoch:u64,nanossinceepoch:u32))"), "{}", log.schema);
}
