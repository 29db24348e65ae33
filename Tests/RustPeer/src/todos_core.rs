//! The reference Todos core: it holds the todos, applies commands, and answers each with the
//! frame that makes its effects visible, carrying its ack. Any transport drives it through
//! `handle`, which takes one host message and returns what the core sends back.
//!
//! Its rules, which the Swift fake core (Tests/UndraRuntimeTests/Core/FakeTodosCore.swift)
//! follows byte for byte (Tests/WireVectors/core.transcript proves it):
//!
//! - `visible` is the todos the filter shows ("all", "open", "done"), in creation order; `count`
//!   is every todo; `lastEvent` says what the last command did.
//! - Each store numbers its frames from 1 in each epoch. A resync request is answered with a
//!   snapshot that also carries the acks of every frame after the request's position (the
//!   frames the host did not apply), so no answer is lost with a rejected or malformed frame.
//! - With a state file, the state is written before each answer is sent, and a core that starts
//!   from it takes the next epoch: a restarted core keeps every acknowledged command.

use crate::chaos::{ChaosOutcome, ReferenceCommand, ReferenceFrame};
use crate::todos::{todo, Todo, TodoError, TodoId, TodosCommand, TodosFrame, TodosOp, TodosOutcome, SCHEMA_HASH};
use crate::wire::{Ack, Command, CoreError, CoreMessage, Frame, HostMessage, ListOp, ResyncRequest};
use bincode::Options;
use serde_derive::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::PathBuf;

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
}

/// What the core does with its transport after a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// A whole message.
    Message(Vec<u8>),
    /// Bytes written as they are, with no framing: garbage.
    Raw(Vec<u8>),
    /// The core dies while sending this message: a stream gets its length and half its bytes.
    Die(Vec<u8>),
}

/// What survives a restart.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub(crate) struct Persisted {
    pub(crate) epoch: u64,
    next_id: i64,
    todos: Vec<Todo>,
    filter: String,
    last_event: String,
}

/// The misbehaviours armed by the Chaos store, waiting for the next Todos delta.
#[derive(Default)]
pub(crate) struct Armed {
    pub(crate) skip: bool,
    pub(crate) malformed: bool,
    pub(crate) die: bool,
}

/// How many frames' acks a store keeps for replay.
const ACK_LOG: usize = 4096;

pub struct TodosCore {
    pub(crate) state: Persisted,
    state_file: Option<PathBuf>,
    /// The last sequence of each store (Todos, Chaos) in this epoch.
    pub(crate) sequences: [u64; 2],
    pub(crate) todos_acks: VecDeque<(u64, Vec<Ack<TodosOutcome>>)>,
    pub(crate) chaos_acks: VecDeque<(u64, Vec<Ack<ChaosOutcome>>)>,
    pub(crate) armed: Armed,
}

impl TodosCore {
    pub fn start(config: &Config) -> TodosCore {
        let saved = config.state.as_ref().and_then(|path| std::fs::read(path).ok()).and_then(|bytes| strict().deserialize::<Persisted>(&bytes).ok());
        let state = match saved {
            Some(saved) => Persisted { epoch: saved.epoch + 1, ..saved },
            None => Persisted {
                epoch: config.epoch.unwrap_or_else(|| {
                    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |t| t.as_micros() as u64)
                }),
                next_id: 1,
                todos: vec![],
                filter: "all".to_string(),
                last_event: String::new(),
            },
        };
        let core = TodosCore {
            state,
            state_file: config.state.clone(),
            sequences: [0, 0],
            todos_acks: VecDeque::new(),
            chaos_acks: VecDeque::new(),
            armed: Armed::default(),
        };
        core.persist();
        core
    }

    pub fn epoch(&self) -> u64 {
        self.state.epoch
    }

    /// Handles one host message; what to send back, in order.
    pub fn handle(&mut self, bytes: &[u8]) -> Vec<Output> {
        match strict().deserialize::<HostMessage<ReferenceCommand>>(bytes) {
            Ok(HostMessage::Resync(request)) => self.resync(request),
            Ok(HostMessage::Command(ReferenceCommand::Todos(command))) => self.todos_command(command),
            Ok(HostMessage::Command(ReferenceCommand::Chaos(command))) => self.chaos_command(command),
            Err(error) => vec![error_message(None, 1, format!("undecodable host message: {error}"))],
        }
    }

    // MARK: Todos

    fn todos_command(&mut self, command: Command<TodosCommand>) -> Vec<Output> {
        let (ops, outcome) = match command.command {
            TodosCommand::Add { title } => self.add(title),
            TodosCommand::Toggle(id) => self.toggle(id),
            TodosCommand::SetFilter(filter) => self.set_filter(filter),
        };
        self.persist();
        let skip = std::mem::take(&mut self.armed.skip);
        self.sequences[0] += if skip { 2 } else { 1 };
        let acks = vec![Ack { command: command.id, outcome }];
        log(&mut self.todos_acks, self.sequences[0], acks.clone());
        let frame = Frame { epoch: self.state.epoch, sequence: self.sequences[0], snapshot: None, ops, acks };
        let mut bytes = serialize(&CoreMessage::Frame(ReferenceFrame::Todos(frame)));
        if std::mem::take(&mut self.armed.malformed) {
            // Where a delta's snapshot flag is (after the message tag, the store, the epoch and the
            // sequence): 2 is no `Option` tag.
            bytes[24] = 2;
        }
        if std::mem::take(&mut self.armed.die) {
            return vec![Output::Die(bytes)];
        }
        vec![Output::Message(bytes)]
    }

    fn visible(&self) -> Vec<(TodoId, Todo)> {
        self.state.todos.iter().filter(|t| shows(&self.state.filter, t.done)).map(|t| (t.id, t.clone())).collect()
    }

    fn add(&mut self, title: String) -> (Vec<TodosOp>, TodosOutcome) {
        if title.trim().is_empty() {
            return (vec![], TodosOutcome::Add(Err(TodoError::EmptyTitle)));
        }
        let new = todo(self.state.next_id, &title, false);
        self.state.next_id += 1;
        self.state.todos.push(new.clone());
        self.state.last_event = format!("added {title}");
        let mut ops = vec![];
        if shows(&self.state.filter, false) {
            ops.push(TodosOp::Visible(ListOp::Insert { rows: vec![(new.id, new.clone())], before: None }));
        }
        ops.push(TodosOp::Count(self.state.todos.len() as i64));
        ops.push(TodosOp::LastEvent(self.state.last_event.clone()));
        (ops, TodosOutcome::Add(Ok(new.id)))
    }

    fn toggle(&mut self, id: TodoId) -> (Vec<TodosOp>, TodosOutcome) {
        let Some(index) = self.state.todos.iter().position(|t| t.id == id) else {
            return (vec![], TodosOutcome::Toggle(Err(TodoError::NotFound(id))));
        };
        let was = self.state.todos[index].done;
        self.state.todos[index].done = !was;
        let toggled = self.state.todos[index].clone();
        self.state.last_event = format!("toggled {}", id.0);
        let filter = self.state.filter.clone();
        let op = match (shows(&filter, was), shows(&filter, !was)) {
            (true, true) => Some(ListOp::Update(id, toggled.clone())),
            (true, false) => Some(ListOp::Remove(vec![id])),
            (false, true) => {
                let before = self.state.todos[index + 1..].iter().find(|t| shows(&filter, t.done)).map(|t| t.id);
                Some(ListOp::Insert { rows: vec![(id, toggled.clone())], before })
            }
            (false, false) => None,
        };
        let mut ops: Vec<TodosOp> = op.into_iter().map(TodosOp::Visible).collect();
        ops.push(TodosOp::LastEvent(self.state.last_event.clone()));
        (ops, TodosOutcome::Toggle(Ok(())))
    }

    fn set_filter(&mut self, filter: String) -> (Vec<TodosOp>, TodosOutcome) {
        if !["all", "open", "done"].contains(&filter.as_str()) {
            return (vec![], TodosOutcome::SetFilter(Err(TodoError::UnknownFilter(filter))));
        }
        self.state.filter = filter.clone();
        self.state.last_event = format!("filter {filter}");
        let ops = vec![
            TodosOp::Filter(filter),
            TodosOp::Visible(ListOp::Reset(self.visible())),
            TodosOp::LastEvent(self.state.last_event.clone()),
        ];
        (ops, TodosOutcome::SetFilter(Ok(())))
    }

    pub(crate) fn todos_snapshot(&mut self, acks: Vec<Ack<TodosOutcome>>) -> Output {
        self.sequences[0] += 1;
        let frame: TodosFrame = Frame {
            epoch: self.state.epoch,
            sequence: self.sequences[0],
            snapshot: Some(SCHEMA_HASH),
            ops: vec![
                TodosOp::Visible(ListOp::Reset(self.visible())),
                TodosOp::Filter(self.state.filter.clone()),
                TodosOp::Count(self.state.todos.len() as i64),
                TodosOp::LastEvent(self.state.last_event.clone()),
            ],
            acks,
        };
        Output::Message(serialize(&CoreMessage::Frame(ReferenceFrame::Todos(frame))))
    }

    // MARK: Resync

    fn resync(&mut self, request: ResyncRequest) -> Vec<Output> {
        let epoch = self.state.epoch;
        match request.store {
            0 => {
                let acks = replay(&self.todos_acks, &request, epoch);
                vec![self.todos_snapshot(acks)]
            }
            1 => {
                let acks = replay(&self.chaos_acks, &request, epoch);
                vec![self.chaos_snapshot(acks)]
            }
            store => vec![error_message(Some(store), 2, format!("no store {store}"))],
        }
    }

    pub(crate) fn persist(&self) {
        let Some(path) = &self.state_file else { return };
        let temporary = path.with_extension("tmp");
        std::fs::write(&temporary, serialize(&self.state)).expect("the state file");
        std::fs::rename(&temporary, path).expect("the state file");
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

pub(crate) fn log<A>(entries: &mut VecDeque<(u64, Vec<A>)>, sequence: u64, acks: Vec<A>) {
    entries.push_back((sequence, acks));
    if entries.len() > ACK_LOG {
        entries.pop_front();
    }
}

/// The acks of the frames after the request's position: every logged one if the host's epoch is
/// another (it applied none of this epoch's frames).
fn replay<A: Clone>(entries: &VecDeque<(u64, Vec<A>)>, request: &ResyncRequest, epoch: u64) -> Vec<A> {
    let after = if request.epoch == Some(epoch) { request.sequence } else { 0 };
    entries.iter().filter(|(sequence, _)| *sequence > after).flat_map(|(_, acks)| acks.iter().cloned()).collect()
}

pub(crate) fn error_message(store: Option<u32>, code: u32, message: String) -> Output {
    Output::Message(serialize(&CoreMessage::<ReferenceFrame>::Error(CoreError { store, code, message })))
}

pub(crate) fn serialize<T: serde::Serialize>(value: &T) -> Vec<u8> {
    bincode::serialize(value).expect("bincode writes every value")
}

/// bincode 1's encoding, refusing trailing bytes (as the host does).
fn strict() -> impl Options {
    bincode::DefaultOptions::new().with_fixint_encoding()
}
