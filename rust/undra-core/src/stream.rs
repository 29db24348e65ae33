//! The byte-stream transport: each message is its length as a little-endian `u64`, then its bytes
//! (bincode's `Vec<u8>`), both ways, over a child's stdin and stdout or a Unix socket
//! (UndraRuntime's `ByteStreamTransport`).

use crate::core::{handle, Core, Outbox, Outgoing};
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
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("a message of {length} bytes (the limit is {MAXIMUM_MESSAGE_SIZE})")));
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
/// core sends back is written and flushed before the next is read.
pub fn serve<C: Core + ?Sized>(core: &mut C, input: impl Read, output: impl Write) -> io::Result<Ended> {
    let mut input = BufReader::new(input);
    let mut output = BufWriter::new(output);
    let mut out = Outbox::new();
    while let Some(message) = read_message(&mut input)? {
        handle(core, &message, &mut out);
        for outgoing in out.take() {
            match outgoing {
                Outgoing::Message(bytes) => write_message(&mut output, &bytes)?,
                Outgoing::Raw(bytes) => output.write_all(&bytes)?,
                Outgoing::Die(bytes) => {
                    output.write_all(&(bytes.len() as u64).to_le_bytes())?;
                    output.write_all(&bytes[..bytes.len() / 2])?;
                    output.flush()?;
                    return Ok(Ended::Died);
                }
            }
        }
        output.flush()?;
    }
    Ok(Ended::Closed)
}

/// Serves standard input and output (a core started by `ByteStreamTransport.childProcess`).
pub fn serve_stdio<C: Core + ?Sized>(core: &mut C) -> io::Result<Ended> {
    serve(core, io::stdin().lock(), io::stdout().lock())
}

/// Serves a Unix socket at `path` (removed first if it exists), one connection at a time, for as
/// long as the process runs; the core (its epoch, its state) outlives each connection. Returns
/// when the core dies, or the socket fails.
pub fn listen<C: Core + ?Sized>(path: impl AsRef<Path>, core: &mut C) -> io::Result<Ended> {
    let _ = std::fs::remove_file(&path);
    let listener = UnixListener::bind(path)?;
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let reader = stream.try_clone()?;
        // A connection that fails ends; the next one is served.
        if let Ok(Ended::Died) = serve(core, reader, stream) {
            return Ok(Ended::Died);
        }
    }
    Ok(Ended::Closed)
}
