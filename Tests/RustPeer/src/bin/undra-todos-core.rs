//! The reference Todos core as a process, for UndraRuntime's byte-stream transport (undra-core's
//! `stream`: each message is a little-endian u64 length, then its bytes).
//!
//!   undra-todos-core [--epoch N] [--state FILE] stdio            serves stdin and stdout
//!   undra-todos-core [--epoch N] [--state FILE] listen SOCKET    serves a Unix socket, one
//!                                                                connection at a time
//!   undra-todos-core transcript FILE   writes the scripted session the Swift fake core must
//!                                      reproduce byte for byte

use std::process::exit;
use undra_core::stream::{self, Ended};
use undra_peer::todos_core::{Config, TodosCore};
use undra_peer::transcript;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let (config, rest) = Config::parse(&arguments).unwrap_or_else(|why| usage(&why));
    let ended = match rest.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["stdio"] => stream::serve_stdio(TodosCore::start(&config)),
        ["listen", path] => stream::listen(path, TodosCore::start(&config)),
        ["transcript", file] => {
            std::fs::write(file, transcript::text()).expect("the transcript file");
            return;
        }
        _ => usage("expected stdio, listen SOCKET or transcript FILE"),
    };
    match ended {
        Ok(Ended::Closed) => {}
        Ok(Ended::Died) => exit(3),
        Err(error) => {
            eprintln!("undra-todos-core: {error}");
            exit(1)
        }
    }
}

fn usage(why: &str) -> ! {
    eprintln!("undra-todos-core: {why}\nusage: undra-todos-core [--epoch N] [--state FILE] stdio | listen SOCKET | transcript FILE");
    exit(2)
}
