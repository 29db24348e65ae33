//! `Undra.toml`: what `undra bindgen` reads of an app (docs/BINDGEN.md, "Undra.toml"). Every key is
//! checked: an unknown one, or a value out of range, is refused with its name, so a typo is never
//! ignored.

use crate::refusal::{codes, Refusal};
use std::fmt;
use std::path::{Path, PathBuf};

/// An iOS version: `15.0`, `16.4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    /// The major version.
    pub major: u32,
    /// The minor version.
    pub minor: u32,
}

impl Version {
    /// The lowest floor UndraRuntime supports.
    pub const LOWEST: Version = Version { major: 15, minor: 0 };
    /// Where Observation begins (and the default floor).
    pub const OBSERVATION: Version = Version { major: 17, minor: 0 };
    /// Where `Swift.Duration` begins.
    pub const SWIFT_DURATION: Version = Version { major: 16, minor: 0 };

    /// `text` as a version (`15`, `15.0`, `16.4`), if it is one from 15.0 up; else why not.
    pub fn parse(text: &str) -> Result<Version, String> {
        let mut parts = text.split('.');
        let number = |part: Option<&str>| -> Option<u32> {
            let part = part?;
            (!part.is_empty() && part.len() <= 3 && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse().ok())
                .flatten()
        };
        let major =
            number(parts.next()).ok_or_else(|| format!("\"{text}\" is not a version (write it as \"15.0\")"))?;
        let minor = match parts.next() {
            None => 0,
            some => number(some).ok_or_else(|| format!("\"{text}\" is not a version (write it as \"15.0\")"))?,
        };
        if parts.next().is_some() {
            return Err(format!("\"{text}\" is not a version (write it as \"15.0\")"));
        }
        let version = Version { major, minor };
        if version < Version::LOWEST {
            return Err(format!("\"{text}\" is below 15.0, the lowest floor UndraRuntime supports"));
        }
        Ok(version)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// How a generated store tells SwiftUI to redraw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Observation {
    /// Observation (`Trackable`, bridged to Apple's Observation): iOS 17 and later.
    Observation,
    /// `ObservableObject` with `$field` publishers: any floor.
    ObservableObject,
}

impl Observation {
    /// The setting's value (`swift_observation = "…"`, `--swift-observation …`).
    pub fn parse(text: &str) -> Option<Observation> {
        match text {
            "observation" => Some(Observation::Observation),
            "observable-object" => Some(Observation::ObservableObject),
            _ => None,
        }
    }

    /// The setting's value as written.
    pub fn name(self) -> &'static str {
        match self {
            Observation::Observation => "observation",
            Observation::ObservableObject => "observable-object",
        }
    }

    /// The default at a floor: observation from 17.0, observable-object below.
    pub fn default_for(floor: Version) -> Observation {
        if floor >= Version::OBSERVATION {
            Observation::Observation
        } else {
            Observation::ObservableObject
        }
    }
}

/// Where the generated package finds UndraRuntime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Runtime {
    /// A local checkout, by its path from the generated package's folder.
    Path(String),
    /// A URL and the version to start from.
    Url {
        /// The package's URL.
        url: String,
        /// `from:` this version.
        version: String,
    },
}

/// An app's `Undra.toml`, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The folder `Undra.toml` is in: the other paths are relative to it.
    pub folder: PathBuf,
    /// `[app] name`: `Todo` gives the module `TodoKit` and the core type `TodoCore`.
    pub app: String,
    /// `[core] path`: the core crate's folder.
    pub core_path: PathBuf,
    /// `[core] library`: the crate's library name, if given (else read from its Cargo.toml).
    pub library: Option<String>,
    /// `[ios] deployment_target`.
    pub deployment_target: Version,
    /// `[bindings] swift_observation`, or its default.
    pub observation: Observation,
    /// `[bindings] swift_package`: the generated package's folder.
    pub swift_package: PathBuf,
    /// `[bindings] runtime_path`, or `runtime_url` and `runtime_version`.
    pub runtime: Runtime,
}

/// The URL the generated package names when `Undra.toml` names no runtime.
pub const DEFAULT_RUNTIME_URL: &str = "https://github.com/undra-dev/UndraRuntime.git";
/// The version it starts from.
pub const DEFAULT_RUNTIME_VERSION: &str = "0.1.0";

impl Config {
    /// Reads `path` (an `Undra.toml`). `observation`: the `--swift-observation` flag, which
    /// overrides the file's setting.
    pub fn load(path: &Path, observation: Option<&str>) -> Result<Config, Refusal> {
        let text = std::fs::read_to_string(path).map_err(|error| {
            Refusal::new(codes::NO_CONFIGURATION, format!("cannot read {}: {error}", path.display()))
        })?;
        let folder = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        Config::parse(&text, folder, observation)
    }

    /// `text` as an `Undra.toml` in `folder`.
    pub fn parse(text: &str, folder: PathBuf, observation: Option<&str>) -> Result<Config, Refusal> {
        let value: toml::Value = text.parse().map_err(|error| {
            Refusal::new(codes::CONFIGURATION_SYNTAX, format!("Undra.toml is not valid TOML: {error}"))
        })?;
        let root =
            value.as_table().ok_or_else(|| Refusal::new(codes::CONFIGURATION_SYNTAX, "Undra.toml is not a table"))?;
        let mut settings = Settings::default();
        for (section, table) in root {
            let keys: &[&str] = match section.as_str() {
                "app" => &["name"],
                "core" => &["path", "library"],
                "ios" => &["deployment_target"],
                "bindings" => &["swift_observation", "swift_package", "runtime_path", "runtime_url", "runtime_version"],
                _ => {
                    return Err(Refusal::new(
                        codes::UNKNOWN_SETTING,
                        format!(
                            "Undra.toml has no section [{section}] (its sections: [app], [core], [ios], [bindings])"
                        ),
                    ))
                }
            };
            let table = table.as_table().ok_or_else(|| {
                Refusal::new(codes::BAD_VALUE, format!("[{section}] in Undra.toml must be a section, not a value"))
            })?;
            for (key, value) in table {
                if !keys.contains(&key.as_str()) {
                    return Err(Refusal::new(
                        codes::UNKNOWN_SETTING,
                        format!("[{section}] in Undra.toml has no key {key} (its keys: {})", keys.join(", ")),
                    ));
                }
                let text = value.as_str().ok_or_else(|| {
                    Refusal::new(
                        codes::BAD_VALUE,
                        format!("[{section}] {key} in Undra.toml must be a string, not {}", value.type_str()),
                    )
                })?;
                settings.values.push((section.clone(), key.clone(), text.to_string()));
            }
        }
        settings.into_config(folder, observation)
    }
}

/// The settings read, before they are checked together.
#[derive(Default)]
struct Settings {
    values: Vec<(String, String, String)>,
}

impl Settings {
    fn get(&self, section: &str, key: &str) -> Option<&str> {
        self.values.iter().find(|(s, k, _)| s == section && k == key).map(|(_, _, v)| v.as_str())
    }

    fn into_config(self, folder: PathBuf, flag: Option<&str>) -> Result<Config, Refusal> {
        let app = self
            .get("app", "name")
            .ok_or_else(|| {
                Refusal::new(codes::MISSING_SETTING, "Undra.toml has no [app] name (the app's name: name = \"Todo\")")
            })?
            .to_string();
        check_app_name(&app)
            .map_err(|why| Refusal::new(codes::BAD_VALUE, format!("[app] name = \"{app}\" in Undra.toml: {why}")))?;
        let deployment_target = match self.get("ios", "deployment_target") {
            Some(text) => Version::parse(text).map_err(|why| {
                Refusal::new(codes::BAD_VALUE, format!("[ios] deployment_target = \"{text}\" in Undra.toml: {why}"))
            })?,
            None => Version::OBSERVATION,
        };
        let (observation, source) = match (flag, self.get("bindings", "swift_observation")) {
            (Some(text), _) => (
                Observation::parse(text).ok_or_else(|| {
                    Refusal::new(codes::BAD_VALUE, format!("--swift-observation {text}: not \"observation\" or \"observable-object\""))
                })?,
                Some(format!("--swift-observation {text}")),
            ),
            (None, Some(text)) => (
                Observation::parse(text).ok_or_else(|| {
                    Refusal::new(
                        codes::BAD_VALUE,
                        format!("[bindings] swift_observation = \"{text}\" in Undra.toml: not \"observation\" or \"observable-object\""),
                    )
                })?,
                Some(format!("[bindings] swift_observation = \"{text}\"")),
            ),
            (None, None) => (Observation::default_for(deployment_target), None),
        };
        if let (Observation::Observation, Some(source)) = (observation, &source) {
            if deployment_target < Version::OBSERVATION {
                return Err(Refusal::new(
                    codes::OBSERVATION_BELOW_17,
                    format!(
                        "{source} needs [ios] deployment_target 17.0 or later, and it is {deployment_target}: Observation begins \
                         with iOS 17. Use \"observable-object\", or raise deployment_target"
                    ),
                ));
            }
        }
        let runtime = match (self.get("bindings", "runtime_path"), self.get("bindings", "runtime_url"), self.get("bindings", "runtime_version")) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err(Refusal::new(
                    codes::BAD_VALUE,
                    "[bindings] in Undra.toml names the runtime twice: give runtime_path, or runtime_url and runtime_version",
                ))
            }
            (Some(path), None, None) => Runtime::Path(path.to_string()),
            (None, url, version) => Runtime::Url {
                url: url.unwrap_or(DEFAULT_RUNTIME_URL).to_string(),
                version: version.unwrap_or(DEFAULT_RUNTIME_VERSION).to_string(),
            },
        };
        let swift_package =
            PathBuf::from(self.get("bindings", "swift_package").map_or_else(|| format!("{app}Kit"), str::to_string));
        Ok(Config {
            folder,
            core_path: PathBuf::from(self.get("core", "path").unwrap_or("core")),
            library: self.get("core", "library").map(str::to_string),
            app,
            deployment_target,
            observation,
            swift_package,
            runtime,
        })
    }
}

/// Why `name` cannot name an app (an UpperCamelCase identifier: `Todo`, `ReadingList`), if not.
fn check_app_name(name: &str) -> Result<(), String> {
    let mut characters = name.chars();
    match characters.next() {
        Some(first) if first.is_ascii_uppercase() => {}
        _ => return Err("an app's name begins with an ASCII capital letter (Todo, ReadingList)".to_string()),
    }
    if !characters.all(|c| c.is_ascii_alphanumeric()) {
        return Err("an app's name is ASCII letters and digits only (Todo, ReadingList)".to_string());
    }
    Ok(())
}

impl Config {
    /// The Swift module: `<App>Kit`.
    pub fn module(&self) -> String {
        format!("{}Kit", self.app)
    }

    /// The app's core type: `<App>Core`.
    pub fn core_type(&self) -> String {
        format!("{}Core", self.app)
    }

    /// The C module over the Rust library: `C<App>Core`.
    pub fn c_module(&self) -> String {
        format!("C{}Core", self.app)
    }
}
