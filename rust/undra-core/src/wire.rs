//! The runtime's messages, exactly as docs/WIRE.md defines them: plain serde derives, written by
//! `bincode::serialize` (bincode 1's default configuration). A core instantiates them with its
//! stores' types; [`StoreSession`](crate::StoreSession) writes the frames for it. Each field
//! means what docs/WIRE.md ("The runtime's messages") says.
#![allow(missing_docs)] // the fields and variants the comments below do not name are WIRE.md's

use serde_derive::{Deserialize, Serialize};

/// A command's id: assigned by the host, never reused (not even across reconnects).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CommandId(pub u64);

/// One frame of one store: applied all or nothing.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Frame<Op, Outcome> {
    /// The core instance; a new epoch starts with a snapshot.
    pub epoch: u64,
    /// The previous frame's plus one.
    pub sequence: u64,
    /// `Some(schema hash)` on a snapshot, which carries the whole state; `None` on a delta.
    pub snapshot: Option<u64>,
    /// The store's ops, in order: one variant per field (variant index = field id).
    pub ops: Vec<Op>,
    /// The commands whose effects this frame makes visible, with their outcomes.
    pub acks: Vec<Ack<Outcome>>,
}

/// The answer to one command, in the frame that made its effects visible.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Ack<Outcome> {
    pub command: CommandId,
    /// The store's outcome enum: one variant per command (same index), each a `Result`.
    pub outcome: Outcome,
}

/// A keyed-list field's op. Rows travel as (key, row) pairs. [`KeyedRows`](crate::KeyedRows)
/// computes them from the rows a list should hold.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ListOp<K, R> {
    /// 0: replaces every row.
    Reset(Vec<(K, R)>),
    /// 1: inserts rows before the row of `before` (`None` appends).
    Insert { rows: Vec<(K, R)>, before: Option<K> },
    /// 2: replaces the row of a key, keeping its position.
    Update(K, R),
    /// 3: removes the rows of the keys.
    Remove(Vec<K>),
    /// 4: moves the row of `key` before the row of `before` (`None` moves it to the end).
    Move { key: K, before: Option<K> },
}

/// A command as the host sends it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Command<C> {
    pub id: CommandId,
    /// The store's command enum.
    pub command: C,
}

/// Everything a core sends. `Frames` is the app's enum of its stores' frames (variant index =
/// store index).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum CoreMessage<Frames> {
    Frame(Frames),
    Error(CoreError),
}

/// Everything a host sends. `Commands` is the app's enum of its stores' commands (variant
/// index = store index), each a `Command<StoreCommand>`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum HostMessage<Commands> {
    Command(Commands),
    Resync(ResyncRequest),
}

/// An error of the core that is no command's answer: reported, ends nothing (but see
/// [`codes::SCHEMA_MISMATCH`](crate::codes::SCHEMA_MISMATCH)).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CoreError {
    /// The store it concerns, if one.
    pub store: Option<u32>,
    /// The core's own code for it; [`codes`](crate::codes) lists the protocol's.
    pub code: u32,
    pub message: String,
}

/// The host asks for a snapshot of one store.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ResyncRequest {
    pub store: u32,
    /// The epoch of the last frame applied (`None`: no snapshot yet).
    pub epoch: Option<u64>,
    /// The sequence of the last frame applied (0 with no snapshot yet).
    pub sequence: u64,
    pub reason: ResyncReason,
    /// The host's description of the store's schema (docs/WIRE.md, "The schema hash"): a core
    /// whose own differs answers with a `CoreError` of code
    /// [`SCHEMA_MISMATCH`](crate::codes::SCHEMA_MISMATCH) instead of a snapshot.
    pub schema: String,
}

/// Why a host asks for a snapshot.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ResyncReason {
    /// 0: the store was attached, or the host reconnected.
    Attach,
    /// 1: a frame skipped sequence numbers.
    Gap { expected: u64, received: u64 },
    /// 2: a frame repeated one already applied.
    Duplicate { last: u64, received: u64 },
    /// 3: a delta of an epoch the host did not expect (or before any snapshot).
    UnexpectedEpoch { expected: Option<u64>, received: u64 },
    /// 4: a snapshot made for another schema.
    SchemaMismatch { expected: u64, received: Option<u64> },
    /// 5: an op failed its precondition (op index among the frame's ops).
    Rejected { op: Option<u64>, message: String },
    /// 6: the message's bytes did not decode.
    Malformed { offset: u64, message: String },
}
