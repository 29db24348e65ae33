//! The reference core's C ABI, for the in-process transport (UndraRuntime's
//! `InProcessCoreFunctions`): `undra_core_create`, `undra_core_send`, `undra_core_destroy`, as
//! undra-core exports them.
//!
//! The configuration is the executable's arguments, one per line (`--epoch\n3\n--state\n/tmp/x`).
//! The core answers inside `send`, on the caller's thread. When it dies (`DieMidFrame`), it
//! applies the command, tells the host with `receive(context, NULL, 0)`, and refuses every later
//! message (`send` returns 1).

use crate::todos_core::{Config, TodosCore};

undra_core::export_core!(TodosCore, |configuration: &[u8]| Config::from_bytes(configuration)
    .map(|config| TodosCore::start(&config)));
