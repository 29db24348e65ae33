//! The refusals that come before generation and after it: a missing Undra.toml, a core that is
//! not built, a library that is not a core, a description that does not decode or is of another
//! format, a core that does not start or cannot be described, `undra init` that cannot, a file
//! that cannot be written. Each under its code, with what it names, and none writing anything.

use serde_derive::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use undra::refusal::Refusal;
use undra_core::{describe, CoreDescription, DescribeError, SingleStore, Store, DESCRIPTION_FORMAT};

/// A new empty folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let folder = std::env::temp_dir().join(format!(
        "undra-refusals-{}-{}-{name}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

fn coded(result: Result<impl std::fmt::Debug, Refusal>) -> (String, String) {
    let refusal = result.expect_err("a refusal");
    (refusal.code.to_string(), refusal.message)
}

/// Every file under `folder`, relative to it, in order.
fn files(folder: &Path) -> Vec<String> {
    let mut found = vec![];
    let mut pending = vec![folder.to_path_buf()];
    while let Some(directory) = pending.pop() {
        for entry in std::fs::read_dir(&directory).unwrap().flatten() {
            if entry.path().is_dir() {
                pending.push(entry.path());
            } else {
                found.push(entry.path().strip_prefix(folder).unwrap().display().to_string());
            }
        }
    }
    found.sort();
    found
}

const APP: &str = "[app]\nname = \"Notes\"\n\n[core]\npath = \"core\"\n\n[bindings]\nswift_package = \"NotesKit\"\nruntime_path = \"..\"\n";

#[test]
fn a_missing_undra_toml_is_e0001() {
    let folder = scratch("missing");
    let path = folder.join("Undra.toml");
    assert_eq!(
        coded(undra::bindgen::run(&path, None, false)),
        ("E0001".to_string(), format!("cannot read {}: No such file or directory (os error 2)", path.display()))
    );
    assert_eq!(files(&folder), Vec::<String>::new());
}

#[test]
fn a_core_that_is_not_built_is_e0010_and_nothing_is_written() {
    let folder = scratch("unbuilt");
    std::fs::write(folder.join("Undra.toml"), APP).unwrap();
    let manifest = folder.join("core/Cargo.toml");
    assert_eq!(
        coded(undra::bindgen::run(&folder.join("Undra.toml"), None, false)),
        (
            "E0010".to_string(),
            format!(
                "cannot read the core's {} ([core] path in Undra.toml): No such file or directory (os error 2)",
                manifest.display()
            )
        )
    );
    std::fs::create_dir_all(folder.join("core")).unwrap();
    std::fs::write(&manifest, "[package]\nname = \"notes-core\"\n").unwrap();
    assert_eq!(
        coded(undra::bindgen::run(&folder.join("Undra.toml"), None, false)),
        (
            "E0010".to_string(),
            format!(
                "no built libnotes_core.so of the core under {}: build it first (cargo build, in {}), as a cdylib (crate-type = \
                 [\"cdylib\", \"staticlib\"])",
                folder.join("core/target").display(),
                folder.join("core").display()
            )
        )
    );
    std::fs::write(&manifest, "[package\nname = \"notes-core\"\n").unwrap();
    let (code, message) = coded(undra::bindgen::run(&folder.join("Undra.toml"), None, false));
    assert_eq!(code, "E0010");
    assert!(message.starts_with(&format!("the core's {} is not valid TOML: ", manifest.display())), "{message}");
    std::fs::write(&manifest, "[dependencies]\n").unwrap();
    assert_eq!(
        coded(undra::bindgen::run(&folder.join("Undra.toml"), None, true)),
        ("E0010".to_string(), format!("the core's {} names no package", manifest.display()))
    );
    assert_eq!(files(&folder), vec!["Undra.toml".to_string(), "core/Cargo.toml".to_string()]);
}

#[test]
#[cfg(target_os = "linux")]
fn a_library_that_is_not_a_core_is_e0011() {
    let folder = scratch("not-a-library");
    let text = folder.join("libnotes_core.so");
    std::fs::write(&text, "not a library").unwrap();
    let (code, message) = coded(undra::load::describe(&text));
    assert_eq!(code, "E0011");
    assert!(message.starts_with(&format!("cannot load {}: ", text.display())), "{message}");
    // A real shared library, which exports no description.
    assert_eq!(
        coded(undra::load::describe(Path::new("libm.so.6"))),
        (
            "E0011".to_string(),
            "libm.so.6 exports no undra_core_describe: is it built with undra-core's export_core! (0.1.0 or later)?"
                .to_string()
        )
    );
}

#[test]
fn a_description_that_does_not_decode_or_is_of_another_format_is_e0012() {
    let library = Path::new("libx.so");
    let (code, message) = coded(undra::load::decode(&[0, 0, 0, 0, 7], library));
    assert_eq!(code, "E0012");
    assert!(message.starts_with("libx.so's description does not decode ("), "{message}");
    assert!(message.ends_with("): build the core against the undra-core of this undra"), "{message}");
    let later: Result<CoreDescription, DescribeError> =
        Ok(CoreDescription { format: DESCRIPTION_FORMAT + 1, stores: vec![] });
    assert_eq!(
        coded(undra::load::decode(&bincode::serialize(&later).unwrap(), library)),
        (
            "E0012".to_string(),
            format!(
                "libx.so's description is of format {}, this undra reads {DESCRIPTION_FORMAT}: build the core against the undra-core of this undra",
                DESCRIPTION_FORMAT + 1
            )
        )
    );
    // A library of an older undra-core: its format says so before the rest is read.
    let older = [vec![0, 0, 0, 0], 1u32.to_le_bytes().to_vec(), vec![0xFF; 40]].concat();
    let (code, message) = coded(undra::load::decode(&older, library));
    assert_eq!(code, "E0012");
    assert!(message.starts_with("libx.so's description is of format 1, this undra reads 2"), "{message}");
    let current: Result<CoreDescription, DescribeError> =
        Ok(CoreDescription { format: DESCRIPTION_FORMAT, stores: vec![] });
    assert_eq!(undra::load::decode(&bincode::serialize(&current).unwrap(), library).unwrap().stores.len(), 0);
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum CountOp {
    Count(u32),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum PairOp {
    Both(u8, u8),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum GoCommand {
    Go,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum StopOutcome {
    Stop(Result<(), ()>),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum PagesOp {
    Numbers(Page<u32>),
    Words(Page<String>),
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

store!(Pages, PagesOp, (), ());
store!(Pairs, PairOp, (), ());
store!(Notes, CountOp, GoCommand, StopOutcome);

/// The refusal a library's description of the store `S` gives, through the bytes bindgen reads.
fn described<S: Store>() -> (String, String) {
    let result: Result<CoreDescription, DescribeError> =
        Err(describe::<S>(0).expect_err("a store that cannot be described"));
    coded(undra::load::decode(&bincode::serialize(&result).unwrap(), Path::new("libx.so")))
}

#[test]
fn a_store_that_cannot_be_described_is_refused_under_its_code() {
    assert_eq!(
        described::<Pages>(),
        (
            "E0021".to_string(),
            "store Pages: two different types are named Page (two instances of one generic type, or types of one name in two \
             modules): rename one, or wrap the generic type in a struct of its own"
                .to_string()
        )
    );
    assert_eq!(
        described::<Pairs>(),
        (
            "E0022".to_string(),
            "store Pairs: op variant Both holds 2 values, not one value (the field's): an op enum has one variant per field, each \
             holding the field's value"
                .to_string()
        )
    );
    let (code, message) = described::<Notes>();
    assert_eq!(code, "E0023");
    assert!(message.starts_with("store Notes: command variant 0 is Go, its outcome variant is Stop"), "{message}");
    assert!(
        message.ends_with(": the outcome enum has one variant per command, of the same name, each holding a Result"),
        "{message}"
    );
}

#[test]
fn a_core_that_does_not_start_is_e0013() {
    // export_core!'s undra_core_describe, with a make that returns None (this test binary's only
    // call: the description is made once per process).
    let mut length = 0usize;
    let bytes = unsafe {
        let pointer = undra_core::ffi::describe::<SingleStore<Pairs>>(&mut length, |_| None);
        std::slice::from_raw_parts(pointer, length).to_vec()
    };
    assert_eq!(
        coded(undra::load::decode(&bytes, Path::new("libx.so"))),
        (
            "E0013".to_string(),
            "the core did not start with empty configuration bytes (export_core!'s make returned None or panicked)"
                .to_string()
        )
    );
}

#[test]
fn undra_init_refuses_a_name_that_is_not_one_and_a_folder_in_use_e0040() {
    let folder = scratch("init");
    for (argument, why) in [
        ("9lives", "an app's name begins with an ASCII letter (todo, reading-list, ReadingList)"),
        ("-", "an app's name begins with an ASCII letter (todo, reading-list, ReadingList)"),
        (
            "my app",
            "an app's name is ASCII letters and digits, in parts joined by - or _ (todo, reading-list, ReadingList)",
        ),
        (
            "café",
            "an app's name is ASCII letters and digits, in parts joined by - or _ (todo, reading-list, ReadingList)",
        ),
    ] {
        assert_eq!(
            coded(undra::init::run(argument, None, None, Some(folder.join("app")))),
            ("E0040".to_string(), format!("undra init {argument}: {why}"))
        );
    }
    std::fs::write(folder.join("notes.txt"), "mine").unwrap();
    assert_eq!(
        coded(undra::init::run("todo", None, None, Some(folder.clone()))),
        ("E0040".to_string(), format!("undra init: {} exists and is not empty", folder.display()))
    );
    // A bad setting is refused as Undra.toml would refuse it, before anything is written.
    let (code, message) = coded(undra::init::run("todo", Some("14.0"), None, Some(folder.join("app"))));
    assert_eq!(code, "E0004");
    assert!(message.contains("\"14.0\" is below 15.0"), "{message}");
    let (code, _) = coded(undra::init::run("todo", Some("15.0"), Some("observation"), Some(folder.join("app"))));
    assert_eq!(code, "E0005");
    assert_eq!(files(&folder), vec!["notes.txt".to_string()]);
}

#[test]
fn undra_init_names_the_app_in_upper_camel_case() {
    for (argument, name) in [
        ("todo", "Todo"),
        ("reading-list", "ReadingList"),
        ("reading_list", "ReadingList"),
        ("ReadingList", "ReadingList"),
        ("todo2", "Todo2"),
    ] {
        assert_eq!(undra::init::app_name(argument).as_deref(), Ok(name), "{argument}");
    }
}

#[test]
fn a_file_that_cannot_be_written_is_e0060_and_the_package_is_left_as_it_was() {
    let folder = scratch("unwritable");
    std::fs::write(folder.join("Sources"), "a file where the sources go").unwrap();
    let mut generated = undra::swift::Files::new();
    generated.insert("Package.swift".to_string(), "// swift-tools-version:6.0\n".to_string());
    generated.insert("Sources/NotesKit/Notes.swift".to_string(), "// Notes\n".to_string());
    let (code, message) = coded(undra::bindgen::write(&folder, &generated));
    assert_eq!(code, "E0060");
    assert!(message.starts_with(&format!("cannot write {}: ", folder.join("Sources/NotesKit").display())), "{message}");
    assert_eq!(std::fs::read_to_string(folder.join("Sources")).unwrap(), "a file where the sources go");
    // Package.swift, written before the sources in order, was not put in place either.
    assert_eq!(files(&folder), vec!["Sources".to_string()]);
}
