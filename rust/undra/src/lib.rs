//! The Undra toolchain's command (docs/BINDGEN.md): `undra bindgen` reads an app's `Undra.toml`,
//! loads its Rust core's built library, reads the stores' descriptions from the core's own types
//! (undra-core's `undra_core_describe`), and writes the Swift package of its stores; `undra init`
//! starts a new app.
#![warn(missing_docs)]

pub mod bindgen;
pub mod config;
pub mod init;
pub mod load;
pub mod refusal;
pub mod swift;
