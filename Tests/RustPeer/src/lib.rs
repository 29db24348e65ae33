//! The Rust peer of UndraRuntime's wire (docs/WIRE.md): the runtime's messages and the Todos
//! store's types, with serde derives and bincode 1's default configuration, as a core would
//! declare them.

pub mod chaos;
pub mod codable;
pub mod ffi;
pub mod todos;
pub mod todos_core;
pub mod transcript;
pub mod vectors;
pub mod wire;

#[cfg(test)]
mod golden;
