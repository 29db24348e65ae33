//! `undra`: `undra init NAME` starts an app, `undra bindgen` writes its Swift stores from its Rust
//! core (docs/BINDGEN.md).

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use undra::bindgen::{self, Outcome};

/// The Undra toolchain: a Rust core's stores, generated in Swift.
#[derive(Parser)]
#[command(name = "undra", version)]
struct Arguments {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Writes the Swift package of the core's stores, as Undra.toml says.
    Bindgen {
        /// The app's Undra.toml.
        #[arg(long, default_value = "Undra.toml")]
        config: PathBuf,
        /// "observation" or "observable-object": overrides [bindings] swift_observation.
        #[arg(long)]
        swift_observation: Option<String>,
        /// Writes nothing; exits 1 naming each file that differs from what would be generated.
        #[arg(long)]
        check: bool,
    },
    /// Starts a new app: a Rust core, its Undra.toml, its generated Swift package and a Swift app.
    Init {
        /// The app's name: todo, reading-list or ReadingList (its Swift name is UpperCamelCase: Todo, ReadingList).
        name: String,
        /// The iOS floor (15.0 or later; below 17.0 the stores are ObservableObjects).
        #[arg(long)]
        ios_deployment_target: Option<String>,
        /// "observation" or "observable-object".
        #[arg(long)]
        swift_observation: Option<String>,
        /// Where to create it (by default a new folder named after the app, lowercased).
        #[arg(long)]
        path: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let arguments = Arguments::parse();
    let result = match arguments.command {
        Command::Bindgen { config, swift_observation, check } => {
            bindgen::run(&config, swift_observation.as_deref(), check).map(|outcome| match outcome {
                Outcome::Written { changed, removed } => {
                    for file in &changed {
                        println!("wrote {file}");
                    }
                    for file in &removed {
                        println!("removed {file}");
                    }
                    if changed.is_empty() && removed.is_empty() {
                        println!("the package is current");
                    }
                    ExitCode::SUCCESS
                }
                Outcome::Checked { stale } if stale.is_empty() => {
                    println!("the package is current");
                    ExitCode::SUCCESS
                }
                Outcome::Checked { stale } => {
                    for file in &stale {
                        eprintln!("stale: {file}");
                    }
                    eprintln!("{} generated files differ: run `undra bindgen`", stale.len());
                    ExitCode::from(1)
                }
            })
        }
        Command::Init { name, ios_deployment_target, swift_observation, path } => {
            undra::init::run(&name, ios_deployment_target.as_deref(), swift_observation.as_deref(), path).map(
                |folder| {
                    println!("created {}", folder.display());
                    ExitCode::SUCCESS
                },
            )
        }
    };
    result.unwrap_or_else(|refusal| {
        eprintln!("{refusal}");
        ExitCode::from(2)
    })
}
