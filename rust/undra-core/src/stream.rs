//! The byte-stream transport: each message is its length as a little-endian `u64`, then its bytes
//! (bincode's `Vec<u8>`), both ways, over a child's stdin and stdout or a Unix socket
//! (UndraRuntime's `ByteStreamTransport`).

use crate::core::{handle, Core, Outbox, Outgoing};
use crate::remote::{Running, Shared};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::os::unix::net::UnixListener;
use std::path::Path;

/// The largest message read, in bytes (the host's default limit): a longer length prefix is
/// garbage, and ends the stream.
pub const MAXIMUM_MESSAGE_SIZE: u64 = 64 << 20;

/// How a stream's service ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The host closed the stream (between messages, or in the middle of one).
    Closed,
    /// The core died sending a message ([`Outgoing::Die`]): its process should exit now.
    Died,
}

/// Reads one message; `None` if the stream ended (cleanly or mid-message).
pub fn read_message(input: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut header = [0u8; 8];
    if let Err(error) = input.read_exact(&mut header) {
        return if error.kind() == io::ErrorKind::UnexpectedEof { Ok(None) } else { Err(error) };
    }
    let length = u64::from_le_bytes(header);
    if length > MAXIMUM_MESSAGE_SIZE {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a message of {length} bytes (the limit is {MAXIMUM_MESSAGE_SIZE})"),
        ));
    }
    let mut message = vec![0u8; length as usize];
    match input.read_exact(&mut message) {
        Ok(()) => Ok(Some(message)),
        Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
        Err(error) => Err(error),
    }
}

/// Writes one message: its length, then its bytes.
pub fn write_message(output: &mut impl Write, message: &[u8]) -> io::Result<()> {
    output.write_all(&(message.len() as u64).to_le_bytes())?;
    output.write_all(message)
}

/// Serves one stream until the host closes it: each message is handled ([`handle`]), and what the
/// core sends back is written and flushed before the next is read. The core's own threads send
/// through its [`Remote`](crate::Remote) (given to [`Core::started`]), between messages.
pub fn serve<C: Core + Send + 'static>(
    core: C,
    input: impl Read,
    output: impl Write + Send + 'static,
) -> io::Result<Ended> {
    serve_shared(&Running::start(core), input, output)
}

/// Serves standard input and output (a core started by `ByteStreamTransport.childProcess`).
pub fn serve_stdio<C: Core + Send + 'static>(core: C) -> io::Result<Ended> {
    serve(core, io::stdin().lock(), io::stdout())
}

/// Serves a Unix socket at `path` (removed first if it exists), one connection at a time, for as
/// long as the process runs; the core (its epoch, its state) outlives each connection, and what
/// its own threads change between connections the next attach's snapshot shows. Returns when the
/// core dies, or the socket fails.
pub fn listen<C: Core + Send + 'static>(path: impl AsRef<Path>, core: C) -> io::Result<Ended> {
    let _ = std::fs::remove_file(&path);
    let listener = UnixListener::bind(path)?;
    let shared = Running::start(core);
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let reader = stream.try_clone()?;
        // A connection that fails ends; the next one is served.
        if let Ok(Ended::Died) = serve_shared(&shared, reader, stream) {
            return Ok(Ended::Died);
        }
    }
    Ok(Ended::Closed)
}

/// Serves one stream for a running core: its sink writes to `output` while the stream lasts.
fn serve_shared<C: Core + Send + 'static>(
    shared: &Shared<C>,
    input: impl Read,
    output: impl Write + Send + 'static,
) -> io::Result<Ended> {
    let mut output = BufWriter::new(output);
    lock(shared).sink = Some(Box::new(move |items| write(&mut output, items)));
    let ended = read_all(shared, BufReader::new(input));
    lock(shared).sink = None;
    ended
}

fn read_all<C: Core + Send + 'static>(shared: &Shared<C>, mut input: impl Read) -> io::Result<Ended> {
    let mut out = Outbox::new();
    while let Some(message) = read_message(&mut input)? {
        let mut running = lock(shared);
        handle(&mut running.core, &message, &mut out);
        if !running.deliver(out.take())? {
            return Ok(Ended::Died);
        }
    }
    Ok(Ended::Closed)
}

/// Writes what a core sends, and flushes it; `Ok(false)` once it died sending.
fn write(output: &mut impl Write, items: Vec<Outgoing>) -> io::Result<bool> {
    for item in items {
        match item {
            Outgoing::Message(bytes) => write_message(output, &bytes)?,
            Outgoing::Raw(bytes) => output.write_all(&bytes)?,
            Outgoing::Die(bytes) => {
                output.write_all(&(bytes.len() as u64).to_le_bytes())?;
                output.write_all(&bytes[..bytes.len() / 2])?;
                output.flush()?;
                return Ok(false);
            }
        }
    }
    output.flush()?;
    Ok(true)
}

/// The running core's lock; a core that panicked under it is still served (its state is its own).
fn lock<C>(shared: &Shared<C>) -> std::sync::MutexGuard<'_, Running<C>> {
    shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
