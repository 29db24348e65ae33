#![warn(missing_docs)]
//! What a Rust core needs to serve UndraRuntime's stores, so that its author writes the store's
//! types and logic and nothing of the protocol:
//!
//! - the wire's messages ([`Frame`], [`Ack`], [`ListOp`], [`Command`], [`CoreMessage`],
//!   [`HostMessage`], [`CoreError`], [`ResyncRequest`], [`ResyncReason`], [`CommandId`]): plain
//!   serde derives, exactly docs/WIRE.md's bytes under `bincode::serialize`;
//! - the schema hash: a type's [`Shape`] traced from its `Deserialize` implementation
//!   ([`shape_of`]), a store's [`Schema`] (description and FNV-1a hash), and the
//!   [`first_difference`] between two descriptions, worded as the Swift host words it;
//! - [`StoreSession`]: a store's frames numbered, each epoch begun with a snapshot, acks kept
//!   for resyncs ([`DEFAULT_ACK_LOG`]), every resync answered, changes merged into one frame
//!   per drain, and the host's schema checked at each resync;
//! - [`KeyedRows`]: "the list is now these rows" turned into the fewest `ListOp`s;
//! - the stores' descriptions for `undra bindgen` ([`describe`], [`CoreDescription`]): every type
//!   the fields, commands and outcomes reach, with Rust's names; [`NoCoalesce`] marks a field
//!   whose every value is kept;
//! - both transports: [`export_core!`] exports the C ABI for the in-process transport, and
//!   [`stream`] serves the length-prefixed byte stream over stdin/stdout or a Unix socket; a
//!   core's own threads send through its [`Remote`].
//!
//! docs/RUST.md is the guide; examples/score_core.rs a whole core.

mod ack_log;
mod core;
mod describe;
mod difference;
pub mod ffi;
mod list;
mod remote;
mod schema;
mod session;
mod shape;
pub mod stream;
mod trace;
mod wire;

pub use crate::core::{handle, restart, AnySession, Core, Outbox, Outgoing, SingleStore, SingleStoreCommand};
pub use crate::describe::{
    describe, describe_core, CommandDescription, CoreDescription, DescribeError, DescribeErrorKind, FieldDescription,
    FieldKind, NamedField, NoCoalesce, Payload, StoreDescription, TypeBody, TypeDefinition, TypeRef, VariantDefinition,
    DESCRIPTION_FORMAT,
};
pub use crate::difference::first_difference;
pub use crate::list::{DuplicateKey, KeyedRows};
pub use crate::remote::{Remote, Update};
pub use crate::schema::{fnv1a, Schema};
pub use crate::session::{Resynced, SchemaMismatch, StoreSession, DEFAULT_ACK_LOG};
pub use crate::shape::{normalize, Field, Shape, Variant};
pub use crate::trace::{shape_of, ShapeError};
pub use crate::wire::{
    Ack, Command, CommandId, CoreError, CoreMessage, Frame, HostMessage, ListOp, ResyncReason, ResyncRequest,
};

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A store as its core holds it: its types (the same as the host's, see docs/WIRE.md) and how
/// it answers commands.
///
/// - `Op`: one variant per field, variant index = field id; a scalar field's variant holds its
///   value, a keyed list's a [`ListOp`]. The variant's name is the field's (normalized).
/// - `Command`: one variant per command; `()` for a store with none.
/// - `Outcome`: one variant per command, with the command's index, holding its `Result`; `()`
///   for a store with no command.
pub trait Store {
    /// The store's name, as the host declares it (`WireSchema(store: "Todos", …)`).
    const NAME: &'static str;
    /// The op enum: one variant per field, variant index = field id.
    type Op: Serialize + DeserializeOwned;
    /// The command enum: one variant per command (`()` for none).
    type Command: DeserializeOwned;
    /// The outcome enum: one variant per command, with its index, each a `Result` (`()` for none).
    type Outcome: Serialize + DeserializeOwned + Clone;

    /// The whole state, as the ops of a snapshot (every field; a list as `ListOp::Reset`).
    fn snapshot(&self) -> Vec<Self::Op>;

    /// Applies a command: pushes the ops that show its effects to `changes`, and returns its
    /// outcome (the session acks it in the frame that carries those ops).
    fn command(&mut self, command: Self::Command, changes: &mut Vec<Self::Op>) -> Self::Outcome;
}

/// The `CoreError` codes of the protocol itself; a core's own codes are any others.
pub mod codes {
    /// A host message that did not decode (no store named): the message says why.
    pub const UNDECODABLE_MESSAGE: u32 = 1;
    /// A resync request for a store index the core does not have.
    pub const NO_SUCH_STORE: u32 = 2;
    /// The host's schema of the store is not the core's: the message is the core's description.
    /// Sent instead of the snapshot; the host fails its connection, naming the first difference.
    pub const SCHEMA_MISMATCH: u32 = 3;
    /// A resync's snapshot cannot carry every ack the host missed: the oldest left the log.
    pub const ACKS_LOST: u32 = 4;
}

/// An epoch from the clock: microseconds since 1970, so that a core started again (with no state
/// of its own to count from) still takes a greater epoch than the last.
pub fn clock_epoch() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |time| time.as_micros() as u64)
}
