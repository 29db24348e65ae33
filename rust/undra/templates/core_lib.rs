//! The __App__ app's core: its state and its logic, in Rust. The Swift side sees the `__App__s`
//! store through `undra bindgen`'s generated package: each variant of `__App__sOp` is a property,
//! each variant of `__App__sCommand` an awaited method.
//!
//! Change the types, `cargo build`, then `undra bindgen` (docs/BINDGEN.md).

use serde_derive::{Deserialize, Serialize};
use undra_core::{KeyedRows, ListOp, SingleStore, Store};

/// An item's id: the key of the `items` list.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct __App__Id(pub u64);

/// One item: a row of the `items` list.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct __App__ {
    pub id: __App__Id,
    pub title: String,
    pub done: bool,
}

/// Why a command was refused: the Swift methods throw it as `CommandError<__App__Error>`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum __App__Error {
    EmptyTitle,
    NotFound(__App__Id),
}

/// The store's fields, one variant each (in this order: the variant index is the field's id).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum __App__sOp {
    /// A keyed list, patched in place on the Swift side.
    Items(ListOp<__App__Id, __App__>),
    /// A scalar.
    Remaining(u64),
}

/// The store's commands.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum __App__sCommand {
    Add { title: String },
    Toggle(__App__Id),
}

/// Each command's answer, in the same order.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum __App__sOutcome {
    Add(Result<__App__Id, __App__Error>),
    Toggle(Result<(), __App__Error>),
}

/// The store's state.
#[derive(Default)]
pub struct __App__s {
    items: Vec<__App__>,
    rows: KeyedRows<__App__Id, __App__>,
    next_id: u64,
}

impl __App__s {
    /// The ops that show the items as they are now.
    fn changes(&mut self) -> Vec<__App__sOp> {
        let rows = self.items.iter().map(|item| (item.id, item.clone())).collect();
        let mut changes: Vec<__App__sOp> =
            self.rows.set(rows).expect("ids are unique").into_iter().map(__App__sOp::Items).collect();
        changes.push(__App__sOp::Remaining(self.items.iter().filter(|item| !item.done).count() as u64));
        changes
    }
}

impl Store for __App__s {
    const NAME: &'static str = "__App__s";
    type Op = __App__sOp;
    type Command = __App__sCommand;
    type Outcome = __App__sOutcome;

    fn snapshot(&self) -> Vec<__App__sOp> {
        vec![
            __App__sOp::Items(ListOp::Reset(self.items.iter().map(|item| (item.id, item.clone())).collect())),
            __App__sOp::Remaining(self.items.iter().filter(|item| !item.done).count() as u64),
        ]
    }

    fn command(&mut self, command: __App__sCommand, changes: &mut Vec<__App__sOp>) -> __App__sOutcome {
        match command {
            __App__sCommand::Add { title } => {
                if title.trim().is_empty() {
                    return __App__sOutcome::Add(Err(__App__Error::EmptyTitle));
                }
                self.next_id += 1;
                let id = __App__Id(self.next_id);
                self.items.push(__App__ { id, title, done: false });
                changes.extend(self.changes());
                __App__sOutcome::Add(Ok(id))
            }
            __App__sCommand::Toggle(id) => {
                let Some(item) = self.items.iter_mut().find(|item| item.id == id) else {
                    return __App__sOutcome::Toggle(Err(__App__Error::NotFound(id)));
                };
                item.done = !item.done;
                changes.extend(self.changes());
                __App__sOutcome::Toggle(Ok(()))
            }
        }
    }
}

/// A new core: store 0 is the `__App__s` store, empty, in an epoch from the clock.
pub fn start() -> SingleStore<__App__s> {
    SingleStore::new(undra_core::clock_epoch(), __App__s::default())
}

// The C ABI: in process (an iOS app links the staticlib; tests load the cdylib).
undra_core::export_core!(SingleStore<__App__s>, |_configuration: &[u8]| Some(start()));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_and_toggling() {
        let mut store = __App__s::default();
        let mut changes = vec![];
        assert_eq!(
            store.command(__App__sCommand::Add { title: " ".to_string() }, &mut changes),
            __App__sOutcome::Add(Err(__App__Error::EmptyTitle))
        );
        assert_eq!(
            store.command(__App__sCommand::Add { title: "milk".to_string() }, &mut changes),
            __App__sOutcome::Add(Ok(__App__Id(1)))
        );
        assert_eq!(store.command(__App__sCommand::Toggle(__App__Id(1)), &mut changes), __App__sOutcome::Toggle(Ok(())));
        assert_eq!(changes.last(), Some(&__App__sOp::Remaining(0)));
        assert_eq!(
            store.command(__App__sCommand::Toggle(__App__Id(9)), &mut changes),
            __App__sOutcome::Toggle(Err(__App__Error::NotFound(__App__Id(9))))
        );
    }
}
