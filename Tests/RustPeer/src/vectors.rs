//! The golden vectors: every value the Swift tests decode and re-encode, by name. Each vector
//! is a value of some serde type; its bytes are `bincode::serialize`'s, and `check` decodes
//! bytes from elsewhere (Swift's encoder) as the same type, strictly.

use crate::todos::*;
use crate::wire::*;
use bincode::Options;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_derive::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;
use undra_core::NoCoalesce;

/// Decodes `input` as a vector's type (no trailing bytes allowed), and checks that it is the
/// vector's value (re-encoded: the encoding is injective on these values).
pub type Check = Box<dyn Fn(&[u8]) -> Result<(), String>>;

pub struct Vector {
    pub name: String,
    pub bytes: Vec<u8>,
    pub check: Check,
}

/// `bincode::serialize`'s configuration, but rejecting trailing bytes.
pub fn strict() -> impl Options {
    bincode::DefaultOptions::new().with_fixint_encoding().reject_trailing_bytes()
}

pub fn vector<T: Serialize + DeserializeOwned + 'static>(name: &str, value: T) -> Vector {
    let bytes = bincode::serialize(&value).expect("serializable");
    let expected = bytes.clone();
    Vector {
        name: name.to_string(),
        bytes,
        check: Box::new(move |input| {
            let decoded: T = strict().deserialize(input).map_err(|e| format!("does not decode: {e}"))?;
            let again = bincode::serialize(&decoded).expect("serializable");
            if again != expected {
                return Err(format!("decodes to another value (re-encoded: {})", hex(&again)));
            }
            Ok(())
        }),
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

// Types of every shape serde's data model has.
#[derive(Serialize, Deserialize)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}
#[derive(Serialize, Deserialize)]
pub struct Marker;
#[derive(Serialize, Deserialize)]
pub struct Meters(pub f64);
#[derive(Serialize, Deserialize)]
pub struct Pair(pub u8, pub u16);
#[derive(Serialize, Deserialize)]
pub enum Shape {
    Empty,
    Circle(u32),
    Line(u8, String),
    Rect { w: u16, h: u16 },
}

/// The standard types at their edges.
pub fn standard() -> Vec<Vector> {
    let mut v = vec![
        vector("bool.false", false),
        vector("bool.true", true),
        vector("u8.0", 0u8),
        vector("u8.max", u8::MAX),
        vector("u16.0", 0u16),
        vector("u16.max", u16::MAX),
        vector("u16.258", 258u16),
        vector("u32.0", 0u32),
        vector("u32.max", u32::MAX),
        vector("u64.0", 0u64),
        vector("u64.max", u64::MAX),
        vector("u64.bytes", 0x0102_0304_0506_0708u64),
        vector("u128.0", 0u128),
        vector("u128.max", u128::MAX),
        vector("u128.words", (2u128 << 64) | 1),
        vector("i8.min", i8::MIN),
        vector("i8.max", i8::MAX),
        vector("i8.-1", -1i8),
        vector("i16.min", i16::MIN),
        vector("i16.max", i16::MAX),
        vector("i32.min", i32::MIN),
        vector("i32.max", i32::MAX),
        vector("i32.-2", -2i32),
        vector("i64.min", i64::MIN),
        vector("i64.max", i64::MAX),
        vector("i64.-1", -1i64),
        vector("i64.0", 0i64),
        vector("i128.min", i128::MIN),
        vector("i128.max", i128::MAX),
        vector("i128.-1", -1i128),
        vector("f32.0", 0f32),
        vector("f32.-0", -0f32),
        vector("f32.1.5", 1.5f32),
        vector("f32.max", f32::MAX),
        vector("f32.minSubnormal", f32::from_bits(1)),
        vector("f32.inf", f32::INFINITY),
        vector("f32.-inf", f32::NEG_INFINITY),
        vector("f32.nan", f32::from_bits(0x7fc0_0000)),
        vector("f64.0", 0f64),
        vector("f64.-0", -0f64),
        vector("f64.0.1", 0.1f64),
        vector("f64.max", f64::MAX),
        vector("f64.minSubnormal", f64::from_bits(1)),
        vector("f64.-inf", f64::NEG_INFINITY),
        vector("f64.nan", f64::from_bits(0x7ff8_0000_0000_0000)),
        vector("char.a", 'a'),
        vector("char.nul", '\0'),
        vector("char.e-acute", 'é'),
        vector("char.euro", '€'),
        vector("char.emoji", '😀'),
        vector("char.max", char::MAX),
        vector("string.empty", String::new()),
        vector("string.ascii", "hello".to_string()),
        vector("string.15bytes", "fifteen bytes!!".to_string()),
        vector("string.16bytes", "sixteen bytes!!!".to_string()),
        vector("string.nonascii", "héllo wörld ✓ 😀".to_string()),
        vector("string.nul", "a\0b".to_string()),
        vector("bytes.empty", Vec::<u8>::new()),
        vector("bytes.edges", vec![0u8, 1, 127, 128, 255]),
        vector("option.u8.none", None::<u8>),
        vector("option.u8.some0", Some(0u8)),
        vector("option.string.some", Some("x".to_string())),
        vector("option.option.none", None::<Option<u8>>),
        vector("option.option.someNone", Some(None::<u8>)),
        vector("option.option.someSome", Some(Some(7u8))),
        vector("vec.u16.empty", Vec::<u16>::new()),
        vector("vec.u16", vec![1u16, 2, u16::MAX]),
        vector("vec.string", vec!["a".to_string(), String::new(), "ü".to_string()]),
        vector("vec.vec.u8", vec![vec![1u8], vec![], vec![2, 3]]),
        vector("vec.option.i32", vec![Some(-1i32), None]),
        vector("map.empty", BTreeMap::<u32, String>::new()),
        vector(
            "map.u32.string",
            BTreeMap::from([(1u32, "one".to_string()), (2, "two".to_string()), (300, String::new())]),
        ),
        vector("map.string.vec", BTreeMap::from([("a".to_string(), vec![1i64]), ("b".to_string(), vec![])])),
        // String keys in Rust's order, by their UTF-8 bytes: not Swift's `String <`, which puts
        // "f" before "e\u{301}" (its "é") and "\u{212B}" (its "Å") before "\u{C6}".
        vector(
            "map.string.byteOrder.combining",
            BTreeMap::from([("e\u{301}".to_string(), 1i32), ("f".to_string(), 2)]),
        ),
        vector(
            "map.string.byteOrder.compatibility",
            BTreeMap::from([("\u{212B}".to_string(), 1i32), ("\u{C6}".to_string(), 2)]),
        ),
        // Two keys to Rust that Swift's `String ==` calls equal.
        vector(
            "map.string.equivalentKeys",
            BTreeMap::from([("e\u{301}".to_string(), 1i32), ("\u{E9}".to_string(), 2)]),
        ),
        vector("unit", ()),
        vector("tuple.u8.string.bool", (7u8, "t".to_string(), true)),
        vector("tuple.nested", ((1u16, 2u16), Some(3u32))),
        vector("struct.point", Point { x: -1, y: 2 }),
        vector("struct.unit", Marker),
        vector("struct.newtype", Meters(2.5)),
        vector("struct.tuple", Pair(1, 515)),
        vector("enum.unit", Shape::Empty),
        vector("enum.newtype", Shape::Circle(9)),
        vector("enum.tuple", Shape::Line(3, "ab".to_string())),
        vector("enum.struct", Shape::Rect { w: 4, h: 5 }),
        vector("result.ok", Ok::<u32, String>(5)),
        vector("result.err", Err::<u32, String>("no".to_string())),
    ];
    for (name, duration) in durations() {
        v.push(vector(&format!("duration.{name}"), duration));
    }
    v
}

/// Durations at their edges, with Rust's own `{:?}` of each (the Swift description's reference).
pub fn durations() -> Vec<(&'static str, Duration)> {
    vec![
        ("zero", Duration::ZERO),
        ("1ns", Duration::from_nanos(1)),
        ("1500ns", Duration::from_nanos(1500)),
        ("250ms", Duration::from_millis(250)),
        ("1.5s", Duration::from_millis(1500)),
        ("1s", Duration::from_secs(1)),
        ("1.000000001s", Duration::new(1, 1)),
        ("max", Duration::MAX),
    ]
}

/// The Todos store's messages: snapshots, frames of every op, acks, commands, errors, resyncs.
pub fn messages() -> Vec<Vector> {
    let rows = vec![(TodoId(1), todo(1, "milk", false)), (TodoId(2), todo(2, "œufs 🥚", true))];
    let delta = |sequence: u64, ops: Vec<TodosOp>, acks: Vec<Ack<TodosOutcome>>| TodosFrame {
        epoch: 7,
        sequence,
        snapshot: None,
        ops,
        acks,
    };
    let ack = |id: u64, outcome: TodosOutcome| Ack { command: CommandId(id), outcome };
    vec![
        vector("todos.todo", todo(3, "tea", false)),
        vector(
            "todos.snapshot.empty",
            TodosFrame { epoch: 7, sequence: 1, snapshot: Some(schema_hash()), ops: vec![], acks: vec![] },
        ),
        vector(
            "todos.snapshot.rows",
            TodosFrame {
                epoch: 7,
                sequence: 1,
                snapshot: Some(schema_hash()),
                ops: vec![
                    TodosOp::Visible(ListOp::Reset(rows.clone())),
                    TodosOp::Filter("all".to_string()),
                    TodosOp::Count(2),
                ],
                acks: vec![],
            },
        ),
        vector(
            "todos.frame.insert.append",
            delta(
                2,
                vec![TodosOp::Visible(ListOp::Insert { rows: vec![(TodoId(3), todo(3, "tea", false))], before: None })],
                vec![],
            ),
        ),
        vector(
            "todos.frame.insert.before",
            delta(
                2,
                vec![TodosOp::Visible(ListOp::Insert {
                    rows: vec![(TodoId(3), todo(3, "tea", false))],
                    before: Some(TodoId(1)),
                })],
                vec![],
            ),
        ),
        vector(
            "todos.frame.update",
            delta(2, vec![TodosOp::Visible(ListOp::Update(TodoId(1), todo(1, "milk", true)))], vec![]),
        ),
        vector(
            "todos.frame.remove",
            delta(2, vec![TodosOp::Visible(ListOp::Remove(vec![TodoId(1), TodoId(2)]))], vec![]),
        ),
        vector(
            "todos.frame.move.end",
            delta(2, vec![TodosOp::Visible(ListOp::Move { key: TodoId(1), before: None })], vec![]),
        ),
        vector(
            "todos.frame.move.before",
            delta(2, vec![TodosOp::Visible(ListOp::Move { key: TodoId(2), before: Some(TodoId(1)) })], vec![]),
        ),
        vector("todos.frame.reset.empty", delta(2, vec![TodosOp::Visible(ListOp::Reset(vec![]))], vec![])),
        vector(
            "todos.frame.scalars",
            delta(
                2,
                vec![
                    TodosOp::Filter("done".to_string()),
                    TodosOp::Count(-1),
                    TodosOp::LastEvent(NoCoalesce("é".to_string())),
                ],
                vec![],
            ),
        ),
        vector(
            "todos.frame.run",
            delta(
                2,
                vec![
                    TodosOp::Visible(ListOp::Update(TodoId(1), todo(1, "a", true))),
                    TodosOp::Visible(ListOp::Update(TodoId(2), todo(2, "b", false))),
                    TodosOp::Count(2),
                    TodosOp::Visible(ListOp::Remove(vec![TodoId(2)])),
                ],
                vec![],
            ),
        ),
        vector(
            "todos.frame.acks",
            delta(
                2,
                vec![
                    TodosOp::Visible(ListOp::Insert { rows: vec![(TodoId(3), todo(3, "tea", false))], before: None }),
                    TodosOp::Count(3),
                    TodosOp::LastEvent(NoCoalesce("added tea".to_string())),
                ],
                vec![
                    ack(0, TodosOutcome::Add(Ok(TodoId(3)))),
                    ack(1, TodosOutcome::Toggle(Ok(()))),
                    ack(2, TodosOutcome::Toggle(Err(TodoError::NotFound(TodoId(9))))),
                    ack(u64::MAX, TodosOutcome::Add(Err(TodoError::EmptyTitle))),
                    ack(4, TodosOutcome::SetFilter(Err(TodoError::UnknownFilter("soon".to_string())))),
                ],
            ),
        ),
        vector(
            "todos.command.add",
            Command { id: CommandId(0), command: TodosCommand::Add { title: "tea".to_string() } },
        ),
        vector("todos.command.toggle", Command { id: CommandId(1), command: TodosCommand::Toggle(TodoId(2)) }),
        vector(
            "todos.command.setFilter",
            Command { id: CommandId(u64::MAX), command: TodosCommand::SetFilter("done".to_string()) },
        ),
        vector(
            "core.frame",
            CoreMessage::Frame(AppFrame::Todos(delta(
                2,
                vec![TodosOp::Count(5)],
                vec![ack(8, TodosOutcome::SetFilter(Ok(())))],
            ))),
        ),
        vector(
            "core.error",
            CoreMessage::<AppFrame>::Error(CoreError { store: Some(0), code: 42, message: "disk full".to_string() }),
        ),
        vector(
            "core.error.nostore",
            CoreMessage::<AppFrame>::Error(CoreError { store: None, code: 0, message: String::new() }),
        ),
        vector(
            "host.command",
            HostMessage::Command(AppCommand::Todos(Command {
                id: CommandId(12),
                command: TodosCommand::Toggle(TodoId(1)),
            })),
        ),
        vector("host.resync.attach", resync(None, 0, ResyncReason::Attach)),
        vector("host.resync.gap", resync(Some(7), 4, ResyncReason::Gap { expected: 5, received: 9 })),
        vector("host.resync.duplicate", resync(Some(7), 4, ResyncReason::Duplicate { last: 4, received: 3 })),
        vector(
            "host.resync.epoch",
            resync(Some(7), 4, ResyncReason::UnexpectedEpoch { expected: Some(7), received: 8 }),
        ),
        vector(
            "host.resync.firstEpoch",
            resync(None, 0, ResyncReason::UnexpectedEpoch { expected: None, received: 8 }),
        ),
        vector(
            "host.resync.schema",
            resync(None, 0, ResyncReason::SchemaMismatch { expected: schema_hash(), received: Some(1) }),
        ),
        vector(
            "host.resync.rejected",
            resync(Some(7), 4, ResyncReason::Rejected { op: Some(2), message: "no key 9".to_string() }),
        ),
        vector(
            "host.resync.malformed",
            resync(Some(7), 4, ResyncReason::Malformed { offset: 31, message: "bad tag".to_string() }),
        ),
    ]
}

fn resync(epoch: Option<u64>, sequence: u64, reason: ResyncReason) -> HostMessage<AppCommand> {
    HostMessage::Resync(ResyncRequest { store: 0, epoch, sequence, reason, schema: schema().description })
}

/// Every vector, by file.
pub fn files() -> Vec<(&'static str, Vec<Vector>)> {
    vec![
        ("standard.vectors", standard()),
        ("messages.vectors", messages()),
        ("codable.vectors", crate::codable::codable()),
    ]
}
