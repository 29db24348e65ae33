//! The reference Todos core, on undra-core: it holds the todos, applies commands, and answers each
//! with the frame that makes its effects visible, carrying its ack. Any transport drives it
//! through `undra_core::handle`.
//!
//! Its rules, which the Swift fake core (Tests/UndraRuntimeTests/Core/FakeTodosCore.swift)
//! follows byte for byte (Tests/WireVectors/core.transcript proves it):
//!
//! - `visible` is the todos the filter shows ("all", "open", "done"), in creation order; `count`
//!   is every todo; `lastEvent` says what the last command did.
//! - The protocol (numbering, snapshots, acks kept for resyncs, the host's schema checked) is
//!   undra-core's `StoreSession`.
//! - With a state file, the state is written before each answer is sent, and a core that starts
//!   from it takes the next epoch: a restarted core keeps every acknowledged command.

use crate::chaos::{Chaos, ChaosCommand, ReferenceCommand};
use crate::todos::{todo, Todo, TodoError, TodoId, TodosCommand, TodosOp, TodosOutcome};
use crate::wire::ListOp;
use bincode::Options;
use serde_derive::{Deserialize, Serialize};
use std::path::PathBuf;
use undra_core::{AnySession, Core, NoCoalesce, Outbox, Store, StoreSession};

/// How a core starts: `--epoch N` (its epoch when it has no state file; by default the time in
/// microseconds, so that a core started again without one still takes a greater epoch) and
/// `--state FILE` (where it keeps its state across restarts).
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub epoch: Option<u64>,
    pub state: Option<PathBuf>,
}

impl Config {
    pub fn parse(arguments: &[String]) -> Result<(Config, Vec<String>), String> {
        let mut config = Config::default();
        let mut rest = Vec::new();
        let mut arguments = arguments.iter();
        while let Some(argument) = arguments.next() {
            match argument.as_str() {
                "--epoch" => {
                    let value = arguments.next().ok_or("--epoch needs a value")?;
                    config.epoch = Some(value.parse().map_err(|_| format!("not an epoch: {value}"))?);
                }
                "--state" => config.state = Some(PathBuf::from(arguments.next().ok_or("--state needs a file")?)),
                _ => rest.push(argument.clone()),
            }
        }
        Ok((config, rest))
    }

    /// The configuration the in-process transport hands over: the arguments, one per line.
    pub fn from_bytes(bytes: &[u8]) -> Option<Config> {
        let text = std::str::from_utf8(bytes).ok()?;
        let arguments: Vec<String> = text.lines().filter(|l| !l.is_empty()).map(String::from).collect();
        let (config, rest) = Config::parse(&arguments).ok()?;
        rest.is_empty().then_some(config)
    }
}

/// The Todos store's state.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Todos {
    next_id: i64,
    todos: Vec<Todo>,
    filter: String,
    last_event: String,
}

/// What survives a restart.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct Persisted {
    epoch: u64,
    todos: Todos,
}

/// The misbehaviours armed by the Chaos store, waiting for the next Todos delta.
#[derive(Default)]
struct Armed {
    skip: bool,
    malformed: bool,
    die: bool,
}

pub struct TodosCore {
    todos: StoreSession<Todos>,
    chaos: StoreSession<Chaos>,
    state_file: Option<PathBuf>,
    armed: Armed,
}

impl TodosCore {
    pub fn start(config: &Config) -> TodosCore {
        let saved = config
            .state
            .as_ref()
            .and_then(|path| std::fs::read(path).ok())
            .and_then(|bytes| strict().deserialize::<Persisted>(&bytes).ok());
        let (epoch, todos) = match saved {
            Some(saved) => (saved.epoch + 1, saved.todos),
            None => (
                config.epoch.unwrap_or_else(undra_core::clock_epoch),
                Todos { next_id: 1, todos: vec![], filter: "all".to_string(), last_event: String::new() },
            ),
        };
        let core = TodosCore {
            todos: StoreSession::new(0, epoch, todos),
            chaos: StoreSession::new(1, epoch, Chaos),
            state_file: config.state.clone(),
            armed: Armed::default(),
        };
        core.persist();
        core
    }

    pub fn epoch(&self) -> u64 {
        self.todos.epoch()
    }

    fn persist(&self) {
        let Some(path) = &self.state_file else { return };
        let state = Persisted { epoch: self.todos.epoch(), todos: self.todos.store().clone() };
        let temporary = path.with_extension("tmp");
        std::fs::write(&temporary, bincode::serialize(&state).expect("bincode writes the state"))
            .expect("the state file");
        std::fs::rename(&temporary, path).expect("the state file");
    }
}

impl Core for TodosCore {
    type Commands = ReferenceCommand;

    fn command(&mut self, command: ReferenceCommand, out: &mut Outbox) {
        match command {
            ReferenceCommand::Todos(command) => {
                self.todos.handle(command);
                self.persist();
                if std::mem::take(&mut self.armed.skip) {
                    self.todos.skip_sequence();
                }
                let mut frame = self.todos.drain().expect("a command's frame");
                if std::mem::take(&mut self.armed.malformed) {
                    // Where a delta's snapshot flag is (after the message tag, the store, the epoch
                    // and the sequence): 2 is no `Option` tag.
                    frame[24] = 2;
                }
                if std::mem::take(&mut self.armed.die) {
                    out.die_sending(frame);
                } else {
                    out.send(frame);
                }
            }
            ReferenceCommand::Chaos(command) => {
                let chaos = command.command.clone();
                self.chaos.handle(command);
                match chaos {
                    ChaosCommand::SkipSequence => self.armed.skip = true,
                    ChaosCommand::SendMalformed => self.armed.malformed = true,
                    ChaosCommand::DieMidFrame => self.armed.die = true,
                    ChaosCommand::SendGarbage => {
                        self.chaos.drain_into(out);
                        out.send_raw(vec![0xFF; 16]);
                    }
                    ChaosCommand::Restart => {
                        let epoch = self.todos.epoch() + 1;
                        undra_core::restart(self, epoch);
                        self.persist();
                    }
                    ChaosCommand::SendError { code, message } => out.error(Some(0), code, message),
                }
            }
        }
    }

    fn sessions(&mut self, visit: &mut dyn FnMut(&mut dyn AnySession)) {
        visit(&mut self.todos);
        visit(&mut self.chaos);
    }
}

impl Store for Todos {
    const NAME: &'static str = "Todos";
    type Op = TodosOp;
    type Command = TodosCommand;
    type Outcome = TodosOutcome;

    fn snapshot(&self) -> Vec<TodosOp> {
        vec![
            TodosOp::Visible(ListOp::Reset(self.visible())),
            TodosOp::Filter(self.filter.clone()),
            TodosOp::Count(self.todos.len() as i64),
            TodosOp::LastEvent(NoCoalesce(self.last_event.clone())),
        ]
    }

    fn command(&mut self, command: TodosCommand, ops: &mut Vec<TodosOp>) -> TodosOutcome {
        match command {
            TodosCommand::Add { title } => self.add(title, ops),
            TodosCommand::Toggle(id) => self.toggle(id, ops),
            TodosCommand::SetFilter(filter) => self.set_filter(filter, ops),
        }
    }
}

impl Todos {
    fn visible(&self) -> Vec<(TodoId, Todo)> {
        self.todos.iter().filter(|t| shows(&self.filter, t.done)).map(|t| (t.id, t.clone())).collect()
    }

    fn add(&mut self, title: String, ops: &mut Vec<TodosOp>) -> TodosOutcome {
        if title.trim().is_empty() {
            return TodosOutcome::Add(Err(TodoError::EmptyTitle));
        }
        let new = todo(self.next_id, &title, false);
        self.next_id += 1;
        self.todos.push(new.clone());
        self.last_event = format!("added {title}");
        if shows(&self.filter, false) {
            ops.push(TodosOp::Visible(ListOp::Insert { rows: vec![(new.id, new.clone())], before: None }));
        }
        ops.push(TodosOp::Count(self.todos.len() as i64));
        ops.push(TodosOp::LastEvent(NoCoalesce(self.last_event.clone())));
        TodosOutcome::Add(Ok(new.id))
    }

    fn toggle(&mut self, id: TodoId, ops: &mut Vec<TodosOp>) -> TodosOutcome {
        let Some(index) = self.todos.iter().position(|t| t.id == id) else {
            return TodosOutcome::Toggle(Err(TodoError::NotFound(id)));
        };
        let was = self.todos[index].done;
        self.todos[index].done = !was;
        let toggled = self.todos[index].clone();
        self.last_event = format!("toggled {}", id.0);
        let filter = self.filter.clone();
        let op = match (shows(&filter, was), shows(&filter, !was)) {
            (true, true) => Some(ListOp::Update(id, toggled)),
            (true, false) => Some(ListOp::Remove(vec![id])),
            (false, true) => {
                let before = self.todos[index + 1..].iter().find(|t| shows(&filter, t.done)).map(|t| t.id);
                Some(ListOp::Insert { rows: vec![(id, toggled)], before })
            }
            (false, false) => None,
        };
        ops.extend(op.map(TodosOp::Visible));
        ops.push(TodosOp::LastEvent(NoCoalesce(self.last_event.clone())));
        TodosOutcome::Toggle(Ok(()))
    }

    fn set_filter(&mut self, filter: String, ops: &mut Vec<TodosOp>) -> TodosOutcome {
        if !["all", "open", "done"].contains(&filter.as_str()) {
            return TodosOutcome::SetFilter(Err(TodoError::UnknownFilter(filter)));
        }
        self.filter = filter.clone();
        self.last_event = format!("filter {filter}");
        ops.push(TodosOp::Filter(filter));
        ops.push(TodosOp::Visible(ListOp::Reset(self.visible())));
        ops.push(TodosOp::LastEvent(NoCoalesce(self.last_event.clone())));
        TodosOutcome::SetFilter(Ok(()))
    }
}

/// Whether `filter` shows a todo that is `done` or not.
fn shows(filter: &str, done: bool) -> bool {
    match filter {
        "open" => !done,
        "done" => done,
        _ => true,
    }
}

/// bincode 1's encoding, refusing trailing bytes.
fn strict() -> impl Options {
    bincode::DefaultOptions::new().with_fixint_encoding()
}
