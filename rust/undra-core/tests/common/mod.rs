//! The Todos store of docs/WIRE.md (the reference core's, Tests/RustPeer/src/todos.rs), for the
//! crate's own tests.
#![allow(dead_code)]

use serde_derive::{Deserialize, Serialize};
use undra_core::{ListOp, Store};

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TodoId(pub i64);

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Todo {
    pub id: TodoId,
    pub title: String,
    pub done: bool,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum TodosOp {
    Visible(ListOp<TodoId, Todo>),
    Filter(String),
    Count(i64),
    LastEvent(String),
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

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum TodosOutcome {
    Add(Result<TodoId, TodoError>),
    Toggle(Result<(), TodoError>),
    SetFilter(Result<(), TodoError>),
}

/// A small Todos store: adds append, toggles flip, the rest is refused.
#[derive(Default)]
pub struct Todos {
    pub todos: Vec<Todo>,
}

impl Store for Todos {
    const NAME: &'static str = "Todos";
    type Op = TodosOp;
    type Command = TodosCommand;
    type Outcome = TodosOutcome;

    fn snapshot(&self) -> Vec<TodosOp> {
        vec![
            TodosOp::Visible(ListOp::Reset(self.todos.iter().map(|t| (t.id, t.clone())).collect())),
            TodosOp::Filter("all".to_string()),
            TodosOp::Count(self.todos.len() as i64),
            TodosOp::LastEvent(String::new()),
        ]
    }

    fn command(&mut self, command: TodosCommand, changes: &mut Vec<TodosOp>) -> TodosOutcome {
        match command {
            TodosCommand::Add { title } => {
                let todo = Todo { id: TodoId(self.todos.len() as i64 + 1), title, done: false };
                self.todos.push(todo.clone());
                changes.push(TodosOp::Visible(ListOp::Insert { rows: vec![(todo.id, todo.clone())], before: None }));
                changes.push(TodosOp::Count(self.todos.len() as i64));
                TodosOutcome::Add(Ok(todo.id))
            }
            TodosCommand::Toggle(id) => match self.todos.iter_mut().find(|t| t.id == id) {
                Some(todo) => {
                    todo.done = !todo.done;
                    changes.push(TodosOp::Visible(ListOp::Update(id, todo.clone())));
                    TodosOutcome::Toggle(Ok(()))
                }
                None => TodosOutcome::Toggle(Err(TodoError::NotFound(id))),
            },
            TodosCommand::SetFilter(filter) => TodosOutcome::SetFilter(Err(TodoError::UnknownFilter(filter))),
        }
    }
}

/// docs/WIRE.md's description of the Todos store.
pub const TODOS_DESCRIPTION: &str = "undra-schema 2
store todos
field 0 visible list i64 (id:i64,title:string,done:bool)
field 1 filter scalar string
field 2 count scalar i64
field 3 lastevent scalar string
command enum{add:string|toggle:i64|setfilter:string}
outcome enum{add:enum{ok:i64|err:enum{emptytitle:unit|notfound:i64|unknownfilter:string}}|toggle:enum{ok:unit|err:enum{emptytitle:unit|notfound:i64|unknownfilter:string}}|setfilter:enum{ok:unit|err:enum{emptytitle:unit|notfound:i64|unknownfilter:string}}}";
