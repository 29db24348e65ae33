//! Types of every shape a Swift `Codable` type mirrors (Tests/UndraRuntimeTests/Wire/
//! CodableVectorTests.swift declares their Swift twins with synthesized conformances): their
//! bincode bytes, and their shapes as undra-core traces them, which the Swift tracer must match.

use crate::vectors::{vector, Vector};
use serde_derive::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;
use undra_core::{shape_of, Shape};

#[derive(Serialize, Deserialize)]
pub struct Task {
    pub id: i64,
    pub title: String,
    pub done: bool,
    pub tags: Vec<String>,
    pub due: Option<Duration>,
    pub note: Option<Option<String>>,
}

#[derive(Serialize, Deserialize)]
pub enum Filter {
    All,
    Active,
    Done,
}

/// Every variant shape: struct, newtype, tuple, unit, and one holding another enum.
#[derive(Serialize, Deserialize)]
pub enum TaskCommand {
    Add { title: String },
    Toggle(i64),
    Rename(i64, String),
    Clear,
    SetFilter(Filter),
}

#[derive(Serialize, Deserialize)]
pub enum TaskError {
    EmptyTitle,
    NotFound(i64),
}

#[derive(Serialize, Deserialize)]
pub enum TaskOutcome {
    Add(Result<i64, TaskError>),
    Clear(Result<(), TaskError>),
}

/// A generic struct, nested in another generic.
#[derive(Serialize, Deserialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<u32>,
}

#[derive(Serialize, Deserialize)]
pub struct Index {
    pub by_tag: BTreeMap<String, Vec<i64>>,
    pub counts: BTreeMap<u8, u64>,
    pub pages: Vec<Page<Option<i16>>>,
}

/// A type inside its own definition, and a case that holds it before one that does not.
#[derive(Serialize, Deserialize)]
pub enum Tree {
    Node(Vec<Tree>, Option<Box<Tree>>),
    Leaf(i32),
}

#[derive(Serialize, Deserialize)]
pub struct Scalars {
    pub a: u8,
    pub b: u16,
    pub c: u32,
    pub d: u64,
    pub e: i8,
    pub f: i16,
    pub g: i32,
    pub h: i64,
    pub i: f32,
    pub j: f64,
    pub k: bool,
    pub unit: (),
    pub bytes: Vec<u8>,
}

fn task(id: i64, title: &str) -> Task {
    Task { id, title: title.to_string(), done: false, tags: vec![], due: None, note: None }
}

pub fn codable() -> Vec<Vector> {
    vec![
        vector("task.plain", task(1, "milk")),
        vector(
            "task.full",
            Task {
                id: -2,
                title: "œufs 🥚".to_string(),
                done: true,
                tags: vec!["a".to_string(), String::new()],
                due: Some(Duration::new(90, 5)),
                note: Some(None),
            },
        ),
        vector("task.noteSome", Task { note: Some(Some("n".to_string())), ..task(3, "") }),
        vector("command.add", TaskCommand::Add { title: "tea".to_string() }),
        vector("command.toggle", TaskCommand::Toggle(7)),
        vector("command.rename", TaskCommand::Rename(7, "green tea".to_string())),
        vector("command.clear", TaskCommand::Clear),
        vector("command.setFilter", TaskCommand::SetFilter(Filter::Done)),
        vector("outcome.add.ok", TaskOutcome::Add(Ok(4))),
        vector("outcome.add.err", TaskOutcome::Add(Err(TaskError::NotFound(9)))),
        vector("outcome.clear.ok", TaskOutcome::Clear(Ok(()))),
        vector("outcome.clear.err", TaskOutcome::Clear(Err(TaskError::EmptyTitle))),
        vector("page.tasks", Page { items: vec![task(1, "milk"), task(2, "eggs")], next: Some(3) }),
        vector("page.empty", Page::<Task> { items: vec![], next: None }),
        vector(
            "index",
            Index {
                by_tag: BTreeMap::from([
                    ("e\u{301}".to_string(), vec![1]),
                    ("f".to_string(), vec![]),
                    ("home".to_string(), vec![2, 3]),
                ]),
                counts: BTreeMap::from([(0, 1), (255, u64::MAX)]),
                pages: vec![Page { items: vec![Some(-1), None], next: None }],
            },
        ),
        vector("tree", Tree::Node(vec![Tree::Leaf(1), Tree::Node(vec![], None)], Some(Box::new(Tree::Leaf(-1))))),
        vector(
            "scalars",
            Scalars {
                a: u8::MAX,
                b: 258,
                c: u32::MAX,
                d: 1 << 40,
                e: i8::MIN,
                f: -2,
                g: i32::MIN,
                h: i64::MAX,
                i: 1.5,
                j: -0.1,
                k: true,
                unit: (),
                bytes: vec![0, 255],
            },
        ),
    ]
}

/// Each type's shape, as undra-core traces it from its `Deserialize`.
pub fn codable_shapes() -> Vec<(&'static str, Shape)> {
    let shape = |result: Result<Shape, undra_core::ShapeError>| result.expect("a traceable type");
    vec![
        ("Task", shape(shape_of::<Task>())),
        ("Filter", shape(shape_of::<Filter>())),
        ("TaskCommand", shape(shape_of::<TaskCommand>())),
        ("TaskOutcome", shape(shape_of::<TaskOutcome>())),
        ("Page<Task>", shape(shape_of::<Page<Task>>())),
        ("Index", shape(shape_of::<Index>())),
        ("Tree", shape(shape_of::<Tree>())),
        ("Scalars", shape(shape_of::<Scalars>())),
    ]
}
