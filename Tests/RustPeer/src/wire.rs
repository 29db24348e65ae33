//! The runtime's messages, exactly as docs/WIRE.md defines them: undra-core's (plain serde
//! derives, no Undra-specific code), which a core instantiates with its stores' types.

pub use undra_core::{
    Ack, Command, CommandId, CoreError, CoreMessage, Frame, HostMessage, ListOp, ResyncReason, ResyncRequest,
};
