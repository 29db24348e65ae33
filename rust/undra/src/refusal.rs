//! A refusal: why a command wrote nothing, with its code (docs/BINDGEN.md lists each, with an
//! example).

use std::fmt;

/// A refused run: its code (`E0051`) and what was wrong, naming the setting, type or member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The code, as docs/BINDGEN.md lists it.
    pub code: &'static str,
    /// What was wrong, and where.
    pub message: String,
}

impl Refusal {
    /// A refusal of code `code`.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into() }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[{}]: {}", self.code, self.message)
    }
}

impl std::error::Error for Refusal {}

/// The codes, by what they refuse.
pub mod codes {
    /// `Undra.toml` is missing or cannot be read.
    pub const NO_CONFIGURATION: &str = "E0001";
    /// `Undra.toml` is not TOML.
    pub const CONFIGURATION_SYNTAX: &str = "E0002";
    /// A section or key that `Undra.toml` does not have.
    pub const UNKNOWN_SETTING: &str = "E0003";
    /// A setting's value is of the wrong type, or out of range.
    pub const BAD_VALUE: &str = "E0004";
    /// `swift_observation = "observation"` with a deployment target below 17.0.
    pub const OBSERVATION_BELOW_17: &str = "E0005";
    /// A required setting is missing.
    pub const MISSING_SETTING: &str = "E0006";
    /// The core's built library was not found.
    pub const NO_LIBRARY: &str = "E0010";
    /// The library does not load, or does not export `undra_core_describe`.
    pub const NOT_A_CORE: &str = "E0011";
    /// The library's description does not decode, or is of another format.
    pub const BAD_DESCRIPTION: &str = "E0012";
    /// The core did not start, so its stores could not be visited.
    pub const CORE_DID_NOT_START: &str = "E0013";
    /// A type the wire cannot carry.
    pub const UNTRACEABLE_TYPE: &str = "E0020";
    /// Two different types of one name.
    pub const CONFLICTING_TYPES: &str = "E0021";
    /// The op enum is not one value per field.
    pub const NOT_AN_OP_ENUM: &str = "E0022";
    /// The outcome enum does not match the command enum.
    pub const OUTCOMES_DO_NOT_MATCH: &str = "E0023";
    /// A tuple of more than four elements.
    pub const TUPLE_TOO_LONG: &str = "E0024";
    /// Two Rust names that become one Swift name.
    pub const NAMES_COLLIDE: &str = "E0030";
    /// A Rust type name that the generated code needs for itself.
    pub const RESERVED_TYPE_NAME: &str = "E0031";
    /// `undra init` into a folder that is not empty, or with a name that is not one.
    pub const CANNOT_INIT: &str = "E0040";
    /// A store member named `objectWillChange` in observable-object mode.
    pub const OBJECT_WILL_CHANGE: &str = "E0051";
    /// A generated file cannot be written (or an old one removed).
    pub const CANNOT_WRITE: &str = "E0060";
}
