//! A store session keeps docs/CORE.md's rules: numbering, a snapshot first in each epoch, one
//! frame per drain, every resync answered with the acks the host missed, the schema checked.

mod common;

use common::*;
use undra_core::*;

type TodosFrame = Frame<TodosOp, TodosOutcome>;

fn frame(message: &[u8]) -> (u32, TodosFrame) {
    assert_eq!(message[..4], [0, 0, 0, 0], "CoreMessage::Frame");
    let store = u32::from_le_bytes(message[4..8].try_into().unwrap());
    (store, bincode::deserialize(&message[8..]).expect("a frame"))
}

fn error(message: &[u8]) -> CoreError {
    match bincode::deserialize::<CoreMessage<()>>(message).expect("a core message") {
        CoreMessage::Error(error) => error,
        CoreMessage::Frame(()) => panic!("not an error"),
    }
}

fn messages(out: &mut Outbox) -> Vec<Vec<u8>> {
    out.take()
        .into_iter()
        .map(|outgoing| match outgoing {
            Outgoing::Message(bytes) => bytes,
            other => panic!("not a message: {other:?}"),
        })
        .collect()
}

fn add(id: u64, title: &str) -> Command<TodosCommand> {
    Command { id: CommandId(id), command: TodosCommand::Add { title: title.to_string() } }
}

fn request(epoch: Option<u64>, sequence: u64, reason: ResyncReason) -> ResyncRequest {
    ResyncRequest { store: 2, epoch, sequence, reason, schema: TODOS_DESCRIPTION.to_string() }
}

fn session() -> StoreSession<Todos> {
    StoreSession::new(2, 7, Todos::default())
}

#[test]
fn an_epoch_begins_with_a_snapshot_and_numbers_its_frames_from_1() {
    let mut todos = session();
    assert_eq!(todos.drain(), None, "nothing to send");
    todos.handle(add(10, "milk"));
    let (store, first) = frame(&todos.drain().unwrap());
    assert_eq!(store, 2);
    assert_eq!((first.epoch, first.sequence, first.snapshot), (7, 1, Some(todos.schema().hash)));
    assert_eq!(first.ops, Todos { todos: vec![Todo { id: TodoId(1), title: "milk".into(), done: false }] }.snapshot());
    assert_eq!(first.acks, vec![Ack { command: CommandId(10), outcome: TodosOutcome::Add(Ok(TodoId(1))) }]);
    todos.handle(add(11, "eggs"));
    let (_, second) = frame(&todos.drain().unwrap());
    assert_eq!((second.sequence, second.snapshot), (2, None));
    assert_eq!(todos.drain(), None);
}

#[test]
fn what_waits_for_a_drain_goes_in_one_frame() {
    let mut todos = session();
    todos.handle(add(1, "milk"));
    todos.drain();
    todos.handle(add(2, "eggs"));
    todos.handle(Command { id: CommandId(3), command: TodosCommand::Toggle(TodoId(1)) });
    todos.push(TodosOp::LastEvent("two".into()));
    let (_, delta) = frame(&todos.drain().unwrap());
    assert_eq!(delta.sequence, 2);
    assert_eq!(delta.ops.len(), 4);
    assert_eq!(delta.ops[3], TodosOp::LastEvent("two".into()));
    assert_eq!(delta.acks.iter().map(|a| a.command.0).collect::<Vec<_>>(), vec![2, 3]);
}

#[test]
fn every_resync_reason_is_answered_with_a_snapshot_carrying_the_acks_the_host_missed() {
    let reasons = [
        ResyncReason::Attach,
        ResyncReason::Gap { expected: 2, received: 3 },
        ResyncReason::Duplicate { last: 2, received: 2 },
        ResyncReason::UnexpectedEpoch { expected: Some(7), received: 8 },
        ResyncReason::SchemaMismatch { expected: 1, received: Some(2) },
        ResyncReason::Rejected { op: Some(0), message: "no key".into() },
        ResyncReason::Malformed { offset: 24, message: "bad tag".into() },
    ];
    for reason in reasons {
        let mut todos = session();
        for id in 1..=4 {
            todos.handle(add(id, "x"));
            todos.drain();
        }
        let mut out = Outbox::new();
        // The host applied frames 1 and 2: the acks of 3 and 4 come again.
        let answer = todos.resync(&request(Some(7), 2, reason.clone()), &mut out).unwrap();
        assert_eq!(answer, Resynced { replayed: 2, acks_lost: false });
        let answers = messages(&mut out);
        assert_eq!(answers.len(), 1, "{reason:?}");
        let (_, snapshot) = frame(&answers[0]);
        assert_eq!((snapshot.sequence, snapshot.snapshot), (5, Some(todos.schema().hash)));
        assert_eq!(snapshot.acks.iter().map(|a| a.command.0).collect::<Vec<_>>(), vec![3, 4], "{reason:?}");
        assert_eq!(snapshot.ops, todos.store().snapshot());
    }
}

#[test]
fn a_host_of_another_epoch_gets_every_ack_of_this_one() {
    let mut todos = session();
    for id in 1..=3 {
        todos.handle(add(id, "x"));
        todos.drain();
    }
    let mut out = Outbox::new();
    todos.resync(&request(Some(6), 9, ResyncReason::Attach), &mut out).unwrap();
    let (_, snapshot) = frame(&messages(&mut out)[0]);
    assert_eq!(snapshot.acks.len(), 3);
    todos.resync(&request(None, 0, ResyncReason::Attach), &mut out).unwrap();
    let (_, again) = frame(&messages(&mut out)[0]);
    // The first snapshot's acks were replayed ones: logged once, with their own frames.
    assert_eq!((again.sequence, again.acks.len()), (5, 3));
}

#[test]
fn frames_the_host_applied_leave_the_log() {
    let mut todos = session();
    for id in 1..=3 {
        todos.handle(add(id, "x"));
        todos.drain();
    }
    let mut out = Outbox::new();
    todos.resync(&request(Some(7), 3, ResyncReason::Attach), &mut out).unwrap();
    out.take();
    // The host's position was 3; an older position now finds nothing before it.
    todos.resync(&request(Some(7), 1, ResyncReason::Attach), &mut out).unwrap();
    assert_eq!(frame(&messages(&mut out)[0]).1.acks.len(), 0);
}

#[test]
fn past_its_bound_the_log_drops_the_oldest_acks_and_the_host_is_told() {
    let mut todos = session().with_ack_log(3);
    for id in 1..=5 {
        todos.handle(add(id, "x"));
        todos.drain();
    }
    let mut out = Outbox::new();
    let answer = todos.resync(&request(Some(7), 1, ResyncReason::Attach), &mut out).unwrap();
    assert_eq!(answer, Resynced { replayed: 3, acks_lost: true });
    let answers = messages(&mut out);
    assert_eq!(answers.len(), 2);
    let lost = error(&answers[0]);
    assert_eq!((lost.store, lost.code), (Some(2), codes::ACKS_LOST));
    assert_eq!(lost.message, "acks of frames after 1 were dropped: the log keeps the last acks only");
    assert_eq!(frame(&answers[1]).1.acks.iter().map(|a| a.command.0).collect::<Vec<_>>(), vec![3, 4, 5]);
    // A host that applied frame 2 missed nothing the log lost.
    let answer = todos.resync(&request(Some(7), 2, ResyncReason::Attach), &mut out).unwrap();
    assert_eq!(answer, Resynced { replayed: 3, acks_lost: false });
}

#[test]
fn a_host_with_another_schema_gets_the_cores_description_and_no_snapshot() {
    let mut todos = session();
    todos.handle(add(1, "x"));
    todos.drain();
    let mut host = request(None, 0, ResyncReason::Attach);
    host.schema = TODOS_DESCRIPTION.replace("field 2 count scalar i64", "field 2 count scalar string");
    let mut out = Outbox::new();
    let mismatch = todos.resync(&host, &mut out).unwrap_err();
    assert_eq!(mismatch.difference, "field 2 (count): the host has scalar string, the core has scalar i64");
    assert_eq!(
        (mismatch.store, mismatch.core_hash, mismatch.host_hash),
        (2, todos.schema().hash, fnv1a(host.schema.as_bytes()))
    );
    assert_eq!(
        mismatch.to_string(),
        format!(
            "store 2: the host's schema {:#x} is not the core's {:#x}: {}",
            mismatch.host_hash, mismatch.core_hash, mismatch.difference
        )
    );
    let answers = messages(&mut out);
    assert_eq!(answers.len(), 1);
    assert_eq!(
        error(&answers[0]),
        CoreError { store: Some(2), code: codes::SCHEMA_MISMATCH, message: TODOS_DESCRIPTION.to_string() }
    );
    assert_eq!(todos.sequence(), 1, "nothing sent");
}

#[test]
fn a_restart_begins_a_new_epoch_with_a_snapshot_even_with_nothing_waiting() {
    let mut todos = session();
    todos.handle(add(1, "x"));
    todos.drain();
    todos.handle(add(2, "y"));
    todos.drain();
    todos.push(TodosOp::Count(99)); // dropped: the snapshot shows the state
    todos.restart(8);
    let (_, snapshot) = frame(&todos.drain().unwrap());
    assert_eq!((snapshot.epoch, snapshot.sequence, snapshot.snapshot.is_some()), (8, 1, true));
    assert_eq!(snapshot.ops, todos.store().snapshot());
    assert_eq!(todos.drain(), None);
    let mut out = Outbox::new();
    todos.resync(&request(Some(7), 1, ResyncReason::Attach), &mut out).unwrap();
    assert_eq!(frame(&messages(&mut out)[0]).1.acks.len(), 0, "the old epoch's acks are gone");
}

#[test]
fn a_skipped_sequence_number_shows_as_a_gap() {
    let mut todos = session();
    todos.handle(add(1, "x"));
    todos.drain();
    todos.skip_sequence();
    todos.handle(add(2, "y"));
    assert_eq!(frame(&todos.drain().unwrap()).1.sequence, 3);
}

/// An app of one store, which records the schema mismatches it is told of.
struct App {
    todos: StoreSession<Todos>,
    mismatches: Vec<SchemaMismatch>,
}

#[derive(serde_derive::Deserialize)]
enum AppCommand {
    Todos(Command<TodosCommand>),
}

impl Core for App {
    type Commands = AppCommand;
    fn command(&mut self, AppCommand::Todos(command): AppCommand, _: &mut Outbox) {
        self.todos.handle(command);
    }
    fn sessions(&mut self, visit: &mut dyn FnMut(&mut dyn AnySession)) {
        visit(&mut self.todos);
    }
    fn schema_mismatch(&mut self, mismatch: &SchemaMismatch) {
        self.mismatches.push(mismatch.clone());
    }
}

#[test]
fn handle_routes_host_messages_and_drains_every_session() {
    let mut app = App { todos: StoreSession::new(0, 3, Todos::default()), mismatches: vec![] };
    let mut out = Outbox::new();
    let attach = HostMessage::<()>::Resync(ResyncRequest { store: 0, ..request(None, 0, ResyncReason::Attach) });
    handle(&mut app, &bincode::serialize(&attach).unwrap(), &mut out);
    assert_eq!(frame(&messages(&mut out)[0]).1.sequence, 1);
    let command = HostMessage::Command(AppCommand::Todos(add(5, "milk")));
    handle(&mut app, &serialize_command(&command), &mut out);
    let (_, delta) = frame(&messages(&mut out)[0]);
    assert_eq!((delta.sequence, delta.acks[0].command), (2, CommandId(5)));

    let nowhere = HostMessage::<()>::Resync(ResyncRequest { store: 4, ..request(None, 0, ResyncReason::Attach) });
    handle(&mut app, &bincode::serialize(&nowhere).unwrap(), &mut out);
    assert_eq!(
        error(&messages(&mut out)[0]),
        CoreError { store: Some(4), code: codes::NO_SUCH_STORE, message: "no store 4".into() }
    );

    handle(&mut app, &[1, 0, 0, 0, 0], &mut out);
    let undecodable = error(&messages(&mut out)[0]);
    assert_eq!((undecodable.store, undecodable.code), (None, codes::UNDECODABLE_MESSAGE));
    assert!(undecodable.message.starts_with("undecodable host message: "), "{}", undecodable.message);

    let mut other = ResyncRequest { store: 0, ..request(None, 0, ResyncReason::Attach) };
    other.schema = "undra-schema 2\nstore todos".into();
    handle(&mut app, &bincode::serialize(&HostMessage::<()>::Resync(other)).unwrap(), &mut out);
    assert_eq!(error(&messages(&mut out)[0]).code, codes::SCHEMA_MISMATCH);
    assert_eq!(app.mismatches.len(), 1);
    assert_eq!(
        app.mismatches[0].difference,
        "field 0 (visible): the host has no field 0, the core has list i64 (id:i64,title:string,done:bool)"
    );
}

/// `HostMessage<AppCommand>`'s bytes (the host's side of the enum).
fn serialize_command(message: &HostMessage<AppCommand>) -> Vec<u8> {
    let HostMessage::Command(AppCommand::Todos(command)) = message else { unreachable!() };
    let mut bytes = vec![0, 0, 0, 0, 0, 0, 0, 0];
    bytes.extend(bincode::serialize(command).unwrap());
    bytes
}
