//! `undra init NAME`: a new app that builds and tests as it is (docs/BINDGEN.md, "A new app"):
//!
//! - `core/`: a Rust core crate on undra-core (a library for in process, `staticlib` for iOS,
//!   `cdylib` for tests, and an executable serving the byte stream), holding one store with a
//!   scalar, a keyed list, two commands and a typed error;
//! - `Undra.toml`;
//! - `<App>Kit/`: the generated Swift package (init builds the core once, then runs bindgen);
//! - `App/`: a Swift app package whose view model's tests use UndraTesting.

use crate::bindgen;
use crate::config::{Config, Observation, Version};
use crate::refusal::{codes, Refusal};
use std::path::{Path, PathBuf};
use std::process::Command;

const CORE_LIB: &str = include_str!("../templates/core_lib.rs");
const CORE_MAIN: &str = include_str!("../templates/core_main.rs");
/// `cargo fmt`'s settings for the core: those of this repository's own crates, which the core's
/// files are formatted to as written.
const CORE_RUSTFMT: &str = "max_width = 120\nuse_small_heuristics = \"Max\"\n";
const APP_MODEL: &str = include_str!("../templates/app_model.swift");
const APP_VIEWS_OBSERVATION: &str = include_str!("../templates/app_views_observation.swift");
const APP_VIEWS_OBSERVABLE_OBJECT: &str = include_str!("../templates/app_views_observable_object.swift");
const APP_TESTS: &str = include_str!("../templates/app_tests.swift");

/// Where this `undra` was built from: a checkout of UndraRuntime, whose crate and package a new
/// app depends on by path (offline, and the same version as this generator).
fn checkout() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().ok()?;
    (root.join("Package.swift").is_file() && root.join("rust/undra-core/Cargo.toml").is_file()).then_some(root)
}

/// Debian's crate directory, where an offline build finds serde and bincode.
const DEBIAN_REGISTRY: &str = "/usr/share/cargo/registry";

/// Creates the app `argument` names (`todo`, `reading-list`, `ReadingList`: see `app_name`), at
/// `path` or `./<argument in lowercase>`; returns its folder.
pub fn run(
    argument: &str,
    floor: Option<&str>,
    observation: Option<&str>,
    path: Option<PathBuf>,
) -> Result<PathBuf, Refusal> {
    let name =
        &app_name(argument).map_err(|why| Refusal::new(codes::CANNOT_INIT, format!("undra init {argument}: {why}")))?;
    let folder = path.unwrap_or_else(|| PathBuf::from(argument.to_lowercase()));
    if folder.exists() && std::fs::read_dir(&folder).map(|mut entries| entries.next().is_some()).unwrap_or(true) {
        return Err(Refusal::new(
            codes::CANNOT_INIT,
            format!("undra init: {} exists and is not empty", folder.display()),
        ));
    }
    let snake = snake_case(name);
    let checkout = checkout();
    let toml = undra_toml(name, floor, observation, checkout.as_deref());
    // The settings are checked as bindgen will read them, before anything is written.
    let config = Config::parse(&toml, folder.clone(), None)?;
    std::fs::create_dir_all(&folder).map_err(|e| write_failed(&folder, e))?;
    let folder = folder.canonicalize().map_err(|e| write_failed(&folder, e))?;
    let fill = |template: &str| template.replace("__App__", name).replace("__app__", &snake);
    let mut files: Vec<(String, String)> = vec![
        ("Undra.toml".to_string(), toml.clone()),
        (".gitignore".to_string(), ".build/\n.swiftpm/\ntarget/\nbuild/\n".to_string()),
        ("core/Cargo.toml".to_string(), core_manifest(&snake, checkout.as_deref())),
        ("core/rustfmt.toml".to_string(), CORE_RUSTFMT.to_string()),
        ("core/src/lib.rs".to_string(), fill(CORE_LIB)),
        ("core/src/main.rs".to_string(), fill(CORE_MAIN)),
        ("App/Package.swift".to_string(), app_manifest(name, checkout.as_deref())),
        (format!("App/Sources/{name}App/{name}sModel.swift"), fill(APP_MODEL)),
        (
            format!("App/Sources/{name}App/{name}sScreen.swift"),
            fill(match config.observation {
                Observation::Observation => APP_VIEWS_OBSERVATION,
                Observation::ObservableObject => APP_VIEWS_OBSERVABLE_OBJECT,
            }),
        ),
        (format!("App/Tests/{name}AppTests/{name}sModelTests.swift"), fill(APP_TESTS)),
        ("README.md".to_string(), readme(name, &config)),
    ];
    if Path::new(DEBIAN_REGISTRY).is_dir() {
        files.push((
            "core/.cargo/config.toml".to_string(),
            format!(
                "# Build offline from Debian's crate directory (librust-serde-dev, librust-serde-derive-dev,\n\
                 # librust-bincode-dev): written by `undra init` because this machine has it.\n\
                 [source.crates-io]\nreplace-with = \"debian\"\n\n[source.debian]\ndirectory = \"{DEBIAN_REGISTRY}\"\n\n[net]\noffline = true\n"
            ),
        ));
    }
    for (relative, text) in &files {
        let path = folder.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| write_failed(parent, e))?;
        }
        std::fs::write(&path, text).map_err(|e| write_failed(&path, e))?;
    }
    // The generated package: the core built once, and read as bindgen reads it.
    let status =
        Command::new("cargo").args(["build", "--quiet", "--lib"]).current_dir(folder.join("core")).status().map_err(
            |error| Refusal::new(codes::CANNOT_INIT, format!("undra init: cannot run cargo build in core/: {error}")),
        )?;
    if !status.success() {
        return Err(Refusal::new(codes::CANNOT_INIT, "undra init: cargo build failed in core/ (its output is above)"));
    }
    bindgen::run(&folder.join("Undra.toml"), None, false)?;
    Ok(folder)
}

/// The app's name for `undra init`'s argument, in UpperCamelCase as Swift names a module: each
/// part between `-` or `_` begins with a capital (`todo` is `Todo`, `reading-list` and
/// `reading_list` are `ReadingList`, `ReadingList` stays); the result is ASCII letters and digits,
/// beginning with a letter.
pub fn app_name(argument: &str) -> Result<String, String> {
    let name: String = argument
        .split(['-', '_'])
        .map(|part| {
            let mut characters = part.chars();
            characters
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + characters.as_str())
                .unwrap_or_default()
        })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Err("an app's name begins with an ASCII letter (todo, reading-list, ReadingList)".to_string());
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(
            "an app's name is ASCII letters and digits, in parts joined by - or _ (todo, reading-list, ReadingList)"
                .to_string(),
        );
    }
    Ok(name)
}

fn write_failed(path: &Path, error: std::io::Error) -> Refusal {
    Refusal::new(codes::CANNOT_INIT, format!("undra init: cannot write {}: {error}", path.display()))
}

/// `ReadingList` → `reading_list`.
fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (index, character) in name.chars().enumerate() {
        if character.is_ascii_uppercase() && index > 0 {
            snake.push('_');
        }
        snake.push(character.to_ascii_lowercase());
    }
    snake
}

fn undra_toml(name: &str, floor: Option<&str>, observation: Option<&str>, checkout: Option<&Path>) -> String {
    let floor_line = match floor {
        Some(floor) => {
            format!("deployment_target = \"{floor}\"     # 15.0 or later; below 17.0 the stores are ObservableObjects")
        }
        None => {
            "deployment_target = \"17.0\"     # 15.0 or later; below 17.0 the stores are ObservableObjects".to_string()
        }
    };
    let observation_line = match observation {
        Some(value) => format!("swift_observation = \"{value}\"   # or by the floor: observation from 17.0"),
        None => {
            "# swift_observation = \"observable-object\"   # or \"observation\"; by default, by the floor".to_string()
        }
    };
    let runtime_line = match checkout {
        Some(root) => format!("runtime_path = \"{}\"", root.display()),
        None => format!(
            "runtime_url = \"{}\"\nruntime_version = \"{}\"",
            crate::config::DEFAULT_RUNTIME_URL,
            crate::config::DEFAULT_RUNTIME_VERSION
        ),
    };
    format!(
        "# The {name} app: `undra bindgen` writes {name}Kit (the Swift stores) from core/'s Rust types.\n\
         [app]\nname = \"{name}\"\n\n[core]\npath = \"core\"\n\n[ios]\n{floor_line}\n\n[bindings]\n{observation_line}\n\
         swift_package = \"{name}Kit\"\n{runtime_line}\n"
    )
}

fn core_manifest(snake: &str, checkout: Option<&Path>) -> String {
    let undra_core = match checkout {
        Some(root) => format!("{{ path = \"{}\" }}", root.join("rust/undra-core").display()),
        None => "\"0.1\"".to_string(),
    };
    format!(
        "[package]\nname = \"{snake}_core\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n\
         [lib]\n# rlib for the executable, staticlib for an iOS app, cdylib for tests and `undra bindgen`.\n\
         crate-type = [\"rlib\", \"staticlib\", \"cdylib\"]\n\n\
         [[bin]]\n# The same core as a process (`{snake}_core` serves standard input and output).\nname = \"{snake}_core\"\npath = \"src/main.rs\"\n\n\
         [dependencies]\nserde = \"1\"\nserde_derive = \"1\"\nundra-core = {undra_core}\n"
    )
}

fn app_manifest(name: &str, checkout: Option<&Path>) -> String {
    let (runtime_lines, runtime, package) = match checkout {
        Some(root) => (
            format!(
                "/// UndraRuntime: a checkout at this path (its package is named by its folder).\n\
                 let runtimePath = \"{}\"\n\
                 let runtimePackage = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(runtimePath).standardized.lastPathComponent\n\n",
                root.display()
            ),
            ".package(path: runtimePath)".to_string(),
            "runtimePackage".to_string(),
        ),
        None => (
            String::new(),
            format!(".package(url: \"{}\", from: \"{}\")", crate::config::DEFAULT_RUNTIME_URL, crate::config::DEFAULT_RUNTIME_VERSION),
            "\"UndraRuntime\"".to_string(),
        ),
    };
    format!(
        "// swift-tools-version:6.0\n// The {name} app: its view models (and, on Apple platforms, its SwiftUI screen) over the generated {name}Kit.\n\
         import Foundation\nimport PackageDescription\n\n\
         {runtime_lines}\
         let package = Package(\n\
         \x20   name: \"{name}App\",\n\
         \x20   platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],\n\
         \x20   products: [.library(name: \"{name}App\", targets: [\"{name}App\"])],\n\
         \x20   dependencies: [.package(path: \"../{name}Kit\"), {runtime}],\n\
         \x20   targets: [\n\
         \x20       .target(name: \"{name}App\", dependencies: [.product(name: \"{name}Kit\", package: \"{name}Kit\")]),\n\
         \x20       .testTarget(\n\
         \x20           name: \"{name}AppTests\",\n\
         \x20           dependencies: [\n\
         \x20               \"{name}App\", .product(name: \"{name}Kit\", package: \"{name}Kit\"),\n\
         \x20               .product(name: \"UndraRuntime\", package: {package}), .product(name: \"UndraTesting\", package: {package}),\n\
         \x20           ]),\n\
         \x20   ]\n\
         )\n"
    )
}

fn readme(name: &str, config: &Config) -> String {
    let shape = match config.observation {
        Observation::Observation => {
            "Observation stores (`@State private var store = try! ".to_string() + name + "s()`)"
        }
        Observation::ObservableObject => {
            "ObservableObject stores (`@StateObject private var store = try! ".to_string() + name + "s()`)"
        }
    };
    let floor: Version = config.deployment_target;
    format!(
        "# {name}\n\nMade by `undra init`: iOS {floor}, {shape}.\n\n\
         ```sh\n(cd core && cargo build)    # the Rust core: its library and its executable\n\
         undra bindgen               # {name}Kit, the Swift stores, from core/'s types\n\
         (cd App && swift test)      # the view model's tests, with UndraTesting playing the core\n```\n\n\
         Change the store in `core/src/lib.rs`, then build and run `undra bindgen` again; `undra bindgen --check`\n\
         says whether {name}Kit is current. docs/BINDGEN.md in UndraRuntime says the rest.\n"
    )
}
