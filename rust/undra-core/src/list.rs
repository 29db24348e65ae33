//! A keyed list as the core holds it, and the ops that turn it into the rows it should hold.

use crate::wire::ListOp;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::Hash;

/// The rows of a keyed-list field, in order, as the host's mirror holds them after the ops
/// [`set`](Self::set) returned.
///
/// ```
/// use undra_core::{KeyedRows, ListOp};
/// let mut list = KeyedRows::new();
/// list.set(vec![(1, "milk"), (2, "eggs"), (3, "tea")]).unwrap();
/// let ops = list.set(vec![(3, "tea"), (1, "oat milk"), (4, "jam")]).unwrap();
/// assert_eq!(ops, vec![
///     ListOp::Remove(vec![2]),
///     ListOp::Insert { rows: vec![(4, "jam")], before: None },
///     ListOp::Move { key: 1, before: Some(4) },
///     ListOp::Update(1, "oat milk"),
/// ]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct KeyedRows<K, R> {
    rows: Vec<(K, R)>,
}

/// An empty list, whatever its key and row (a derived `Default` would ask both for one).
impl<K, R> Default for KeyedRows<K, R> {
    fn default() -> KeyedRows<K, R> {
        KeyedRows { rows: vec![] }
    }
}

/// Two rows of one list had the same key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateKey<K>(pub K);

impl<K: fmt::Debug> fmt::Display for DuplicateKey<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "two rows have the key {:?}", self.0)
    }
}

impl<K: fmt::Debug> std::error::Error for DuplicateKey<K> {}

impl<K: Clone + Eq + Hash, R: Clone + PartialEq> KeyedRows<K, R> {
    /// An empty list.
    pub fn new() -> KeyedRows<K, R> {
        KeyedRows { rows: vec![] }
    }

    /// The rows, in order.
    pub fn rows(&self) -> &[(K, R)] {
        &self.rows
    }

    /// The op a snapshot carries for the list: `Reset` with every row.
    pub fn reset(&self) -> ListOp<K, R> {
        ListOp::Reset(self.rows.clone())
    }

    /// Makes the list hold `rows`, and returns the ops that do the same to the host's copy, in
    /// the order to apply them: one `Remove` of the keys gone; then, from the end of the new list
    /// to its start, an `Insert` per run of new rows and a `Move` per row out of place (the rows
    /// kept in place are a longest increasing subsequence of the old order, so the moves are as
    /// few as can be); then an `Update` per kept row that changed. Nothing for rows unchanged.
    ///
    /// An error, changing nothing, if two of `rows` have one key.
    ///
    /// Cost: O(n log n) in the rows, plus the comparisons of the kept rows.
    pub fn set(&mut self, rows: Vec<(K, R)>) -> Result<Vec<ListOp<K, R>>, DuplicateKey<K>> {
        let mut new_index: HashMap<&K, usize> = HashMap::with_capacity(rows.len());
        for (index, (key, _)) in rows.iter().enumerate() {
            if new_index.insert(key, index).is_some() {
                return Err(DuplicateKey(key.clone()));
            }
        }
        let mut ops = vec![];
        let removed: Vec<K> =
            self.rows.iter().filter(|(k, _)| !new_index.contains_key(k)).map(|(k, _)| k.clone()).collect();
        if !removed.is_empty() {
            ops.push(ListOp::Remove(removed));
        }
        // The kept rows in their old order, by their place in the new list.
        let kept: Vec<usize> = self.rows.iter().filter_map(|(k, _)| new_index.get(k).copied()).collect();
        let stays: HashSet<usize> = longest_increasing(&kept).into_iter().collect();
        let old: HashMap<&K, &R> = self.rows.iter().map(|(k, r)| (k, r)).collect();
        let mut next: Option<K> = None;
        let mut run: Vec<(K, R)> = vec![];
        for (index, (key, row)) in rows.iter().enumerate().rev() {
            if !old.contains_key(key) {
                run.push((key.clone(), row.clone()));
                continue;
            }
            if !run.is_empty() {
                run.reverse();
                let first = run[0].0.clone();
                ops.push(ListOp::Insert { rows: std::mem::take(&mut run), before: next.replace(first) });
            }
            if !stays.contains(&index) {
                ops.push(ListOp::Move { key: key.clone(), before: next.clone() });
            }
            next = Some(key.clone());
        }
        if !run.is_empty() {
            run.reverse();
            ops.push(ListOp::Insert { rows: run, before: next });
        }
        for (key, row) in &rows {
            if old.get(key).is_some_and(|old| *old != row) {
                ops.push(ListOp::Update(key.clone(), row.clone()));
            }
        }
        self.rows = rows;
        Ok(ops)
    }
}

/// The values of a longest strictly increasing subsequence of `values`. O(n log n).
fn longest_increasing(values: &[usize]) -> Vec<usize> {
    // tails[k]: the index of the smallest value ending an increasing run of length k + 1.
    let mut tails: Vec<usize> = vec![];
    let mut previous = vec![usize::MAX; values.len()];
    for (index, value) in values.iter().enumerate() {
        let length = tails.partition_point(|&tail| values[tail] < *value);
        if length > 0 {
            previous[index] = tails[length - 1];
        }
        if length == tails.len() {
            tails.push(index);
        } else {
            tails[length] = index;
        }
    }
    let mut result = vec![];
    let mut cursor = tails.last().copied().unwrap_or(usize::MAX);
    while cursor != usize::MAX {
        result.push(values[cursor]);
        cursor = previous[cursor];
    }
    result
}
