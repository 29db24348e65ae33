//! The in-process transport: the three C functions UndraRuntime's `InProcessCoreFunctions` calls
//! (docs/CORE.md, "In process: a C ABI"). [`export_core!`](crate::export_core) exports them for an
//! app's [`Core`]; the functions here are what they call.

use crate::core::{handle, Core, Outbox, Outgoing};
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

/// `typedef void (*undra_receive)(void *context, const uint8_t *bytes, size_t length);`
pub type Receive = extern "C" fn(context: *mut c_void, bytes: *const u8, length: usize);

/// One core instance, as `create` hands it to the host.
struct Instance<C> {
    /// The core, and whether it has stopped (died, or panicked).
    core: Mutex<(C, bool)>,
    receive: Receive,
    context: *mut c_void,
}

/// Exports `undra_core_create`, `undra_core_send` and `undra_core_destroy` for the core type
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
/// may send from several threads). A core that panics, or dies on purpose
/// ([`Outgoing::Die`](crate::Outgoing::Die)), tells the host with `receive(context, NULL, 0)` and
/// refuses every later message (`send` returns 1).
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
        pub unsafe extern "C" fn undra_core_send(core: *mut ::std::ffi::c_void, bytes: *const u8, length: usize) -> i32 {
            $crate::ffi::send::<$core>(core, bytes, length)
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

// The context is the host's, handed back to `receive` only; the host says it may be used from
// any thread. The core itself is behind the mutex.
unsafe impl<C: Send> Send for Instance<C> {}
unsafe impl<C: Send> Sync for Instance<C> {}

/// `undra_core_create`'s body.
///
/// # Safety
/// `configuration` points to `length` readable bytes (or is NULL with `length` 0).
pub unsafe fn create<C: Core + Send>(
    configuration: *const u8,
    length: usize,
    receive: Receive,
    context: *mut c_void,
    make: impl FnOnce(&[u8]) -> Option<C>,
) -> *mut c_void {
    let bytes = if configuration.is_null() || length == 0 { &[][..] } else { std::slice::from_raw_parts(configuration, length) };
    match catch_unwind(AssertUnwindSafe(|| make(bytes))) {
        Ok(Some(core)) => Box::into_raw(Box::new(Instance { core: Mutex::new((core, false)), receive, context })) as *mut c_void,
        _ => std::ptr::null_mut(),
    }
}

/// `undra_core_send`'s body.
///
/// # Safety
/// `core` came from [`create`] with the same `C` and was not destroyed; `bytes` points to
/// `length` bytes.
pub unsafe fn send<C: Core + Send>(core: *mut c_void, bytes: *const u8, length: usize) -> i32 {
    let instance = &*(core as *const Instance<C>);
    let message = if bytes.is_null() { &[][..] } else { std::slice::from_raw_parts(bytes, length) };
    let Ok(mut guard) = instance.core.lock() else { return 1 };
    let (core, stopped) = &mut *guard;
    if *stopped {
        return 1;
    }
    let mut out = Outbox::new();
    if catch_unwind(AssertUnwindSafe(|| handle(core, message, &mut out))).is_err() {
        *stopped = true;
        (instance.receive)(instance.context, std::ptr::null(), 0);
        return 0;
    }
    for outgoing in out.take() {
        match outgoing {
            // In process there is no framing to break: garbage is one message that does not decode.
            Outgoing::Message(bytes) | Outgoing::Raw(bytes) => (instance.receive)(instance.context, bytes.as_ptr(), bytes.len()),
            Outgoing::Die(_) => {
                *stopped = true;
                (instance.receive)(instance.context, std::ptr::null(), 0);
                break;
            }
        }
    }
    0
}

/// `undra_core_destroy`'s body.
///
/// # Safety
/// `core` came from [`create`] with the same `C` and is not used after this call.
pub unsafe fn destroy<C>(core: *mut c_void) {
    if !core.is_null() {
        drop(Box::from_raw(core as *mut Instance<C>));
    }
}
