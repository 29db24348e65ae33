//! `undra init`.

use crate::refusal::Refusal;
use std::path::PathBuf;

/// Creates a new app.
pub fn run(_name: &str, _floor: Option<&str>, _observation: Option<&str>, _path: Option<PathBuf>) -> Result<PathBuf, Refusal> {
    Err(Refusal::new(crate::refusal::codes::CANNOT_INIT, "not yet"))
}
