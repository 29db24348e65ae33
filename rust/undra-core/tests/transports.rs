//! Both transports around one core: the byte stream's framing (and a core that dies mid-message),
//! and the C ABI as the host calls it.

mod common;

use common::*;
use std::ffi::c_void;
use std::io::Cursor;
use undra_core::stream::{read_message, serve, write_message, Ended};
use undra_core::*;

fn attach() -> Vec<u8> {
    let request = ResyncRequest { store: 0, epoch: None, sequence: 0, reason: ResyncReason::Attach, schema: TODOS_DESCRIPTION.to_string() };
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

#[test]
fn the_stream_answers_each_message_with_length_prefixed_messages() {
    let mut core = SingleStore::new(5, Todos::default());
    let mut output = vec![];
    let input = framed(&[attach(), add(1, "milk"), add(2, "eggs")]);
    assert_eq!(serve(&mut core, Cursor::new(input), &mut output).unwrap(), Ended::Closed);
    let mut output = Cursor::new(output);
    let answers: Vec<Vec<u8>> = std::iter::from_fn(|| read_message(&mut output).unwrap()).collect();
    assert_eq!(answers.iter().map(|m| sequence_of(m)).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(answers[0][24], 1, "a snapshot first");
}

#[test]
fn a_length_beyond_the_limit_is_an_error_and_a_cut_message_the_end() {
    let mut core = SingleStore::new(5, Todos::default());
    let error = serve(&mut core, Cursor::new(u64::MAX.to_le_bytes().to_vec()), vec![]).unwrap_err();
    assert_eq!(error.to_string(), "a message of 18446744073709551615 bytes (the limit is 67108864)");
    let mut cut = framed(&[attach()]);
    cut.truncate(cut.len() - 1);
    let mut output = vec![];
    assert_eq!(serve(&mut core, Cursor::new(cut), &mut output).unwrap(), Ended::Closed);
    assert!(output.is_empty());
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
    let mut core = Dying(SingleStore::new(5, Todos::default()));
    let mut output = vec![];
    let input = framed(&[attach(), add(1, "milk"), add(2, "never read")]);
    assert_eq!(serve(&mut core, Cursor::new(input), &mut output).unwrap(), Ended::Died);
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
