//! Both transports around one core: the byte stream's framing (and a core that dies mid-message),
//! and the C ABI as the host calls it.

mod common;

use common::*;
use std::ffi::c_void;
use std::io::{Cursor, Write};
use std::sync::{mpsc, Arc, Mutex};
use undra_core::stream::{read_message, serve, write_message, Ended};
use undra_core::*;

fn attach() -> Vec<u8> {
    let request = ResyncRequest {
        store: 0,
        epoch: None,
        sequence: 0,
        reason: ResyncReason::Attach,
        schema: TODOS_DESCRIPTION.to_string(),
    };
    bincode::serialize(&HostMessage::<()>::Resync(request)).unwrap()
}

fn add(id: u64, title: &str) -> Vec<u8> {
    let command = Command { id: CommandId(id), command: TodosCommand::Add { title: title.to_string() } };
    bincode::serialize(&HostMessage::Command(SingleStoreCommand::<TodosCommand>::Store(command))).unwrap()
}

fn framed(messages: &[Vec<u8>]) -> Vec<u8> {
    let mut bytes = vec![];
    for message in messages {
        write_message(&mut bytes, message).unwrap();
    }
    bytes
}

fn sequence_of(message: &[u8]) -> u64 {
    u64::from_le_bytes(message[16..24].try_into().unwrap())
}

/// What a stream's core wrote, readable while it serves.
#[derive(Clone, Default)]
struct Written(Arc<Mutex<Vec<u8>>>);

impl Write for Written {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Written {
    fn bytes(&self) -> Vec<u8> {
        self.0.lock().unwrap().clone()
    }
}

#[test]
fn the_stream_answers_each_message_with_length_prefixed_messages() {
    let output = Written::default();
    let input = framed(&[attach(), add(1, "milk"), add(2, "eggs")]);
    assert_eq!(
        serve(SingleStore::new(5, Todos::default()), Cursor::new(input), output.clone()).unwrap(),
        Ended::Closed
    );
    let mut output = Cursor::new(output.bytes());
    let answers: Vec<Vec<u8>> = std::iter::from_fn(|| read_message(&mut output).unwrap()).collect();
    assert_eq!(answers.iter().map(|m| sequence_of(m)).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(answers[0][24], 1, "a snapshot first");
}

#[test]
fn a_length_beyond_the_limit_is_an_error_and_a_cut_message_the_end() {
    let core = || SingleStore::new(5, Todos::default());
    let error = serve(core(), Cursor::new(u64::MAX.to_le_bytes().to_vec()), Written::default()).unwrap_err();
    assert_eq!(error.to_string(), "a message of 18446744073709551615 bytes (the limit is 67108864)");
    let mut cut = framed(&[attach()]);
    cut.truncate(cut.len() - 1);
    let output = Written::default();
    assert_eq!(serve(core(), Cursor::new(cut), output.clone()).unwrap(), Ended::Closed);
    assert!(output.bytes().is_empty());
}

/// A core that dies while sending its answer to any command.
struct Dying(SingleStore<Todos>);

impl Core for Dying {
    type Commands = SingleStoreCommand<TodosCommand>;
    fn command(&mut self, command: Self::Commands, out: &mut Outbox) {
        self.0.command(command, out);
        let frame = self.0.session.drain().unwrap();
        out.die_sending(frame);
    }
    fn sessions(&mut self, visit: &mut dyn FnMut(&mut dyn AnySession)) {
        self.0.sessions(visit)
    }
}

#[test]
fn a_core_that_dies_writes_the_length_and_half_the_message() {
    let written = Written::default();
    let input = framed(&[attach(), add(1, "milk"), add(2, "never read")]);
    assert_eq!(
        serve(Dying(SingleStore::new(5, Todos::default())), Cursor::new(input), written.clone()).unwrap(),
        Ended::Died
    );
    let output = written.bytes();
    let mut reader = Cursor::new(output.clone());
    let snapshot = read_message(&mut reader).unwrap().unwrap();
    let length = u64::from_le_bytes(output[8 + snapshot.len()..16 + snapshot.len()].try_into().unwrap()) as usize;
    assert_eq!(output.len(), 16 + snapshot.len() + length / 2);
    assert_eq!(read_message(&mut reader).unwrap(), None, "cut short");
}

undra_core::export_core!(SingleStore<Todos>, |configuration: &[u8]| {
    let epoch = std::str::from_utf8(configuration).ok()?.parse().ok()?;
    Some(SingleStore::new(epoch, Todos::default()))
});

extern "C" fn collect(context: *mut c_void, bytes: *const u8, length: usize) {
    let received = unsafe { &mut *(context as *mut Vec<Option<Vec<u8>>>) };
    received.push((!bytes.is_null()).then(|| unsafe { std::slice::from_raw_parts(bytes, length) }.to_vec()));
}

#[test]
fn the_c_abi_creates_answers_inside_send_and_destroys() {
    let mut received: Vec<Option<Vec<u8>>> = vec![];
    let context = &mut received as *mut Vec<Option<Vec<u8>>> as *mut c_void;
    unsafe {
        assert!(undra_core_create(b"x".as_ptr(), 1, collect, context).is_null(), "a configuration that is no epoch");
        let core = undra_core_create(b"9".as_ptr(), 1, collect, context);
        assert!(!core.is_null());
        for message in [attach(), add(1, "milk")] {
            assert_eq!(undra_core_send(core, message.as_ptr(), message.len()), 0);
        }
        undra_core_destroy(core);
    }
    let answers: Vec<Vec<u8>> = received.into_iter().map(Option::unwrap).collect();
    assert_eq!(answers.len(), 2);
    assert_eq!(u64::from_le_bytes(answers[1][8..16].try_into().unwrap()), 9, "epoch 9");
    assert_eq!(answers.iter().map(|m| sequence_of(m)).collect::<Vec<_>>(), vec![1, 2]);
}

/// A core that hands its `Remote` out, as a core starting a thread of its own would.
struct Reachable {
    inner: SingleStore<Todos>,
    remotes: mpsc::Sender<Remote<Reachable>>,
}

impl Core for Reachable {
    type Commands = SingleStoreCommand<TodosCommand>;
    fn command(&mut self, command: Self::Commands, out: &mut Outbox) {
        self.inner.command(command, out)
    }
    fn sessions(&mut self, visit: &mut dyn FnMut(&mut dyn AnySession)) {
        self.inner.sessions(visit)
    }
    fn started(&mut self, remote: Remote<Self>) {
        self.remotes.send(remote).unwrap();
    }
}

#[test]
fn a_cores_own_thread_sends_its_changes_through_the_stream_between_messages() {
    let (remotes, started) = mpsc::channel();
    let (mut host, core_side) = std::os::unix::net::UnixStream::pair().unwrap();
    let reader = core_side.try_clone().unwrap();
    let server = std::thread::spawn(move || {
        serve(Reachable { inner: SingleStore::new(5, Todos::default()), remotes }, reader, core_side).unwrap()
    });
    let remote = started.recv().unwrap();
    write_message(&mut host, &attach()).unwrap();
    assert_eq!(sequence_of(&read_message(&mut host).unwrap().unwrap()), 1);
    let sent = remote.update(|core, _| {
        core.inner.session.push(TodosOp::Count(42));
        core.inner.session.push(TodosOp::LastEvent("tick".into()));
    });
    assert_eq!(sent, Update::Sent);
    let delta = read_message(&mut host).unwrap().unwrap();
    let frame: Frame<TodosOp, TodosOutcome> = bincode::deserialize(&delta[8..]).unwrap();
    assert_eq!((frame.sequence, frame.ops), (2, vec![TodosOp::Count(42), TodosOp::LastEvent("tick".into())]));
    drop(host);
    assert_eq!(server.join().unwrap(), Ended::Closed);
    assert_eq!(remote.update(|_, _| panic!("the core is gone")), Update::Gone, "with its stream");
}

#[test]
fn a_cores_own_thread_reaches_the_host_in_process_until_it_is_destroyed() {
    let received = Arc::new(Mutex::new(Vec::<Vec<u8>>::new()));
    extern "C" fn keep(context: *mut c_void, bytes: *const u8, length: usize) {
        let received = unsafe { &*(context as *const Mutex<Vec<Vec<u8>>>) };
        received.lock().unwrap().push(unsafe { std::slice::from_raw_parts(bytes, length) }.to_vec());
    }
    let (remotes, started) = mpsc::channel();
    let context = Arc::as_ptr(&received) as *mut c_void;
    unsafe {
        let core = undra_core::ffi::create(std::ptr::null(), 0, keep, context, |_| {
            Some(Reachable { inner: SingleStore::new(3, Todos::default()), remotes })
        });
        let remote: Remote<Reachable> = started.recv().unwrap();
        assert!(started.try_recv().is_err(), "started once");
        let message = attach();
        assert_eq!(undra_core::ffi::send::<Reachable>(core, message.as_ptr(), message.len()), 0);
        let from_thread = remote.clone();
        let thread =
            std::thread::spawn(move || from_thread.update(|core, _| core.inner.session.push(TodosOp::Count(7))));
        assert_eq!(thread.join().unwrap(), Update::Sent);
        assert_eq!(received.lock().unwrap().iter().map(|m| sequence_of(m)).collect::<Vec<_>>(), vec![1, 2]);
        undra_core::ffi::destroy::<Reachable>(core);
        assert_eq!(remote.update(|_, _| panic!("the core is gone")), Update::Gone, "no receive after destroy");
    }
    assert_eq!(received.lock().unwrap().len(), 2);
}

#[test]
fn between_connections_of_a_socket_a_change_is_kept_for_the_next_snapshot() {
    let path = std::env::temp_dir().join(format!("undra-core-test-{}", std::process::id()));
    let (remotes, started) = mpsc::channel();
    let listening = path.clone();
    std::thread::spawn(move || {
        let _ =
            undra_core::stream::listen(listening, Reachable { inner: SingleStore::new(5, Todos::default()), remotes });
    });
    let remote = started.recv().unwrap();
    let connect = || loop {
        if let Ok(stream) = std::os::unix::net::UnixStream::connect(&path) {
            break stream;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    let mut first = connect();
    write_message(&mut first, &attach()).unwrap();
    assert_eq!(sequence_of(&read_message(&mut first).unwrap().unwrap()), 1);
    drop(first);
    // Once the first connection has ended, nobody is there: the change stays in the core.
    let added = (0..1000).find_map(|_| {
        std::thread::sleep(std::time::Duration::from_millis(2));
        // Idempotent: an update that still found the old connection changed the same.
        let update = remote.update(|core, _| {
            let todos = &mut core.inner.session.store_mut().todos;
            if todos.is_empty() {
                todos.push(Todo { id: TodoId(9), title: "kept".into(), done: false });
            }
        });
        (update == Update::NoHost).then_some(())
    });
    assert_eq!(added, Some(()));
    let mut second = connect();
    write_message(&mut second, &attach()).unwrap();
    let snapshot: Frame<TodosOp, TodosOutcome> =
        bincode::deserialize(&read_message(&mut second).unwrap().unwrap()[8..]).unwrap();
    assert_eq!(snapshot.ops[2], TodosOp::Count(1), "the snapshot shows the todo added between connections");
    let _ = std::fs::remove_file(&path);
}
