//! The generator on stores described from their Rust types: its refusals, each with its code and
//! what it names; its naming rules; one core at two floors; the same bytes on every run.

use serde_derive::{Deserialize, Serialize};
use std::time::Duration;
use undra::config::{Observation, Runtime, Version};
use undra::swift::{generate, Files, Settings};
use undra_core::{describe, CoreDescription, ListOp, Store, DESCRIPTION_FORMAT};

fn settings(floor: (u32, u32), observation: Observation) -> Settings {
    Settings {
        app: "Test".to_string(),
        module: "TestKit".to_string(),
        core_type: "TestCore".to_string(),
        c_module: "CTestCore".to_string(),
        library: "test_core".to_string(),
        observation,
        floor: Version { major: floor.0, minor: floor.1 },
        runtime: Runtime::Path("../UndraRuntime".to_string()),
        core_folder: "../core".to_string(),
    }
}

fn core<S: Store>() -> CoreDescription {
    CoreDescription { format: DESCRIPTION_FORMAT, stores: vec![describe::<S>(0).expect("describable")] }
}

fn refusal<S: Store>(observation: Observation) -> (String, String) {
    let refusal = generate(&core::<S>(), &settings((17, 0), observation)).expect_err("a refusal");
    (refusal.code.to_string(), refusal.message)
}

macro_rules! store {
    ($name:ident, $op:ty, $command:ty, $outcome:ty) => {
        struct $name;
        impl Store for $name {
            const NAME: &'static str = stringify!($name);
            type Op = $op;
            type Command = $command;
            type Outcome = $outcome;
            fn snapshot(&self) -> Vec<$op> {
                vec![]
            }
            fn command(&mut self, _: $command, _: &mut Vec<$op>) -> $outcome {
                unreachable!()
            }
        }
    };
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoteId(pub u64);

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Note {
    pub id: NoteId,
    pub title: String,
    pub author: String,
    pub default: bool,
    pub wait: Option<Duration>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum NoteError {
    Empty,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum NotesOp {
    Notes(ListOp<NoteId, Note>),
    Count(u32),
    Runtime(u8),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum NotesCommand {
    Add { title: String, author: String },
    Count,
    Rename(NoteId, String),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum NotesOutcome {
    Add(Result<NoteId, NoteError>),
    Count(Result<u32, String>),
    Rename(Result<(), ()>),
}

store!(Notes, NotesOp, NotesCommand, NotesOutcome);

fn file<'a>(files: &'a Files, name: &str) -> &'a str {
    files.get(&format!("Sources/TestKit/{name}.swift")).map(String::as_str).unwrap_or_else(|| panic!("no {name}.swift"))
}

#[test]
fn names_follow_the_rules() {
    let files = generate(&core::<Notes>(), &settings((17, 0), Observation::Observation)).unwrap();
    let notes = file(&files, "Notes");
    // A field the store has itself takes `Field`; a command named as a field takes `Command`.
    assert!(
        notes.contains("public static let runtimeField = Field<UInt8>(id: 2, name: \"runtime\", initial: 0)"),
        "{notes}"
    );
    assert!(notes.contains("@Mirrored(NotesSchema.runtimeField) public var runtimeField"));
    assert!(
        notes.contains("public func countCommand() async throws(CommandError<WireFailure<String>>) -> UInt32 {"),
        "{notes}"
    );
    // A struct variant's fields are labelled parameters; a tuple variant's are positional.
    assert!(notes
        .contains("public func add(title: String, author: String) async throws(CommandError<NoteError>) -> NoteId {"));
    assert!(notes.contains(
        "public func rename(_ value0: NoteId, _ value1: String) async throws(CommandError<WireFailure<WireUnit>>) {"
    ));
    let note = file(&files, "Note");
    // A keyword is in backticks where it names something, bare as a label.
    assert!(note.contains("public var `default`: Bool"));
    assert!(
        note.contains("public init(id: NoteId, title: String, author: String, default: Bool, wait: Swift.Duration?) {"),
        "{note}"
    );
    assert!(note.contains("self.`default` = `default`"));
    // A list's row whose `id` is the list's key is Identifiable; a failure type is an Error.
    assert!(note.contains("public struct Note: Hashable, Sendable, Identifiable {"));
    assert!(file(&files, "NoteError").contains("public enum NoteError: Error, Hashable, Sendable {"));
    // The shape names the fields as Rust does: a swap on one side changes the schema.
    assert!(
        note.contains("            WireField(\"title\", .string),\n            WireField(\"author\", .string),\n"),
        "{note}"
    );
}

#[test]
fn raising_the_floor_changes_only_the_stores_shape() {
    let description = core::<Notes>();
    let low = generate(&description, &settings((15, 0), Observation::ObservableObject)).unwrap();
    let high = generate(&description, &settings((17, 0), Observation::Observation)).unwrap();
    assert_eq!(low.keys().collect::<Vec<_>>(), high.keys().collect::<Vec<_>>());
    let without_header = |text: &str| text.lines().skip(1).collect::<Vec<_>>().join("\n");
    for name in ["NoteId", "NoteError", "TestCore"] {
        assert_eq!(without_header(file(&low, name)), without_header(file(&high, name)), "{name}");
    }
    // Duration: UndraDuration below iOS 16, Swift.Duration from it. Nothing else in the type differs.
    let (low_note, high_note) = (without_header(file(&low, "Note")), without_header(file(&high, "Note")));
    assert_eq!(
        low_note.replace("UndraDuration", "Swift.Duration"),
        high_note.replace("UndraDuration", "Swift.Duration")
    );
    assert!(high_note.contains("public var wait: Swift.Duration?"));
    // The shape is the same at every floor: Rust's Duration.
    assert!(
        low_note.contains(".option(UndraDuration.wireShape)") && high_note.contains(".option(UndraDuration.wireShape)")
    );
    assert!(low_note.contains("public var wait: UndraDuration?"));
    // The store: the schema, commands and outcomes alike; the class's conformances differ.
    let (low_store, high_store) = (file(&low, "Notes"), file(&high, "Notes"));
    let schema = |text: &str| {
        text[text.find("public enum NotesSchema").unwrap()..text.find("/// The core's Notes store").unwrap()]
            .to_string()
    };
    assert_eq!(schema(low_store), schema(high_store));
    assert!(low_store.contains("public final class Notes: UndraStore, ObservableObject, @unchecked Sendable {"));
    assert!(high_store.contains("public final class Notes: UndraStore, Trackable, @unchecked Sendable {"));
    assert!(high_store.contains("extension Notes: Observable {}") && !low_store.contains("Observable {}"));
    assert!(low
        .get("Package.swift")
        .unwrap()
        .contains("platforms: [.iOS(\"15.0\"), .macOS(\"12.0\"), .tvOS(\"15.0\"), .watchOS(\"8.0\")]"));
    assert!(high
        .get("Package.swift")
        .unwrap()
        .contains("platforms: [.iOS(\"17.0\"), .macOS(\"14.0\"), .tvOS(\"17.0\"), .watchOS(\"10.0\")]"));
}

#[test]
fn two_runs_write_the_same_bytes() {
    let description = core::<Notes>();
    let first = generate(&description, &settings((15, 0), Observation::ObservableObject)).unwrap();
    for _ in 0..5 {
        assert_eq!(generate(&core::<Notes>(), &settings((15, 0), Observation::ObservableObject)).unwrap(), first);
    }
}

#[derive(Serialize, Deserialize)]
pub enum WatchOp {
    ObjectWillChange(u8),
}
store!(Watch, WatchOp, (), ());

#[test]
fn object_will_change_is_e0051_in_observable_object_mode_only() {
    assert_eq!(
        refusal::<Watch>(Observation::ObservableObject),
        (
            "E0051".to_string(),
            "store Watch: its field ObjectWillChange is objectWillChange in Swift, the name ObservableObject declares; under \
             swift_observation = \"observable-object\" rename it in Rust (or use \"observation\", from iOS 17)"
                .to_string()
        )
    );
    assert!(generate(&core::<Watch>(), &settings((17, 0), Observation::Observation)).is_ok());
}

#[derive(Serialize, Deserialize)]
#[allow(non_camel_case_types)]
pub enum TwinOp {
    LastEvent(u8),
    Last_Event(u8),
}
store!(Twins, TwinOp, (), ());

#[derive(Serialize, Deserialize)]
pub struct Field {
    pub x: u8,
}
#[derive(Serialize, Deserialize)]
pub enum ShadowOp {
    Value(Field),
}
store!(Shadow, ShadowOp, (), ());

#[derive(Serialize, Deserialize)]
pub enum WideOp {
    Five((u8, u8, u8, u8, u8)),
}
store!(Wide, WideOp, (), ());

#[test]
fn collisions_shadowing_and_long_tuples_are_refused_by_name() {
    assert_eq!(
        refusal::<Twins>(Observation::Observation),
        (
            "E0030".to_string(),
            "store Twins: its field LastEvent and its field Last_Event are both lastEvent in Swift: rename one in Rust"
                .to_string()
        )
    );
    let (code, message) = refusal::<Shadow>(Observation::Observation);
    assert_eq!(code, "E0031");
    assert!(message.starts_with("a Rust type is named Field, a name the generated Swift uses"), "{message}");
    let (code, message) = refusal::<Wide>(Observation::Observation);
    assert_eq!(code, "E0024");
    assert!(message.starts_with("a tuple of 5 elements ((u8, u8, u8, u8, u8))"), "{message}");
}

#[test]
fn a_core_that_cannot_be_described_is_refused_under_its_code() {
    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    pub enum Loose {
        A(u8),
    }
    #[derive(Serialize, Deserialize)]
    pub enum LooseOp {
        Value(Loose),
    }
    store!(Untraceable, LooseOp, (), ());
    let refusal = undra::load::refusal(describe::<Untraceable>(0).unwrap_err());
    assert_eq!(refusal.code, "E0020");
    assert_eq!(
        refusal.to_string(),
        "error[E0020]: store Untraceable: its op enum cannot be traced, in LooseOp::Value: the type reads a self-describing value \
         (deserialize_any), which bincode cannot read either"
    );
}
