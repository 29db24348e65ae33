//! One store's side of a connection: numbering its frames, starting each epoch with a snapshot,
//! keeping its acks, answering resync requests, and merging its changes into one frame per drain.

use crate::ack_log::AckLog;
use crate::core::{AnySession, Outbox};
use crate::difference::first_difference;
use crate::schema::{fnv1a, Schema};
use crate::wire::{Ack, Command, CommandId, Frame, ResyncRequest};
use crate::{codes, Store};
use serde::Serialize;
use std::fmt;

/// How many acks a session keeps for resyncs by default: see [`StoreSession::with_ack_log`].
pub const DEFAULT_ACK_LOG: usize = 4096;

/// A store and its frames' numbering within the core's epoch.
///
/// Changes ([`push`](Self::push)) and acks ([`ack`](Self::ack), or [`handle`](Self::handle),
/// which runs the store's [`Store::command`] and acks it) wait for the next
/// [`drain`](Self::drain), which sends them as one frame. The first frame of an epoch, and the
/// answer to every resync request, is a snapshot ([`Store::snapshot`]) carrying the schema hash.
///
/// The rules it keeps are docs/CORE.md's: frames of an epoch are numbered 1, 2, 3…; an ack
/// travels in the frame that made its command's effects visible; a resync request is answered
/// with a snapshot that also carries the acks of every frame after the host's position (all of
/// this epoch's if the host's epoch is another), whatever the request's reason.
///
/// Not thread-safe by itself: the transports call it under the core's lock.
pub struct StoreSession<S: Store> {
    index: u32,
    store: S,
    schema: Schema,
    epoch: u64,
    sequence: u64,
    owes_snapshot: bool,
    changes: Vec<S::Op>,
    acks: Vec<Ack<S::Outcome>>,
    log: AckLog<S::Outcome>,
}

/// What a resync request was answered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resynced {
    /// The acks of earlier frames the snapshot carried again.
    pub replayed: usize,
    /// Whether acks the host had not applied were no longer in the log (it was told with a
    /// `CoreError` of code [`codes::ACKS_LOST`]).
    pub acks_lost: bool,
}

/// The host's schema of a store is not the core's: the request was answered with a `CoreError`
/// of code [`codes::SCHEMA_MISMATCH`] carrying the core's description, and no snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaMismatch {
    /// The store's index.
    pub store: u32,
    /// The hash of the host's description.
    pub host_hash: u64,
    /// The store's own hash.
    pub core_hash: u64,
    /// The first difference, as [`first_difference`](crate::first_difference) words it.
    pub difference: String,
}

impl fmt::Display for SchemaMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "store {}: the host's schema {:#x} is not the core's {:#x}: {}",
            self.store, self.host_hash, self.core_hash, self.difference
        )
    }
}

impl std::error::Error for SchemaMismatch {}

impl<S: Store> StoreSession<S> {
    /// The session of `store`, the app's store `index`, in the core's `epoch` (greater than any
    /// epoch this core used before: see [`clock_epoch`](crate::clock_epoch)).
    ///
    /// Panics if the store's types cannot be traced ([`Schema::of`]): a programming error, like
    /// a type that needs `deserialize_any`.
    pub fn new(index: u32, epoch: u64, store: S) -> StoreSession<S> {
        let schema = Schema::of::<S>().unwrap_or_else(|error| panic!("store {}: {error}", S::NAME));
        StoreSession {
            index,
            store,
            schema,
            epoch,
            sequence: 0,
            owes_snapshot: false,
            changes: vec![],
            acks: vec![],
            log: AckLog::new(DEFAULT_ACK_LOG),
        }
    }

    /// Keeps at most `limit` acks for resyncs ([`DEFAULT_ACK_LOG`] by default). Past it the
    /// oldest frames' acks are dropped; a host resyncing from before them gets its snapshot
    /// preceded by a `CoreError` of code [`codes::ACKS_LOST`], and its calls awaiting those acks
    /// wait until the connection ends. Frames the host has applied (its position in a resync
    /// request says which) leave the log then.
    pub fn with_ack_log(mut self, limit: usize) -> StoreSession<S> {
        self.log = AckLog::new(limit.max(1));
        self
    }

    /// The store's state.
    pub fn store(&self) -> &S {
        &self.store
    }

    /// The store's state, to change it; announce the changes with [`push`](Self::push).
    pub fn store_mut(&mut self) -> &mut S {
        &mut self.store
    }

    /// The store's schema, traced from its types when the session was made.
    pub fn schema(&self) -> &Schema {
        &self.schema
    }

    /// The store's index in the app's store enum.
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The epoch the session numbers its frames in.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// The last frame's sequence in this epoch (0: none sent).
    pub fn sequence(&self) -> u64 {
        self.sequence
    }

    /// An op for the next frame.
    pub fn push(&mut self, op: S::Op) {
        self.changes.push(op);
    }

    /// A command's answer, for the next frame (which must show the command's effects).
    pub fn ack(&mut self, command: CommandId, outcome: S::Outcome) {
        self.acks.push(Ack { command, outcome });
    }

    /// Runs [`Store::command`] and acks the command with its outcome.
    pub fn handle(&mut self, command: Command<S::Command>) {
        let outcome = self.store.command(command.command, &mut self.changes);
        self.ack(command.id, outcome);
    }

    /// The `CoreMessage` of the next frame, if there is one to send: the ops pushed and acks
    /// made since the last, in one frame; a snapshot instead if it is the epoch's first (or the
    /// first since [`restart`](Self::restart)). `None` if nothing is waiting.
    pub fn drain(&mut self) -> Option<Vec<u8>> {
        if self.sequence == 0 || self.owes_snapshot {
            if self.changes.is_empty() && self.acks.is_empty() && !self.owes_snapshot {
                return None;
            }
            let acks = std::mem::take(&mut self.acks);
            return Some(self.snapshot(acks, 0));
        }
        if self.changes.is_empty() && self.acks.is_empty() {
            return None;
        }
        self.sequence += 1;
        let acks = std::mem::take(&mut self.acks);
        self.log.record(self.sequence, &acks);
        let frame = Frame {
            epoch: self.epoch,
            sequence: self.sequence,
            snapshot: None,
            ops: std::mem::take(&mut self.changes),
            acks,
        };
        Some(frame_message(self.index, &frame))
    }

    /// Answers a resync request: a snapshot carrying the acks of the frames after the host's
    /// position, or, if the host's schema is not this store's, a `CoreError` of code
    /// [`codes::SCHEMA_MISMATCH`] whose message is the core's description (so that the host can
    /// name the difference too), and the difference as an error.
    pub fn resync(&mut self, request: &ResyncRequest, out: &mut Outbox) -> Result<Resynced, SchemaMismatch> {
        if request.schema != self.schema.description {
            out.error(Some(self.index), codes::SCHEMA_MISMATCH, self.schema.description.clone());
            return Err(SchemaMismatch {
                store: self.index,
                host_hash: fnv1a(request.schema.as_bytes()),
                core_hash: self.schema.hash,
                difference: first_difference(&request.schema, &self.schema.description).unwrap_or_default(),
            });
        }
        let after = if request.epoch == Some(self.epoch) {
            self.log.applied(request.sequence);
            request.sequence
        } else {
            0
        };
        let (mut acks, acks_lost) = self.log.after(after);
        if acks_lost {
            out.error(
                Some(self.index),
                codes::ACKS_LOST,
                format!("acks of frames after {after} were dropped: the log keeps the last acks only"),
            );
        }
        let replayed = acks.len();
        let pending = std::mem::take(&mut self.acks);
        acks.extend(pending);
        out.send(self.snapshot(acks, replayed));
        Ok(Resynced { replayed, acks_lost })
    }

    /// Starts a new epoch (the core restarted in place): numbering from 1 again, the ack log
    /// emptied, the changes not drained dropped (the snapshot shows them), and the next drain a
    /// snapshot even with nothing waiting. Acks not drained go in that snapshot.
    pub fn restart(&mut self, epoch: u64) {
        self.epoch = epoch;
        self.sequence = 0;
        self.owes_snapshot = true;
        self.changes.clear();
        self.log.clear();
    }

    /// Skips a sequence number, so that the host sees a gap and resyncs: for testing hosts.
    pub fn skip_sequence(&mut self) {
        self.sequence += 1;
    }

    /// A snapshot frame with `acks`, whose first `replayed` were logged with earlier frames.
    fn snapshot(&mut self, acks: Vec<Ack<S::Outcome>>, replayed: usize) -> Vec<u8> {
        self.sequence += 1;
        self.owes_snapshot = false;
        self.changes.clear();
        self.log.record(self.sequence, &acks[replayed..]);
        let frame = Frame {
            epoch: self.epoch,
            sequence: self.sequence,
            snapshot: Some(self.schema.hash),
            ops: self.store.snapshot(),
            acks,
        };
        frame_message(self.index, &frame)
    }
}

impl<S: Store> AnySession for StoreSession<S> {
    fn index(&self) -> u32 {
        self.index
    }
    fn resync(&mut self, request: &ResyncRequest, out: &mut Outbox) -> Result<Resynced, SchemaMismatch> {
        StoreSession::resync(self, request, out)
    }
    fn drain_into(&mut self, out: &mut Outbox) {
        if let Some(message) = self.drain() {
            out.send(message);
        }
    }
    fn restart(&mut self, epoch: u64) {
        StoreSession::restart(self, epoch)
    }
    fn describe(&self) -> Result<crate::StoreDescription, crate::DescribeError> {
        crate::describe::<S>(self.index)
    }
}

/// `CoreMessage::Frame` of the app's frame enum's variant `store`: the same bytes as the app's
/// `enum AppFrame { … }` would give, with no such enum to declare.
fn frame_message<Op: Serialize, Outcome: Serialize>(store: u32, frame: &Frame<Op, Outcome>) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(64);
    bytes.extend_from_slice(&0u32.to_le_bytes());
    bytes.extend_from_slice(&store.to_le_bytes());
    bincode::serialize_into(&mut bytes, frame).expect("bincode writes every frame");
    bytes
}
