//! The Reading core as a process: serves UndraRuntime's byte stream on standard input and output
//! (`ReadingCore(executable:)` in Swift). The same crate builds the library an app links in process.

fn main() -> std::io::Result<()> {
    undra_core::stream::serve_stdio(reading_core::start())?;
    Ok(())
}
