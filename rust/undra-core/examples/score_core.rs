//! The Score store of UndraRuntime's README.md, served by a core on undra-core: built as a shared
//! library, it exports the C ABI (`undra_core_create`, `_send`, `_destroy`) for the in-process
//! transport; examples/score_process.rs serves the same core over stdin and stdout.
//!
//! Everything below is the store's own types and logic, but for the `impl Store` header lines,
//! `snapshot` and the `export_core!` call.

use serde_derive::{Deserialize, Serialize};
use undra_core::{SingleStore, Store};

/// One variant per field: `total` is field 0.
#[derive(Serialize, Deserialize)]
pub enum ScoreOp {
    Total(i64),
}

#[derive(Deserialize)]
pub enum ScoreCommand {
    Add(i64),
}

#[derive(Serialize, Deserialize, Clone)]
pub struct ScoreRefused(pub String);

/// One variant per command, with its index.
#[derive(Serialize, Deserialize, Clone)]
pub enum ScoreOutcome {
    Add(Result<i64, ScoreRefused>),
}

#[derive(Default)]
pub struct Score {
    total: i64,
}

impl Store for Score {
    const NAME: &'static str = "Score";
    type Op = ScoreOp;
    type Command = ScoreCommand;
    type Outcome = ScoreOutcome;

    fn snapshot(&self) -> Vec<ScoreOp> {
        vec![ScoreOp::Total(self.total)]
    }

    fn command(&mut self, ScoreCommand::Add(points): ScoreCommand, changes: &mut Vec<ScoreOp>) -> ScoreOutcome {
        let Some(total) = self.total.checked_add(points) else {
            return ScoreOutcome::Add(Err(ScoreRefused(format!("{} + {points} overflows", self.total))));
        };
        self.total = total;
        changes.push(ScoreOp::Total(total));
        ScoreOutcome::Add(Ok(total))
    }
}

/// A new core: store 0 is a Score starting at 0, in an epoch from the clock.
pub fn start() -> SingleStore<Score> {
    SingleStore::new(undra_core::clock_epoch(), Score::default())
}

undra_core::export_core!(SingleStore<Score>, |_configuration: &[u8]| Some(start()));
