//! The reference core's C ABI, for the in-process transport (UndraRuntime's
//! `InProcessCoreFunctions`): `undra_core_create`, `undra_core_send`, `undra_core_destroy`.
//!
//! The configuration is the executable's arguments, one per line (`--epoch\n3\n--state\n/tmp/x`).
//! The core answers inside `send`, on the caller's thread. When it dies (`DieMidFrame`), it
//! applies the command, tells the host with `receive(context, NULL, 0)`, and refuses every later
//! message (`send` returns 1).

use crate::todos_core::{Config, Output, TodosCore};
use std::os::raw::c_void;
use std::sync::Mutex;

pub type Receive = extern "C" fn(context: *mut c_void, bytes: *const u8, length: usize);

struct InProcessCore {
    core: Mutex<(TodosCore, bool)>,
    receive: Receive,
    context: *mut c_void,
}

// The context is the host's, handed back to `receive` only; the host says it may be used from
// any thread.
unsafe impl Send for InProcessCore {}
unsafe impl Sync for InProcessCore {}

/// # Safety
/// `configuration` points to `length` readable bytes (or is NULL with `length` 0).
#[no_mangle]
pub unsafe extern "C" fn undra_core_create(
    configuration: *const u8,
    length: usize,
    receive: Receive,
    context: *mut c_void,
) -> *mut c_void {
    let bytes = if configuration.is_null() || length == 0 { &[][..] } else { std::slice::from_raw_parts(configuration, length) };
    let Ok(text) = std::str::from_utf8(bytes) else { return std::ptr::null_mut() };
    let arguments: Vec<String> = text.lines().filter(|l| !l.is_empty()).map(String::from).collect();
    let Ok((config, rest)) = Config::parse(&arguments) else { return std::ptr::null_mut() };
    if !rest.is_empty() {
        return std::ptr::null_mut();
    }
    let core = InProcessCore { core: Mutex::new((TodosCore::start(&config), false)), receive, context };
    Box::into_raw(Box::new(core)) as *mut c_void
}

/// # Safety
/// `core` came from `undra_core_create` and was not destroyed; `bytes` points to `length` bytes.
#[no_mangle]
pub unsafe extern "C" fn undra_core_send(core: *mut c_void, bytes: *const u8, length: usize) -> i32 {
    let core = &*(core as *const InProcessCore);
    let message = if bytes.is_null() { &[][..] } else { std::slice::from_raw_parts(bytes, length) };
    let mut guard = core.core.lock().expect("the core's lock");
    let (todos, dead) = &mut *guard;
    if *dead {
        return 1;
    }
    for output in todos.handle(message) {
        match output {
            Output::Message(bytes) | Output::Raw(bytes) => (core.receive)(core.context, bytes.as_ptr(), bytes.len()),
            Output::Die(_) => {
                *dead = true;
                (core.receive)(core.context, std::ptr::null(), 0);
                break;
            }
        }
    }
    0
}

/// # Safety
/// `core` came from `undra_core_create` and is not used after this call.
#[no_mangle]
pub unsafe extern "C" fn undra_core_destroy(core: *mut c_void) {
    drop(Box::from_raw(core as *mut InProcessCore));
}
