//! `undra bindgen`: the core's description, turned into its Swift package and written (or, with
//! `--check`, compared with what is written).

use crate::config::{Config, Runtime};
use crate::load;
use crate::refusal::{codes, Refusal};
use crate::swift::{self, Files, Settings};
use std::path::{Component, Path, PathBuf};

/// What a run did.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The package was written.
    Written {
        /// The files written whose text changed, relative to the package.
        changed: Vec<String>,
        /// The files under the package's `Sources/` that this run does not generate, now deleted.
        removed: Vec<String>,
    },
    /// `--check`: nothing was written.
    Checked {
        /// The files that differ from what would be generated (empty: the package is current).
        stale: Vec<String>,
    },
}

/// The settings of a package for `config`.
pub fn settings(config: &Config, library: String) -> Settings {
    let up = "../".repeat(depth(&config.swift_package));
    let from_package = |path: &Path| -> String {
        if path.is_absolute() {
            path.display().to_string()
        } else {
            format!("{up}{}", path.display()).trim_end_matches('/').to_string()
        }
    };
    Settings {
        app: config.app.clone(),
        module: config.module(),
        core_type: config.core_type(),
        c_module: config.c_module(),
        library,
        observation: config.observation,
        floor: config.deployment_target,
        runtime: match &config.runtime {
            Runtime::Path(path) => Runtime::Path(from_package(Path::new(path))),
            url => url.clone(),
        },
        core_folder: from_package(&config.core_path),
    }
}

/// How many folders `path` (relative, with no `..`) goes down.
fn depth(path: &Path) -> usize {
    path.components().filter(|c| matches!(c, Component::Normal(_))).count()
}

/// Runs `undra bindgen` for the `Undra.toml` at `config_path`.
pub fn run(config_path: &Path, observation: Option<&str>, check: bool) -> Result<Outcome, Refusal> {
    let config = Config::load(config_path, observation)?;
    let library = load::library_name(&config)?;
    let path = load::find_library(&config, &library)?;
    let description = load::describe(&path)?;
    let files = swift::generate(&description, &settings(&config, library))?;
    let folder = config.folder.join(&config.swift_package);
    if check {
        Ok(Outcome::Checked { stale: stale(&folder, &files) })
    } else {
        write(&folder, &files).map(|(changed, removed)| Outcome::Written { changed, removed })
    }
}

/// The files under `folder` that differ from `files`: changed, missing, or generated before and
/// no longer (under `Sources/`).
pub fn stale(folder: &Path, files: &Files) -> Vec<String> {
    let mut stale: Vec<String> = files
        .iter()
        .filter(|(path, text)| std::fs::read_to_string(folder.join(path)).ok().as_deref() != Some(text.as_str()))
        .map(|(path, _)| path.clone())
        .collect();
    stale.extend(extra_files(folder, files));
    stale.sort();
    stale
}

/// Files under `folder/Sources` that `files` does not have.
fn extra_files(folder: &Path, files: &Files) -> Vec<String> {
    let mut extra = vec![];
    let mut pending = vec![folder.join("Sources")];
    while let Some(directory) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if let Ok(relative) = path.strip_prefix(folder) {
                let relative = relative.to_string_lossy().replace('\\', "/");
                if !files.contains_key(&relative) {
                    extra.push(relative);
                }
            }
        }
    }
    extra
}

/// Writes `files` under `folder`, and removes what an earlier run wrote under `Sources/` that is
/// no longer generated. Nothing is written until everything was generated (every refusal comes
/// before), and no file is replaced until every changed file was written beside it (as
/// `<name>.undra-tmp`): a folder or disk that refuses a file leaves the package as it was.
pub fn write(folder: &Path, files: &Files) -> Result<(Vec<String>, Vec<String>), Refusal> {
    let failed = |path: &Path, error: std::io::Error| {
        Refusal::new(codes::CANNOT_WRITE, format!("cannot write {}: {error}", path.display()))
    };
    let removed = extra_files(folder, files);
    let changed: Vec<&String> = files
        .iter()
        .filter(|(relative, text)| {
            std::fs::read_to_string(folder.join(relative)).ok().as_deref() != Some(text.as_str())
        })
        .map(|(relative, _)| relative)
        .collect();
    let temporary = |relative: &str| folder.join(relative).with_extension("undra-tmp");
    let mut written: Vec<PathBuf> = vec![];
    for relative in &changed {
        let path = folder.join(relative);
        let parent = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let result = std::fs::create_dir_all(&parent)
            .map_err(|e| failed(&parent, e))
            .and_then(|()| std::fs::write(temporary(relative), &files[*relative]).map_err(|e| failed(&path, e)));
        if let Err(refusal) = result {
            for path in &written {
                let _ = std::fs::remove_file(path);
            }
            return Err(refusal);
        }
        written.push(temporary(relative));
    }
    for relative in &changed {
        let path = folder.join(relative);
        std::fs::rename(temporary(relative), &path).map_err(|e| failed(&path, e))?;
        #[cfg(unix)]
        if relative.ends_with(".sh") {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).map_err(|e| failed(&path, e))?;
        }
    }
    for relative in &removed {
        let path = folder.join(relative);
        std::fs::remove_file(&path).map_err(|e| failed(&path, e))?;
    }
    Ok((changed.into_iter().cloned().collect(), removed))
}
