//! The __App__ core as a process: serves UndraRuntime's byte stream on standard input and output
//! (`__App__Core(executable:)` in Swift). The same crate builds the library an app links in process.

fn main() -> std::io::Result<()> {
    undra_core::stream::serve_stdio(__app___core::start())?;
    Ok(())
}
