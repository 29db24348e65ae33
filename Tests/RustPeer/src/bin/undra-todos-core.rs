//! The reference Todos core as a process, for UndraRuntime's byte-stream transport: each message
//! is a little-endian u64 length, then its bytes.
//!
//!   undra-todos-core [--epoch N] [--state FILE] stdio            serves stdin and stdout
//!   undra-todos-core [--epoch N] [--state FILE] listen SOCKET    serves a Unix socket, one
//!                                                                connection at a time
//!   undra-todos-core transcript FILE   writes the scripted session the Swift fake core must
//!                                      reproduce byte for byte

use std::io::{Read, Write};
use std::os::unix::net::UnixListener;
use std::process::exit;
use undra_peer::todos_core::{Config, Output, TodosCore};
use undra_peer::transcript;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let (config, rest) = Config::parse(&arguments).unwrap_or_else(|why| usage(&why));
    match rest.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["stdio"] => {
            let mut core = TodosCore::start(&config);
            serve(&mut core, &mut std::io::stdin().lock(), &mut std::io::stdout().lock());
        }
        ["listen", path] => {
            let mut core = TodosCore::start(&config);
            let _ = std::fs::remove_file(path);
            let listener = UnixListener::bind(path).unwrap_or_else(|e| usage(&format!("listen {path}: {e}")));
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let mut reader = stream.try_clone().expect("the connection");
                let mut writer = stream;
                serve(&mut core, &mut reader, &mut writer);
            }
        }
        ["transcript", file] => std::fs::write(file, transcript::text()).expect("the transcript file"),
        _ => usage("expected stdio, listen SOCKET or transcript FILE"),
    }
}

fn usage(why: &str) -> ! {
    eprintln!("undra-todos-core: {why}\nusage: undra-todos-core [--epoch N] [--state FILE] stdio | listen SOCKET | transcript FILE");
    exit(2)
}

/// Serves one connection until the host closes it. Exits the process when the core dies.
fn serve(core: &mut TodosCore, input: &mut impl Read, output: &mut impl Write) {
    loop {
        let mut header = [0u8; 8];
        if input.read_exact(&mut header).is_err() {
            return;
        }
        let mut message = vec![0u8; u64::from_le_bytes(header) as usize];
        if input.read_exact(&mut message).is_err() {
            return;
        }
        for answer in core.handle(&message) {
            let written = match answer {
                Output::Message(bytes) => output.write_all(&(bytes.len() as u64).to_le_bytes()).and_then(|_| output.write_all(&bytes)),
                Output::Raw(bytes) => output.write_all(&bytes),
                Output::Die(bytes) => {
                    let _ = output.write_all(&(bytes.len() as u64).to_le_bytes());
                    let _ = output.write_all(&bytes[..bytes.len() / 2]);
                    let _ = output.flush();
                    exit(3);
                }
            };
            if written.is_err() {
                return;
            }
        }
        if output.flush().is_err() {
            return;
        }
    }
}
