//! A running core as its transport and its own threads share it: one lock around the core, and
//! where what it sends goes.

use crate::core::{Core, Outbox, Outgoing};
use std::io;
use std::sync::{Arc, Mutex, Weak};

/// Where a running core's messages go: `Ok(true)` delivered, `Ok(false)` the core died sending
/// (nothing more goes out), `Err` the connection failed.
pub(crate) type Sink = Box<dyn FnMut(Vec<Outgoing>) -> io::Result<bool> + Send>;

/// The core, and the connection it sends to (none between connections, or once it stopped).
pub(crate) struct Running<C> {
    pub(crate) core: C,
    pub(crate) sink: Option<Sink>,
}

/// Shared by a transport and the core's [`Remote`]s.
pub(crate) type Shared<C> = Arc<Mutex<Running<C>>>;

impl<C: Core + Send + 'static> Running<C> {
    /// A running core, told its [`Remote`] (`Core::started`).
    pub(crate) fn start(core: C) -> Shared<C> {
        let shared = Arc::new(Mutex::new(Running { core, sink: None }));
        let remote = Remote { running: Arc::downgrade(&shared) };
        shared.lock().expect("a new lock").core.started(remote);
        shared
    }

    /// Sends `items` to the connection, if there is one; forgets it if the core died sending, or
    /// it failed (the error is returned).
    pub(crate) fn deliver(&mut self, items: Vec<Outgoing>) -> io::Result<bool> {
        let Some(sink) = &mut self.sink else { return Ok(false) };
        let delivered = sink(items);
        if !matches!(delivered, Ok(true)) {
            self.sink = None;
        }
        delivered
    }
}

/// The way into a running core from its own threads (a timer, the network): changes made through
/// [`update`](Self::update) are drained and sent as a command's answer is, one frame per store.
/// The transport hands it to [`Core::started`]; it holds the core weakly, so a core may keep it.
///
/// Thread-safe: `update` takes the lock the transport handles host messages under.
pub struct Remote<C> {
    running: Weak<Mutex<Running<C>>>,
}

impl<C> Clone for Remote<C> {
    fn clone(&self) -> Self {
        Remote { running: self.running.clone() }
    }
}

/// What [`Remote::update`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// The change ran, and what it changed went to the host.
    Sent,
    /// The change ran, and no host is connected (between two connections of
    /// [`stream::listen`](crate::stream::listen), or the connection just failed): the next attach's
    /// snapshot shows it, with the acks it made.
    NoHost,
    /// The core is gone (destroyed, its transport ended): the change did not run.
    Gone,
}

impl<C: Core + Send + 'static> Remote<C> {
    /// Runs `change` on the core (pushing ops, acking through its sessions, or sending through the
    /// outbox), then drains every session and sends what they hold to the host.
    pub fn update(&self, change: impl FnOnce(&mut C, &mut Outbox)) -> Update {
        let Some(running) = self.running.upgrade() else { return Update::Gone };
        let Ok(mut running) = running.lock() else { return Update::Gone };
        let mut out = Outbox::new();
        change(&mut running.core, &mut out);
        running.core.sessions(&mut |session| session.drain_into(&mut out));
        if matches!(running.deliver(out.take()), Ok(true)) {
            Update::Sent
        } else {
            Update::NoHost
        }
    }
}
