//! A scripted session with the reference core: every host message of the script, each followed
//! by what the core answers. Written to Tests/WireVectors/core.transcript (`undra-todos-core
//! transcript`); the Swift fake core must answer the same messages with the same bytes, so the
//! scenarios `swift test` runs against it are the real core's.
//!
//!   host HEX   a host message
//!   core HEX   a message the core sends
//!   raw HEX    bytes the core writes with no framing (garbage)
//!   die HEX    the message the core dies while sending

use crate::chaos::{Chaos, ChaosCommand, ReferenceCommand};
use crate::todos::{schema, TodoId, TodosCommand};
use crate::todos_core::{Config, TodosCore};
use crate::vectors::hex;
use crate::wire::{Command, CommandId, HostMessage, ResyncReason, ResyncRequest};
use undra_core::{Outbox, Outgoing, Schema};

fn todos(id: u64, command: TodosCommand) -> HostMessage<ReferenceCommand> {
    HostMessage::Command(ReferenceCommand::Todos(Command { id: CommandId(id), command }))
}

fn chaos(id: u64, command: ChaosCommand) -> HostMessage<ReferenceCommand> {
    HostMessage::Command(ReferenceCommand::Chaos(Command { id: CommandId(id), command }))
}

/// A resync request from a host whose schema of the store is the core's.
fn resync(store: u32, epoch: Option<u64>, sequence: u64, reason: ResyncReason) -> HostMessage<ReferenceCommand> {
    let schema = if store == 1 { Schema::of::<Chaos>().expect("the Chaos types trace") } else { schema() };
    HostMessage::Resync(ResyncRequest { store, epoch, sequence, reason, schema: schema.description })
}

/// The description of a Todos store whose `count` is a string: another schema.
pub fn mismatched_todos() -> String {
    schema().description.replace("field 2 count scalar i64", "field 2 count scalar string")
}

fn add(id: u64, title: &str) -> HostMessage<ReferenceCommand> {
    todos(id, TodosCommand::Add { title: title.to_string() })
}

/// The script: a host of another schema, attach both stores, every command and every outcome,
/// each misbehaviour and the resync that follows it.
pub fn script() -> Vec<HostMessage<ReferenceCommand>> {
    vec![
        HostMessage::Resync(ResyncRequest {
            store: 0,
            epoch: None,
            sequence: 0,
            reason: ResyncReason::Attach,
            schema: mismatched_todos(),
        }),
        resync(0, None, 0, ResyncReason::Attach),
        resync(1, None, 0, ResyncReason::Attach),
        add(1, "milk"),
        add(2, "eggs"),
        add(3, "tea"),
        add(4, "  "),
        todos(5, TodosCommand::Toggle(TodoId(1))),
        todos(6, TodosCommand::Toggle(TodoId(9))),
        todos(7, TodosCommand::SetFilter("open".to_string())),
        todos(8, TodosCommand::Toggle(TodoId(2))),
        todos(9, TodosCommand::Toggle(TodoId(1))),
        todos(10, TodosCommand::SetFilter("done".to_string())),
        todos(11, TodosCommand::Toggle(TodoId(3))),
        todos(12, TodosCommand::SetFilter("bogus".to_string())),
        todos(13, TodosCommand::SetFilter("all".to_string())),
        chaos(14, ChaosCommand::SkipSequence),
        add(15, "jam"),
        resync(0, Some(7), 12, ResyncReason::Gap { expected: 13, received: 14 }),
        chaos(16, ChaosCommand::SendMalformed),
        add(17, "oil"),
        add(18, "rice"),
        resync(
            0,
            Some(7),
            15,
            ResyncReason::Malformed {
                offset: 24,
                message: "byte 24: expected an option tag (0 or 1), found 2".to_string(),
            },
        ),
        chaos(19, ChaosCommand::SendError { code: 42, message: "disk full".to_string() }),
        chaos(20, ChaosCommand::SendGarbage),
        resync(0, Some(7), 18, ResyncReason::Malformed { offset: 0, message: "garbage".to_string() }),
        chaos(21, ChaosCommand::Restart),
        add(22, "salt"),
        resync(3, None, 0, ResyncReason::Attach),
        chaos(23, ChaosCommand::DieMidFrame),
        add(24, "pepper"),
    ]
}

/// The transcript's text: the script run through a fresh core of epoch 7.
pub fn text() -> String {
    let mut core = TodosCore::start(&Config { epoch: Some(7), state: None });
    let mut text = String::from("# Written by Tests/RustPeer (`undra-todos-core transcript`): the reference core's answers to a scripted session. Do not edit.\n");
    for message in script() {
        let bytes = bincode::serialize(&message).expect("bincode writes every value");
        text += &format!("host {}\n", hex(&bytes));
        let mut out = Outbox::new();
        undra_core::handle(&mut core, &bytes, &mut out);
        for output in out.take() {
            let (kind, bytes) = match output {
                Outgoing::Message(bytes) => ("core", bytes),
                Outgoing::Raw(bytes) => ("raw", bytes),
                Outgoing::Die(bytes) => ("die", bytes),
            };
            text += &format!("{kind} {}\n", hex(&bytes));
        }
    }
    text
}
