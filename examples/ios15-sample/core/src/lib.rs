//! The Reading app's core: its state and its logic, in Rust. The Swift side sees the `Readings`
//! store through `undra bindgen`'s generated package: each variant of `ReadingsOp` is a property,
//! each variant of `ReadingsCommand` an awaited method.
//!
//! Change the types, `cargo build`, then `undra bindgen` (docs/BINDGEN.md).

use serde_derive::{Deserialize, Serialize};
use undra_core::{KeyedRows, ListOp, SingleStore, Store};

/// An item's id: the key of the `items` list.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadingId(pub u64);

/// One item: a row of the `items` list.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Reading {
    pub id: ReadingId,
    pub title: String,
    pub done: bool,
}

/// Why a command was refused: the Swift methods throw it as `CommandError<ReadingError>`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ReadingError {
    EmptyTitle,
    NotFound(ReadingId),
}

/// The store's fields, one variant each (in this order: the variant index is the field's id).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ReadingsOp {
    /// A keyed list, patched in place on the Swift side.
    Items(ListOp<ReadingId, Reading>),
    /// A scalar.
    Remaining(u64),
}

/// The store's commands.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ReadingsCommand {
    Add { title: String },
    Toggle(ReadingId),
}

/// Each command's answer, in the same order.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ReadingsOutcome {
    Add(Result<ReadingId, ReadingError>),
    Toggle(Result<(), ReadingError>),
}

/// The store's state.
#[derive(Default)]
pub struct Readings {
    items: Vec<Reading>,
    rows: KeyedRows<ReadingId, Reading>,
    next_id: u64,
}

impl Readings {
    /// The ops that show the items as they are now.
    fn changes(&mut self) -> Vec<ReadingsOp> {
        let rows = self.items.iter().map(|item| (item.id, item.clone())).collect();
        let mut changes: Vec<ReadingsOp> =
            self.rows.set(rows).expect("ids are unique").into_iter().map(ReadingsOp::Items).collect();
        changes.push(ReadingsOp::Remaining(self.items.iter().filter(|item| !item.done).count() as u64));
        changes
    }
}

impl Store for Readings {
    const NAME: &'static str = "Readings";
    type Op = ReadingsOp;
    type Command = ReadingsCommand;
    type Outcome = ReadingsOutcome;

    fn snapshot(&self) -> Vec<ReadingsOp> {
        vec![
            ReadingsOp::Items(ListOp::Reset(self.items.iter().map(|item| (item.id, item.clone())).collect())),
            ReadingsOp::Remaining(self.items.iter().filter(|item| !item.done).count() as u64),
        ]
    }

    fn command(&mut self, command: ReadingsCommand, changes: &mut Vec<ReadingsOp>) -> ReadingsOutcome {
        match command {
            ReadingsCommand::Add { title } => {
                if title.trim().is_empty() {
                    return ReadingsOutcome::Add(Err(ReadingError::EmptyTitle));
                }
                self.next_id += 1;
                let id = ReadingId(self.next_id);
                self.items.push(Reading { id, title, done: false });
                changes.extend(self.changes());
                ReadingsOutcome::Add(Ok(id))
            }
            ReadingsCommand::Toggle(id) => {
                let Some(item) = self.items.iter_mut().find(|item| item.id == id) else {
                    return ReadingsOutcome::Toggle(Err(ReadingError::NotFound(id)));
                };
                item.done = !item.done;
                changes.extend(self.changes());
                ReadingsOutcome::Toggle(Ok(()))
            }
        }
    }
}

/// A new core: store 0 is the `Readings` store, empty, in an epoch from the clock.
pub fn start() -> SingleStore<Readings> {
    SingleStore::new(undra_core::clock_epoch(), Readings::default())
}

// The C ABI: in process (an iOS app links the staticlib; tests load the cdylib).
undra_core::export_core!(SingleStore<Readings>, |_configuration: &[u8]| Some(start()));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_and_toggling() {
        let mut store = Readings::default();
        let mut changes = vec![];
        assert_eq!(
            store.command(ReadingsCommand::Add { title: " ".to_string() }, &mut changes),
            ReadingsOutcome::Add(Err(ReadingError::EmptyTitle))
        );
        assert_eq!(
            store.command(ReadingsCommand::Add { title: "milk".to_string() }, &mut changes),
            ReadingsOutcome::Add(Ok(ReadingId(1)))
        );
        assert_eq!(store.command(ReadingsCommand::Toggle(ReadingId(1)), &mut changes), ReadingsOutcome::Toggle(Ok(())));
        assert_eq!(changes.last(), Some(&ReadingsOp::Remaining(0)));
        assert_eq!(
            store.command(ReadingsCommand::Toggle(ReadingId(9)), &mut changes),
            ReadingsOutcome::Toggle(Err(ReadingError::NotFound(ReadingId(9))))
        );
    }
}
