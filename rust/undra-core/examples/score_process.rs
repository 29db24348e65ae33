//! The Score core of examples/score_core.rs as a process: `score_process` serves stdin and stdout
//! (UndraRuntime's `ByteStreamTransport.childProcess`), `score_process listen SOCKET` a Unix socket.

#[path = "score_core.rs"]
mod score_core;

fn main() -> std::io::Result<()> {
    let core = score_core::start();
    match std::env::args().nth(2) {
        Some(path) => undra_core::stream::listen(path, core)?,
        None => undra_core::stream::serve_stdio(core)?,
    };
    Ok(())
}
