//! The acks a store session keeps to send again: a resync's snapshot carries the acks of every
//! frame the host did not apply, so that no answer is lost with a frame it rejected.

use crate::wire::Ack;
use std::collections::VecDeque;

/// The acks of the frames sent in this epoch, by frame, oldest first, up to `limit` acks.
///
/// Past the limit the oldest frames' acks are dropped, and `lost_through` remembers the last
/// frame dropped: a host resyncing from before it would miss answers, and is told so.
pub(crate) struct AckLog<Outcome> {
    frames: VecDeque<(u64, Vec<Ack<Outcome>>)>,
    count: usize,
    limit: usize,
    /// The sequence of the last frame whose acks were dropped for room (0: none).
    lost_through: u64,
}

impl<Outcome: Clone> AckLog<Outcome> {
    pub(crate) fn new(limit: usize) -> AckLog<Outcome> {
        AckLog { frames: VecDeque::new(), count: 0, limit, lost_through: 0 }
    }

    /// Keeps the acks of frame `sequence`. O(1) amortized.
    pub(crate) fn record(&mut self, sequence: u64, acks: &[Ack<Outcome>]) {
        if acks.is_empty() {
            return;
        }
        self.frames.push_back((sequence, acks.to_vec()));
        self.count += acks.len();
        while self.count > self.limit {
            let Some((dropped, acks)) = self.frames.pop_front() else { break };
            self.count -= acks.len();
            self.lost_through = dropped;
        }
    }

    /// Forgets the frames up to `sequence`: the host has applied them. O(frames forgotten).
    pub(crate) fn applied(&mut self, sequence: u64) {
        while self.frames.front().is_some_and(|(s, _)| *s <= sequence) {
            let (_, acks) = self.frames.pop_front().expect("a front");
            self.count -= acks.len();
        }
    }

    /// The acks of the frames after `sequence`, in order, and whether some were dropped for room.
    pub(crate) fn after(&self, sequence: u64) -> (Vec<Ack<Outcome>>, bool) {
        let acks =
            self.frames.iter().filter(|(s, _)| *s > sequence).flat_map(|(_, acks)| acks.iter().cloned()).collect();
        (acks, self.lost_through > sequence)
    }

    pub(crate) fn clear(&mut self) {
        self.frames.clear();
        self.count = 0;
        self.lost_through = 0;
    }
}
