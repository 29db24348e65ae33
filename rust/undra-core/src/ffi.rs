//! The in-process transport: the three C functions UndraRuntime's `InProcessCoreFunctions` calls
//! (docs/CORE.md, "In process: a C ABI"), and the fourth `undra bindgen` calls to read the stores.
//! [`export_core!`](crate::export_core) exports them for an app's [`Core`]; the functions here are
//! what they call.

use crate::core::{handle, Core, Outbox, Outgoing};
use crate::remote::{Running, Shared};
use crate::{describe_core, DescribeError, DescribeErrorKind};
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, OnceLock};

/// `typedef void (*undra_receive)(void *context, const uint8_t *bytes, size_t length);`
pub type Receive = extern "C" fn(context: *mut c_void, bytes: *const u8, length: usize);

/// Exports `undra_core_create`, `undra_core_send`, `undra_core_destroy` and
/// `undra_core_describe` (for the generator) for the core type
/// `$core`, made from the configuration bytes by `$make` (`FnOnce(&[u8]) -> Option<$core>`;
/// `None` fails the creation). Build the crate as a `cdylib` (or a `staticlib` for iOS).
///
/// ```ignore
/// undra_core::export_core!(SingleStore<Score>, |_configuration: &[u8]| {
///     Some(SingleStore::new(undra_core::clock_epoch(), Score::default()))
/// });
/// ```
///
/// The core answers inside `send`, on the caller's thread, under a lock of its own (so the host
/// may send from several threads); its own threads send through its
/// [`Remote`](crate::Remote), under the same lock. A core that panics, or dies on purpose
/// ([`Outgoing::Die`](crate::Outgoing::Die)), tells the host with `receive(context, NULL, 0)` and
/// refuses every later message (`send` returns 1). Once `destroy` returns, `receive` is not
/// called again.
#[macro_export]
macro_rules! export_core {
    ($core:ty, $make:expr) => {
        /// Starts a core instance from its configuration bytes; NULL if it cannot start.
        ///
        /// # Safety
        /// `configuration` points to `length` readable bytes (or is NULL with `length` 0).
        #[no_mangle]
        pub unsafe extern "C" fn undra_core_create(
            configuration: *const u8,
            length: usize,
            receive: $crate::ffi::Receive,
            context: *mut ::std::ffi::c_void,
        ) -> *mut ::std::ffi::c_void {
            $crate::ffi::create::<$core>(configuration, length, receive, context, $make)
        }

        /// Hands the core one host message: 0 if it took it, 1 if it has stopped.
        ///
        /// # Safety
        /// `core` came from `undra_core_create` and was not destroyed; `bytes` points to `length` bytes.
        #[no_mangle]
        pub unsafe extern "C" fn undra_core_send(
            core: *mut ::std::ffi::c_void,
            bytes: *const u8,
            length: usize,
        ) -> i32 {
            $crate::ffi::send::<$core>(core, bytes, length)
        }

        /// The core's stores, described for `undra bindgen` (docs/BINDGEN.md): writes the length
        /// to `length` and returns the bytes (bincode of a `Result<CoreDescription, DescribeError>`),
        /// valid while the library is loaded. Starts a core with empty configuration bytes to
        /// visit its sessions.
        ///
        /// # Safety
        /// `length` points to a writable `size_t`.
        #[no_mangle]
        pub unsafe extern "C" fn undra_core_describe(length: *mut usize) -> *const u8 {
            $crate::ffi::describe::<$core>(length, $make)
        }

        /// Stops the core; no `receive` call follows.
        ///
        /// # Safety
        /// `core` came from `undra_core_create` and is not used after this call.
        #[no_mangle]
        pub unsafe extern "C" fn undra_core_destroy(core: *mut ::std::ffi::c_void) {
            $crate::ffi::destroy::<$core>(core)
        }
    };
}

/// `undra_core_describe`'s body: the description is made once, by a core `make` starts with no
/// configuration, and kept for the library's life.
///
/// # Safety
/// `length` points to a writable `usize`.
pub unsafe fn describe<C: Core + 'static>(length: *mut usize, make: impl FnOnce(&[u8]) -> Option<C>) -> *const u8 {
    static DESCRIPTION: OnceLock<Vec<u8>> = OnceLock::new();
    let bytes = DESCRIPTION.get_or_init(|| {
        let result = match catch_unwind(AssertUnwindSafe(|| make(&[]))) {
            Ok(Some(mut core)) => catch_unwind(AssertUnwindSafe(|| describe_core(&mut core))).unwrap_or_else(|_| {
                Err(DescribeError { kind: DescribeErrorKind::NoCore, message: "describing the core's stores panicked".to_string() })
            }),
            _ => Err(DescribeError {
                kind: DescribeErrorKind::NoCore,
                message: "the core did not start with empty configuration bytes (export_core!'s make returned None or panicked)".to_string(),
            }),
        };
        bincode::serialize(&result).expect("bincode writes every description")
    });
    *length = bytes.len();
    bytes.as_ptr()
}

/// The host's callback and its context, as the core's sink: it may be called from any thread (the
/// host says so of `receive`).
struct Host {
    receive: Receive,
    context: *mut c_void,
}

unsafe impl Send for Host {}

impl Host {
    /// Hands each message to the host; at a death, tells it the core stopped.
    fn deliver(&self, items: Vec<Outgoing>) -> bool {
        for item in items {
            match item {
                // In process there is no framing to break: garbage is one message that does not decode.
                Outgoing::Message(bytes) | Outgoing::Raw(bytes) => {
                    (self.receive)(self.context, bytes.as_ptr(), bytes.len())
                }
                Outgoing::Die(_) => {
                    (self.receive)(self.context, std::ptr::null(), 0);
                    return false;
                }
            }
        }
        true
    }
}

/// `undra_core_create`'s body.
///
/// # Safety
/// `configuration` points to `length` readable bytes (or is NULL with `length` 0).
pub unsafe fn create<C: Core + Send + 'static>(
    configuration: *const u8,
    length: usize,
    receive: Receive,
    context: *mut c_void,
    make: impl FnOnce(&[u8]) -> Option<C>,
) -> *mut c_void {
    let bytes = if configuration.is_null() || length == 0 {
        &[][..]
    } else {
        std::slice::from_raw_parts(configuration, length)
    };
    let Ok(Some(core)) = catch_unwind(AssertUnwindSafe(|| make(bytes))) else { return std::ptr::null_mut() };
    let shared = Running::start(core);
    let host = Host { receive, context };
    shared.lock().expect("a new lock").sink = Some(Box::new(move |items| Ok(host.deliver(items))));
    Arc::into_raw(shared) as *mut c_void
}

/// `undra_core_send`'s body.
///
/// # Safety
/// `core` came from [`create`] with the same `C` and was not destroyed; `bytes` points to
/// `length` bytes.
pub unsafe fn send<C: Core + Send + 'static>(core: *mut c_void, bytes: *const u8, length: usize) -> i32 {
    let shared = &*(core as *const std::sync::Mutex<Running<C>>);
    let message = if bytes.is_null() { &[][..] } else { std::slice::from_raw_parts(bytes, length) };
    let Ok(mut running) = shared.lock() else { return 1 };
    if running.sink.is_none() {
        return 1;
    }
    let mut out = Outbox::new();
    if catch_unwind(AssertUnwindSafe(|| handle(&mut running.core, message, &mut out))).is_err() {
        out.take();
        out.die_sending(vec![]);
    }
    // Delivering cannot fail in process; a death is the sink's to record.
    let _ = running.deliver(out.take());
    0
}

/// `undra_core_destroy`'s body: no `receive` call follows it (a `Remote` finds the core gone).
///
/// # Safety
/// `core` came from [`create`] with the same `C` and is not used after this call.
pub unsafe fn destroy<C: Core + Send + 'static>(core: *mut c_void) {
    if core.is_null() {
        return;
    }
    let shared: Shared<C> = Arc::from_raw(core as *const std::sync::Mutex<Running<C>>);
    let mut running = shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    running.sink = None;
    drop(running);
}
