//! `KeyedRows::set` against a model: random old and new lists, the ops applied to the old one as
//! the host's mirror applies them must give the new one, with no op that was not needed.

use undra_core::{DuplicateKey, KeyedRows, ListOp};

/// The host's keyed list, applying ops the way docs/WIRE.md defines them (every precondition
/// checked: a missing key, a key already there, is a failure).
fn apply(rows: &mut Vec<(u32, u32)>, op: &ListOp<u32, u32>) {
    let position =
        |rows: &Vec<(u32, u32)>, key: &u32| rows.iter().position(|(k, _)| k == key).expect("the key is there");
    match op {
        ListOp::Reset(new) => *rows = new.clone(),
        ListOp::Insert { rows: new, before } => {
            for (key, _) in new {
                assert!(rows.iter().all(|(k, _)| k != key), "inserted key {key} is already there");
            }
            let at = before.as_ref().map_or(rows.len(), |b| position(rows, b));
            rows.splice(at..at, new.iter().cloned());
        }
        ListOp::Update(key, row) => {
            let at = position(rows, key);
            assert_ne!(rows[at].1, *row, "an update that changes nothing");
            rows[at].1 = *row;
        }
        ListOp::Remove(keys) => {
            for key in keys {
                let at = position(rows, key);
                rows.remove(at);
            }
        }
        ListOp::Move { key, before } => {
            assert_ne!(Some(key), before.as_ref(), "a move before itself");
            let row = rows.remove(position(rows, key));
            let at = before.as_ref().map_or(rows.len(), |b| position(rows, b));
            rows.insert(at, row);
        }
    }
}

/// xorshift64*: the same cases on every run.
struct Random(u64);
impl Random {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % below
    }
    /// Some of `0..keys`, shuffled, each with a row value in 0..3.
    fn rows(&mut self, keys: u32) -> Vec<(u32, u32)> {
        let mut rows: Vec<(u32, u32)> = vec![];
        for key in 0..keys {
            if self.next(3) > 0 {
                rows.push((key, self.next(3) as u32));
            }
        }
        for i in (1..rows.len()).rev() {
            rows.swap(i, self.next(i as u64 + 1) as usize);
        }
        rows
    }
}

#[test]
fn ten_thousand_random_lists_become_the_new_list_through_the_ops() {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let (mut moves, mut inserts) = (0, 0);
    for round in 0..10_000 {
        let keys = 1 + (round % 40) as u32;
        let old = random.rows(keys);
        let new = random.rows(keys);
        let mut list = KeyedRows::new();
        list.set(old.clone()).unwrap();
        let ops = list.set(new.clone()).unwrap();
        let mut host = old.clone();
        for op in &ops {
            apply(&mut host, op);
        }
        assert_eq!(host, new, "round {round}: {old:?} → {new:?} by {ops:?}");
        assert_eq!(list.rows(), new.as_slice());
        // The fewest moves: every kept row not in a longest run kept in order moves once.
        let kept: Vec<usize> = old.iter().filter_map(|(k, _)| new.iter().position(|(n, _)| n == k)).collect();
        let expected_moves = kept.len() - longest_increasing_length(&kept);
        let round_moves = ops.iter().filter(|op| matches!(op, ListOp::Move { .. })).count();
        assert_eq!(round_moves, expected_moves, "round {round}: {ops:?}");
        assert!(ops.iter().filter(|op| matches!(op, ListOp::Remove(_))).count() <= 1);
        moves += round_moves;
        inserts += ops.iter().filter(|op| matches!(op, ListOp::Insert { .. })).count();
    }
    assert!(moves > 10_000 && inserts > 10_000, "the cases move and insert: {moves} moves, {inserts} inserts");
}

fn longest_increasing_length(values: &[usize]) -> usize {
    let mut best = vec![1; values.len()];
    for i in 0..values.len() {
        for j in 0..i {
            if values[j] < values[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

#[test]
fn the_same_rows_need_no_op_and_an_emptied_list_one_remove() {
    let mut list = KeyedRows::new();
    assert_eq!(
        list.set(vec![(1, 10), (2, 20)]).unwrap(),
        vec![ListOp::Insert { rows: vec![(1, 10), (2, 20)], before: None }]
    );
    assert_eq!(list.set(vec![(1, 10), (2, 20)]).unwrap(), vec![]);
    assert_eq!(list.reset(), ListOp::Reset(vec![(1, 10), (2, 20)]));
    assert_eq!(list.set(vec![]).unwrap(), vec![ListOp::Remove(vec![1, 2])]);
}

#[test]
fn rows_with_one_key_twice_are_refused_and_nothing_changes() {
    let mut list = KeyedRows::new();
    list.set(vec![(1, 10)]).unwrap();
    assert_eq!(list.set(vec![(2, 1), (3, 1), (2, 5)]), Err(DuplicateKey(2)));
    assert_eq!(list.rows(), &[(1, 10)]);
    assert_eq!(DuplicateKey(2).to_string(), "two rows have the key 2");
}
