//! The Todos store of the Swift tests (Tests/UndraRuntimeTests/Store/TodosExample.swift), as a
//! Rust core declares it.

use crate::wire::{Command, Frame, ListOp};
use serde_derive::{Deserialize, Serialize};
use undra_core::{shape_of, NoCoalesce, Schema};

/// The store's schema (docs/WIRE.md, "The schema hash"), from its types: what the Swift store
/// computes from its declarations.
pub fn schema() -> Schema {
    let shape = |shape: Result<_, _>| shape.expect("the Todos types trace");
    Schema::new(
        "Todos",
        &shape(shape_of::<TodosOp>()),
        &shape(shape_of::<TodosCommand>()),
        &shape(shape_of::<TodosOutcome>()),
    )
}

/// The hash the store's snapshots carry.
pub fn schema_hash() -> u64 {
    schema().hash
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TodoId(pub i64);

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Todo {
    pub id: TodoId,
    pub title: String,
    pub done: bool,
}

/// One variant per field, in field-id order.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum TodosOp {
    /// field 0
    Visible(ListOp<TodoId, Todo>),
    /// field 1
    Filter(String),
    /// field 2
    Count(i64),
    /// field 3: every value kept (an event), not merged within a frame
    LastEvent(NoCoalesce<String>),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum TodosCommand {
    Add { title: String },
    Toggle(TodoId),
    SetFilter(String),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum TodoError {
    EmptyTitle,
    NotFound(TodoId),
    UnknownFilter(String),
}

/// One variant per command, with the same index.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum TodosOutcome {
    Add(Result<TodoId, TodoError>),
    Toggle(Result<(), TodoError>),
    SetFilter(Result<(), TodoError>),
}

pub type TodosFrame = Frame<TodosOp, TodosOutcome>;

/// The app's stores: variant index = store id.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum AppFrame {
    Todos(TodosFrame),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum AppCommand {
    Todos(Command<TodosCommand>),
}

pub fn todo(id: i64, title: &str, done: bool) -> Todo {
    Todo { id: TodoId(id), title: title.to_string(), done }
}

/// A frame of `count` updates of the list, as the decoding benchmarks use.
pub fn updates_frame(count: usize) -> TodosFrame {
    Frame {
        epoch: 1,
        sequence: 2,
        snapshot: None,
        ops: (0..count)
            .map(|i| TodosOp::Visible(ListOp::Update(TodoId(i as i64), todo(i as i64, "buy milk", i % 2 == 0))))
            .collect(),
        acks: vec![],
    }
}
