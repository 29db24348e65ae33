//! The reference core's second store, `Chaos` (store index 1): no fields, only commands that tell
//! the core to misbehave, so that a host's tests can drive every failure on purpose. Each command
//! is acknowledged at once; its misbehaviour hits the Todos store's next delta (or the stream).

use crate::todos::{TodosCommand, TodosFrame};
use crate::todos_core::{error_message, log, serialize, Output, TodosCore};
use crate::wire::{Ack, Command, CoreMessage, Frame};
use serde_derive::{Deserialize, Serialize};

/// The schema hash the Swift side declares for the Chaos store.
pub const CHAOS_SCHEMA_HASH: u64 = 0xC4A0;

/// The Chaos store has no fields: its op enum has no variant.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ChaosOp {}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ChaosCommand {
    /// The next Todos delta skips a sequence number.
    SkipSequence,
    /// The next Todos delta is sent malformed (a bad `Option` tag where its snapshot flag is).
    SendMalformed,
    /// After the ack, bytes that are no message at all (on a stream: a length of `u64::MAX`).
    SendGarbage,
    /// The next Todos command is applied (and persisted), then the core dies halfway through
    /// writing its frame.
    DieMidFrame,
    /// The core restarts in place with a new epoch, and sends each store's snapshot.
    Restart,
    /// The core sends a `CoreError` about the Todos store.
    SendError { code: u32, message: String },
}

/// One variant per command, with its index; chaos never fails (`Err(())` is never sent).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ChaosOutcome {
    SkipSequence(Result<(), ()>),
    SendMalformed(Result<(), ()>),
    SendGarbage(Result<(), ()>),
    DieMidFrame(Result<(), ()>),
    Restart(Result<(), ()>),
    SendError(Result<(), ()>),
}

impl ChaosOutcome {
    pub fn ok(command: &ChaosCommand) -> ChaosOutcome {
        match command {
            ChaosCommand::SkipSequence => ChaosOutcome::SkipSequence(Ok(())),
            ChaosCommand::SendMalformed => ChaosOutcome::SendMalformed(Ok(())),
            ChaosCommand::SendGarbage => ChaosOutcome::SendGarbage(Ok(())),
            ChaosCommand::DieMidFrame => ChaosOutcome::DieMidFrame(Ok(())),
            ChaosCommand::Restart => ChaosOutcome::Restart(Ok(())),
            ChaosCommand::SendError { .. } => ChaosOutcome::SendError(Ok(())),
        }
    }
}

pub type ChaosFrame = Frame<ChaosOp, ChaosOutcome>;

/// The reference core's stores: variant index = store index.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ReferenceFrame {
    Todos(TodosFrame),
    Chaos(ChaosFrame),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ReferenceCommand {
    Todos(Command<TodosCommand>),
    Chaos(Command<ChaosCommand>),
}

/// How the reference core obeys the Chaos store.
impl TodosCore {
    pub(crate) fn chaos_command(&mut self, command: Command<ChaosCommand>) -> Vec<Output> {
        let ack = Ack { command: command.id, outcome: ChaosOutcome::ok(&command.command) };
        match command.command {
            ChaosCommand::SkipSequence => self.armed.skip = true,
            ChaosCommand::SendMalformed => self.armed.malformed = true,
            ChaosCommand::DieMidFrame => self.armed.die = true,
            ChaosCommand::SendGarbage => {
                return vec![self.chaos_frame(vec![ack]), Output::Raw(vec![0xFF; 16])];
            }
            ChaosCommand::Restart => {
                self.state.epoch += 1;
                self.persist();
                self.sequences = [0, 0];
                self.todos_acks.clear();
                self.chaos_acks.clear();
                return vec![self.todos_snapshot(vec![]), self.chaos_snapshot(vec![ack])];
            }
            ChaosCommand::SendError { code, message } => {
                return vec![error_message(Some(0), code, message), self.chaos_frame(vec![ack])];
            }
        }
        vec![self.chaos_frame(vec![ack])]
    }

    fn chaos_frame(&mut self, acks: Vec<Ack<ChaosOutcome>>) -> Output {
        self.sequences[1] += 1;
        log(&mut self.chaos_acks, self.sequences[1], acks.clone());
        let frame: ChaosFrame = Frame { epoch: self.state.epoch, sequence: self.sequences[1], snapshot: None, ops: vec![], acks };
        Output::Message(serialize(&CoreMessage::Frame(ReferenceFrame::Chaos(frame))))
    }

    pub(crate) fn chaos_snapshot(&mut self, acks: Vec<Ack<ChaosOutcome>>) -> Output {
        self.sequences[1] += 1;
        let frame: ChaosFrame =
            Frame { epoch: self.state.epoch, sequence: self.sequences[1], snapshot: Some(CHAOS_SCHEMA_HASH), ops: vec![], acks };
        Output::Message(serialize(&CoreMessage::Frame(ReferenceFrame::Chaos(frame))))
    }

}
