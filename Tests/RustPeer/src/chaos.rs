//! The reference core's second store, `Chaos` (store index 1): no fields, only commands that tell
//! the core to misbehave, so that a host's tests can drive every failure on purpose. Each command
//! is acknowledged at once; its misbehaviour hits the Todos store's next delta (or the stream).

use crate::todos::TodosCommand;
use crate::wire::Command;
use serde_derive::{Deserialize, Serialize};
use undra_core::Store;

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

/// The store: nothing to show, every command acknowledged (the core does the misbehaving).
pub struct Chaos;

impl Store for Chaos {
    const NAME: &'static str = "Chaos";
    type Op = ChaosOp;
    type Command = ChaosCommand;
    type Outcome = ChaosOutcome;

    fn snapshot(&self) -> Vec<ChaosOp> {
        vec![]
    }

    fn command(&mut self, command: ChaosCommand, _: &mut Vec<ChaosOp>) -> ChaosOutcome {
        ChaosOutcome::ok(&command)
    }
}

/// The reference core's commands: variant index = store index.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ReferenceCommand {
    Todos(Command<TodosCommand>),
    Chaos(Command<ChaosCommand>),
}
