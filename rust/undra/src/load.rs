//! Reading a core's description: the built library is loaded and its `undra_core_describe`
//! called (undra-core's `export_core!` exports it), so the stores come from the core's own types.

use crate::config::Config;
use crate::refusal::{codes, Refusal};
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use undra_core::{CoreDescription, DescribeError, DescribeErrorKind, DESCRIPTION_FORMAT};

/// The core crate's library name: `[core] library`, else its Cargo.toml's `[lib] name`, else its
/// package name with `-` as `_` (cargo's rule).
pub fn library_name(config: &Config) -> Result<String, Refusal> {
    if let Some(name) = &config.library {
        return Ok(name.clone());
    }
    let manifest = config.folder.join(&config.core_path).join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).map_err(|error| {
        Refusal::new(
            codes::NO_LIBRARY,
            format!("cannot read the core's {} ([core] path in Undra.toml): {error}", manifest.display()),
        )
    })?;
    let value: toml::Value = text.parse().map_err(|error| {
        Refusal::new(codes::NO_LIBRARY, format!("the core's {} is not valid TOML: {error}", manifest.display()))
    })?;
    let name = value
        .get("lib")
        .and_then(|lib| lib.get("name"))
        .or_else(|| value.get("package").and_then(|package| package.get("name")))
        .and_then(toml::Value::as_str)
        .ok_or_else(|| {
            Refusal::new(codes::NO_LIBRARY, format!("the core's {} names no package", manifest.display()))
        })?;
    Ok(name.replace('-', "_"))
}

/// The newest built `lib<name>` shared library of the core: under its `target/` (or an
/// enclosing workspace's, or `CARGO_TARGET_DIR`), debug or release, a library or an example.
pub fn find_library(config: &Config, name: &str) -> Result<PathBuf, Refusal> {
    let crate_folder = config.folder.join(&config.core_path);
    let mut targets: Vec<PathBuf> = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).into_iter().collect();
    let mut folder = Some(crate_folder.as_path());
    for _ in 0..4 {
        let Some(current) = folder else { break };
        targets.push(current.join("target"));
        folder = current.parent();
    }
    let file = format!("{}{name}{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX);
    let mut found: Vec<(SystemTime, PathBuf)> = vec![];
    for target in &targets {
        for profile in ["debug", "release"] {
            for place in [target.join(profile), target.join(profile).join("examples")] {
                let candidate = place.join(&file);
                if let Ok(modified) = std::fs::metadata(&candidate).and_then(|m| m.modified()) {
                    found.push((modified, candidate));
                }
            }
        }
    }
    found.sort();
    found.pop().map(|(_, path)| path).ok_or_else(|| {
        Refusal::new(
            codes::NO_LIBRARY,
            format!(
                "no built {file} of the core under {}: build it first (cargo build, in {}), as a cdylib (crate-type = [\"cdylib\", \"staticlib\"])",
                crate_folder.join("target").display(),
                crate_folder.display()
            ),
        )
    })
}

/// The description the library at `path` gives of its core.
pub fn describe(path: &Path) -> Result<CoreDescription, Refusal> {
    let bytes = unsafe {
        let library = libloading::Library::new(path)
            .map_err(|error| Refusal::new(codes::NOT_A_CORE, format!("cannot load {}: {error}", path.display())))?;
        let describe: libloading::Symbol<unsafe extern "C" fn(*mut usize) -> *const u8> =
            library.get(b"undra_core_describe\0").map_err(|_| {
                Refusal::new(
                    codes::NOT_A_CORE,
                    format!("{} exports no undra_core_describe: is it built with undra-core's export_core! (0.1.0 or later)?", path.display()),
                )
            })?;
        let mut length = 0usize;
        let pointer = describe(&mut length);
        if pointer.is_null() {
            return Err(Refusal::new(
                codes::BAD_DESCRIPTION,
                format!("{}'s undra_core_describe returned nothing", path.display()),
            ));
        }
        let bytes = std::slice::from_raw_parts(pointer, length).to_vec();
        // The library stays loaded for the process's life: the core's threads may still run.
        std::mem::forget(library);
        bytes
    };
    decode(&bytes, path)
}

/// The description in `bytes`, what `undra_core_describe` of the library at `path` returned:
/// a core's description of this undra's format, or the core's refusal to be described.
pub fn decode(bytes: &[u8], path: &Path) -> Result<CoreDescription, Refusal> {
    // The format first (a description is `Ok`, variant 0, then its `format`): a library of
    // another undra-core lays the rest out otherwise, and would not decode, or decode wrongly.
    if bytes.len() >= 8 && bytes[..4] == [0, 0, 0, 0] {
        let format = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
        if format != DESCRIPTION_FORMAT {
            return Err(format_refusal(path, format));
        }
    }
    let result: Result<CoreDescription, DescribeError> = bincode::deserialize(bytes).map_err(|error| {
        Refusal::new(
            codes::BAD_DESCRIPTION,
            format!(
                "{}'s description does not decode ({error}): build the core against the undra-core of this undra",
                path.display()
            ),
        )
    })?;
    result.map_err(refusal)
}

/// A description of another format than this undra's.
fn format_refusal(path: &Path, format: u32) -> Refusal {
    Refusal::new(
        codes::BAD_DESCRIPTION,
        format!(
            "{}'s description is of format {format}, this undra reads {DESCRIPTION_FORMAT}: build the core against the undra-core of this undra",
            path.display()
        ),
    )
}

/// A core's refusal to be described, under its code.
pub fn refusal(error: DescribeError) -> Refusal {
    let code = match error.kind {
        DescribeErrorKind::Untraceable => codes::UNTRACEABLE_TYPE,
        DescribeErrorKind::ConflictingNames => codes::CONFLICTING_TYPES,
        DescribeErrorKind::NotAnOpEnum => codes::NOT_AN_OP_ENUM,
        DescribeErrorKind::OutcomeMismatch => codes::OUTCOMES_DO_NOT_MATCH,
        DescribeErrorKind::NoCore => codes::CORE_DID_NOT_START,
    };
    Refusal::new(code, error.message)
}
