//! A core: one or more store sessions behind one dispatcher, which any transport drives with
//! [`handle`]: one host message in, what the core sends back out.

use crate::remote::Remote;
use crate::session::{Resynced, SchemaMismatch, StoreSession};
use crate::wire::{Command, CoreError, CoreMessage, HostMessage, ResyncRequest};
use crate::{codes, Store};
use bincode::Options;
use serde::de::DeserializeOwned;
use serde_derive::{Deserialize, Serialize};

/// An app's core: its command enum, and its store sessions.
///
/// ```
/// # use serde_derive::{Deserialize, Serialize};
/// # use undra_core::{Command, Core, Outbox, AnySession, StoreSession, Store};
/// # #[derive(Serialize, Deserialize)] enum NotesOp { Count(i64) }
/// # #[derive(Deserialize)] enum NotesCommand { Add(String) }
/// # #[derive(Serialize, Deserialize, Clone)] enum NotesOutcome { Add(Result<i64, ()>) }
/// # struct Notes { count: i64 }
/// # impl Store for Notes {
/// #     const NAME: &'static str = "Notes";
/// #     type Op = NotesOp; type Command = NotesCommand; type Outcome = NotesOutcome;
/// #     fn snapshot(&self) -> Vec<NotesOp> { vec![NotesOp::Count(self.count)] }
/// #     fn command(&mut self, _: NotesCommand, changes: &mut Vec<NotesOp>) -> NotesOutcome {
/// #         self.count += 1; changes.push(NotesOp::Count(self.count)); NotesOutcome::Add(Ok(self.count))
/// #     }
/// # }
/// # type Tags = Notes;
/// /// The app's command enum: variant index = store index.
/// #[derive(Deserialize)]
/// enum AppCommand { Notes(Command<NotesCommand>), Tags(Command<NotesCommand>) }
///
/// struct App { notes: StoreSession<Notes>, tags: StoreSession<Tags> }
///
/// impl Core for App {
///     type Commands = AppCommand;
///     fn command(&mut self, command: AppCommand, _: &mut Outbox) {
///         match command {
///             AppCommand::Notes(command) => self.notes.handle(command),
///             AppCommand::Tags(command) => self.tags.handle(command),
///         }
///     }
///     fn sessions(&mut self, visit: &mut dyn FnMut(&mut dyn AnySession)) {
///         visit(&mut self.notes);
///         visit(&mut self.tags);
///     }
/// }
/// ```
pub trait Core {
    /// The app's command enum: `enum AppCommand { Todos(Command<TodosCommand>), … }`, variant
    /// index = store index.
    type Commands: DeserializeOwned;

    /// Handles a command (usually `session.handle(command)` on its store's session). What the
    /// sessions hold afterwards is drained by the caller; send anything else through `out`.
    fn command(&mut self, command: Self::Commands, out: &mut Outbox);

    /// Calls `visit` with each store session, in store-index order.
    fn sessions(&mut self, visit: &mut dyn FnMut(&mut dyn AnySession));

    /// The host's schema of a store is not the core's (the host was told, and fails its
    /// connection). By default, printed on standard error.
    fn schema_mismatch(&mut self, mismatch: &SchemaMismatch) {
        eprintln!("undra-core: {mismatch}");
    }

    /// The transport started the core: `remote` is how its own threads change it and send what
    /// changed ([`Remote::update`]). By default, unused.
    fn started(&mut self, remote: Remote<Self>)
    where
        Self: Sized,
    {
        let _ = remote;
    }
}

/// A [`StoreSession`] whatever its store: what [`handle`] needs of it.
pub trait AnySession {
    /// The store's index in the app's store enum.
    fn index(&self) -> u32;
    /// See [`StoreSession::resync`].
    fn resync(&mut self, request: &ResyncRequest, out: &mut Outbox) -> Result<Resynced, SchemaMismatch>;
    /// Sends the session's next frame, if one is waiting.
    fn drain_into(&mut self, out: &mut Outbox);
    /// See [`StoreSession::restart`].
    fn restart(&mut self, epoch: u64);
    /// The store's description for the generator (see [`describe`](crate::describe)).
    fn describe(&self) -> Result<crate::StoreDescription, crate::DescribeError>;
}

/// What a core sends after a message, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// A whole message.
    Message(Vec<u8>),
    /// Bytes written as they are, with no framing (garbage): for testing hosts.
    Raw(Vec<u8>),
    /// The core dies while sending this message: a stream gets its length and half its bytes,
    /// an in-process host is told the core stopped. For testing hosts.
    Die(Vec<u8>),
}

/// Where a core puts what it sends.
#[derive(Debug, Default)]
pub struct Outbox {
    items: Vec<Outgoing>,
}

impl Outbox {
    /// An empty outbox.
    pub fn new() -> Outbox {
        Outbox::default()
    }

    /// A whole message (a `CoreMessage`'s bytes).
    pub fn send(&mut self, message: Vec<u8>) {
        self.items.push(Outgoing::Message(message));
    }

    /// A `CoreError`: about store `store` if one, with the core's `code` (see [`codes`]).
    pub fn error(&mut self, store: Option<u32>, code: u32, message: impl Into<String>) {
        let error = CoreMessage::<()>::Error(CoreError { store, code, message: message.into() });
        self.send(bincode::serialize(&error).expect("bincode writes every error"));
    }

    /// See [`Outgoing::Raw`].
    pub fn send_raw(&mut self, bytes: Vec<u8>) {
        self.items.push(Outgoing::Raw(bytes));
    }

    /// See [`Outgoing::Die`].
    pub fn die_sending(&mut self, message: Vec<u8>) {
        self.items.push(Outgoing::Die(message));
    }

    /// What was put here so far, in order.
    pub fn items(&self) -> &[Outgoing] {
        &self.items
    }

    /// What was put here, in order; the outbox is empty afterwards.
    pub fn take(&mut self) -> Vec<Outgoing> {
        std::mem::take(&mut self.items)
    }
}

/// Handles one host message: a command goes to [`Core::command`], a resync request to its
/// store's session (`no store N`, code [`codes::NO_SUCH_STORE`], if none has its index), bytes
/// that do not decode (strictly: a byte left over is an error) are answered with a `CoreError`
/// of code [`codes::UNDECODABLE_MESSAGE`]. Then every session's waiting changes are drained, one
/// frame per store.
pub fn handle<C: Core + ?Sized>(core: &mut C, message: &[u8], out: &mut Outbox) {
    match strict().deserialize::<HostMessage<C::Commands>>(message) {
        Ok(HostMessage::Command(command)) => core.command(command, out),
        Ok(HostMessage::Resync(request)) => {
            let (mut found, mut mismatch) = (false, None);
            core.sessions(&mut |session| {
                if session.index() == request.store {
                    found = true;
                    mismatch = session.resync(&request, out).err();
                }
            });
            if !found {
                out.error(Some(request.store), codes::NO_SUCH_STORE, format!("no store {}", request.store));
            }
            if let Some(mismatch) = mismatch {
                core.schema_mismatch(&mismatch);
            }
        }
        Err(error) => out.error(None, codes::UNDECODABLE_MESSAGE, format!("undecodable host message: {error}")),
    }
    core.sessions(&mut |session| session.drain_into(out));
}

/// Restarts every session of `core` in a new epoch (see [`StoreSession::restart`]): their next
/// drains are the new epoch's snapshots.
pub fn restart<C: Core + ?Sized>(core: &mut C, epoch: u64) {
    core.sessions(&mut |session| session.restart(epoch));
}

/// bincode 1's encoding, refusing trailing bytes (as the host does).
pub(crate) fn strict() -> impl Options {
    bincode::DefaultOptions::new().with_fixint_encoding()
}

/// The command enum of an app with one store: its only variant is store 0's.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum SingleStoreCommand<C> {
    /// A command to store 0.
    Store(Command<C>),
}

/// The core of an app with one store (store index 0): nothing to write but the [`Store`].
pub struct SingleStore<S: Store> {
    /// The store's session (its state: `session.store()`).
    pub session: StoreSession<S>,
}

impl<S: Store> SingleStore<S> {
    /// `store` as the app's store 0, in `epoch`.
    pub fn new(epoch: u64, store: S) -> SingleStore<S> {
        SingleStore { session: StoreSession::new(0, epoch, store) }
    }
}

impl<S: Store> Core for SingleStore<S> {
    type Commands = SingleStoreCommand<S::Command>;

    fn command(&mut self, command: Self::Commands, _: &mut Outbox) {
        let SingleStoreCommand::Store(command) = command;
        self.session.handle(command);
    }

    fn sessions(&mut self, visit: &mut dyn FnMut(&mut dyn AnySession)) {
        visit(&mut self.session);
    }
}
