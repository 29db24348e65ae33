//! The app's core type, and what links the Rust library into an app: the C module (a header and a
//! module map for the three functions), the package manifest, and the steps for iOS.

use super::code::Code;
use super::names::lower_camel;
use super::{Files, Model};
use crate::config::Runtime;

impl Model<'_> {
    /// `<App>Core.swift`: the core type, reached through any transport.
    pub fn core_file(&self) -> String {
        let core = &self.settings.core_type;
        let stores: Vec<String> = self.description.stores.iter().map(|s| s.name.clone()).collect();
        let mut code = Code::new();
        code.line(self.header().trim_end());
        code.line("");
        code.line("import UndraRuntime");
        code.line("");
        code.doc(format!(
            "The app's core: the Rust library `{}` (its stores: {}), in this process or in another. Its stores attach to it: \
             `{}(core: core)`.\n\n- Thread safety: `Sendable`; its stores may be attached and used from any thread.",
            self.settings.library,
            stores.join(", "),
            stores.first().map_or("Store", String::as_str)
        ));
        code.block(format!("public final class {core}: Sendable"), |code| {
            code.doc("The connection to the core: its frames, commands, resyncs and reconnections.");
            code.line("public let core: Core");
            code.line("");
            code.doc("The connection's state, fine-grained (tracked, observed).");
            code.line("public var connection: Connection { core.connection }");
            code.doc("The connection's state as an `ObservableObject`, on the main actor (for `@ObservedObject`).");
            code.line("public var connectionObject: ConnectionObject { core.connectionObject }");
            code.doc("The core's errors that concern no store.");
            code.line("public var errors: ErrorChannel { core.errors }");
            code.line("");
            code.doc("A core reached through `transport`, connecting now; it reconnects by itself after a failure.");
            code.block("public init(transport: any CoreTransport, options: Core.Options = Core.Options())", |code| {
                code.line("core = Core(transport: transport, options: options)");
                code.line("core.startConnecting()");
            });
            code.line("");
            code.doc(format!(
                "The core in the shared library at `path` (`cargo build` of the core puts `lib{}` in its `target/debug`), loaded \
                 with dlopen and run in this process: for tests, macOS and Linux.",
                self.settings.library
            ));
            code.block(
                "public convenience init(library path: String, configuration: [UInt8] = [], options: Core.Options = Core.Options()) throws(TransportError)",
                |code| {
                    code.line("let functions = try InProcessCoreFunctions.load(library: path)");
                    code.line("self.init(transport: InProcessTransport(functions: functions, configuration: configuration), options: options)");
                },
            );
            code.line("");
            code.doc("The core as a child process: `executable` serves the byte stream on its standard input and output (undra-core's `serve_stdio`).");
            code.block("public convenience init(executable: String, arguments: [String] = [], options: Core.Options = Core.Options())", |code| {
                code.line("self.init(transport: ByteStreamTransport.childProcess(executable: executable, arguments: arguments), options: options)");
            });
            code.line("");
            code.doc("Attaches a store's runtime as store `index`: what each store's `init(core:)` does.");
            code.block(
                "public func attach<Command, Outcome>(_ runtime: StoreRuntime, index: UInt32, schema: WireSchema<Command, Outcome>) -> CommandChannel<Command, Outcome>",
                |code| code.line("core.attach(runtime, index: index, schema: schema)"),
            );
        });
        code.finish()
    }

    /// `<App>Core+Linked.swift`: the core linked into the app through the C module, and each
    /// store's `init()` over it.
    pub fn linked_file(&self) -> String {
        let core = &self.settings.core_type;
        let mut code = Code::new();
        code.line(self.header().trim_end());
        code.line("");
        code.line(format!("import {}", self.settings.c_module));
        code.line("import UndraRuntime");
        code.line("");
        code.block(format!("extension {core}"), |code| {
            code.doc(format!(
                "The core linked into the app (the Rust static library `lib{}.a`, through the C module `{}`), started in this \
                 process: how an iOS app runs its core.",
                self.settings.library, self.settings.c_module
            ));
            code.block(
                "public convenience init(configuration: [UInt8] = [], options: Core.Options = Core.Options()) throws(TransportError)",
                |code| {
                    code.line("let functions = InProcessCoreFunctions(create: undra_core_create, send: undra_core_send, destroy: undra_core_destroy)");
                    code.line("self.init(transport: InProcessTransport(functions: functions, configuration: configuration), options: options)");
                },
            );
        });
        for store in &self.description.stores {
            code.line("");
            code.block(format!("extension {}", super::names::escaped(&store.name)), |code| {
                code.doc(format!(
                    "The store on a core of its own, linked into the app and started in process: what the view that owns it \
                     writes (`@State private var {} = try! {}()`). A second store of the same core attaches to this one's: \
                     `init(core: {}.core)`.",
                    lower_camel(&store.name),
                    store.name,
                    lower_camel(&store.name)
                ));
                code.block("public convenience init() throws(TransportError)", |code| code.line(format!("self.init(core: try {core}())")));
            });
        }
        code.finish()
    }

    /// The C module, the manifest, the steps for iOS.
    pub fn linking_files(&self) -> Files {
        let mut files = Files::new();
        let library = &self.settings.library;
        let c_module = &self.settings.c_module;
        files.insert(
            format!("Sources/{c_module}/module.modulemap"),
            format!(
                "// Generated by `undra bindgen`. Do not edit.\n// The Rust core's C ABI: the three functions of undra-core's export_core!, linked from lib{library}.\n\
                 module {c_module} [system] {{\n    header \"{library}.h\"\n    link \"{library}\"\n    export *\n}}\n"
            ),
        );
        files.insert(format!("Sources/{c_module}/{library}.h"), self.header_file());
        files.insert("Package.swift".to_string(), self.manifest());
        files.insert("build-xcframework.sh".to_string(), self.xcframework_script());
        files.insert("README.md".to_string(), self.readme());
        files
    }

    fn header_file(&self) -> String {
        let guard = format!("{}_H", self.settings.library.to_uppercase());
        format!(
            "// Generated by `undra bindgen`. Do not edit.\n\
             // The C ABI of the Rust core lib{library} (undra-core's export_core!): UndraRuntime's in-process transport\n\
             // calls these (docs/CORE.md, \"In process: a C ABI\").\n\
             #ifndef {guard}\n#define {guard}\n\n#include <stddef.h>\n#include <stdint.h>\n\n\
             /// A running core.\nstruct undra_core;\n\n\
             /// How the core hands the host each message it sends; `bytes == NULL` says it stopped.\n\
             typedef void (*undra_receive)(void *_Nullable context, const uint8_t *_Nullable bytes, size_t length);\n\n\
             /// Starts a core from its configuration bytes; NULL if it cannot start.\n\
             struct undra_core *_Nullable undra_core_create(const uint8_t *_Nullable configuration, size_t length,\n\
             \x20                                              undra_receive _Nonnull receive, void *_Nullable context);\n\n\
             /// Hands the core one host message: 0 if it took it, 1 if it has stopped.\n\
             int32_t undra_core_send(struct undra_core *_Nullable core, const uint8_t *_Nullable bytes, size_t length);\n\n\
             /// Stops the core; no `receive` call follows.\n\
             void undra_core_destroy(struct undra_core *_Nullable core);\n\n#endif\n",
            library = self.settings.library
        )
    }

    fn manifest(&self) -> String {
        let module = &self.settings.module;
        let c_module = &self.settings.c_module;
        let floor = self.settings.floor;
        let (runtime_lines, dependency, package) = match &self.settings.runtime {
            Runtime::Path(path) => (
                format!(
                    "/// UndraRuntime: a checkout at this path from the package's folder (Undra.toml's runtime_path).\n\
                     let runtimePath = \"{path}\"\n\
                     /// A path dependency's package is named by its folder.\n\
                     let runtimePackage = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(runtimePath).standardized.lastPathComponent\n"
                ),
                ".package(path: runtimePath)".to_string(),
                "runtimePackage".to_string(),
            ),
            Runtime::Url { url, version } => (String::new(), format!(".package(url: \"{url}\", from: \"{version}\")"), "\"UndraRuntime\"".to_string()),
        };
        let library_folder = format!("{}/target/debug", self.settings.core_folder);
        // The other platforms' releases of the same year as the iOS floor.
        let major = floor.major;
        let (macos, watchos) = if major >= 26 { (major, major) } else { (major - 3, major - 7) };
        format!(
            "// swift-tools-version:6.0\n\
             // Generated by `undra bindgen` (app {app}, iOS {floor}, {observation}). Do not edit: run `undra bindgen` again.\n\
             import Foundation\n\
             import PackageDescription\n\n\
             {runtime_lines}\
             /// Where `cargo build` puts the core's library, from the package's folder: linked on this machine (macOS, Linux).\n\
             /// An iOS app links the XCFramework that build-xcframework.sh makes instead.\n\
             let coreLibraries = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(\"{library_folder}\").standardized.path\n\n\
             let package = Package(\n\
             \x20   name: \"{module}\",\n\
             \x20   platforms: [.iOS(\"{floor}\"), .macOS(\"{macos}.0\"), .tvOS(\"{major}.0\"), .watchOS(\"{watchos}.0\")],\n\
             \x20   products: [.library(name: \"{module}\", targets: [\"{module}\"])],\n\
             \x20   dependencies: [{dependency}],\n\
             \x20   targets: [\n\
             \x20       .systemLibrary(name: \"{c_module}\", path: \"Sources/{c_module}\"),\n\
             \x20       .target(\n\
             \x20           name: \"{module}\",\n\
             \x20           dependencies: [\"{c_module}\", .product(name: \"UndraRuntime\", package: {package})],\n\
             \x20           linkerSettings: [\n\
             \x20               .unsafeFlags([\"-L\", coreLibraries, \"-Xlinker\", \"-rpath\", \"-Xlinker\", coreLibraries], .when(platforms: [.macOS, .linux])),\n\
             \x20           ]),\n\
             \x20   ]\n\
             )\n",
            app = self.settings.app,
            observation = self.settings.observation.name(),
        )
    }

    fn xcframework_script(&self) -> String {
        let library = &self.settings.library;
        format!(
            "#!/bin/sh\n\
             # Generated by `undra bindgen`. Do not edit.\n\
             # Builds the Rust core for iOS devices and simulators and bundles it with the C module as\n\
             # {c_module}.xcframework, which an iOS app links (Xcode: Frameworks, Libraries, and Embedded Content).\n\
             # Runs on a Mac with Xcode and rustup (docs/BINDGEN.md, \"Linking on iOS\").\n\
             set -eu\n\
             cd \"$(dirname \"$0\")\"\n\
             core=\"{core}\"\n\
             rustup target add aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios\n\
             for target in aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios; do\n\
             \x20   (cd \"$core\" && IPHONEOS_DEPLOYMENT_TARGET={floor} cargo build --release --lib --target \"$target\")\n\
             done\n\
             mkdir -p build/simulator\n\
             lipo -create \"$core/target/aarch64-apple-ios-sim/release/lib{library}.a\" \"$core/target/x86_64-apple-ios/release/lib{library}.a\" \\\n\
             \x20   -output build/simulator/lib{library}.a\n\
             rm -rf build/{c_module}.xcframework\n\
             xcodebuild -create-xcframework \\\n\
             \x20   -library \"$core/target/aarch64-apple-ios/release/lib{library}.a\" -headers Sources/{c_module} \\\n\
             \x20   -library build/simulator/lib{library}.a -headers Sources/{c_module} \\\n\
             \x20   -output build/{c_module}.xcframework\n\
             echo \"built build/{c_module}.xcframework\"\n",
            c_module = self.settings.c_module,
            core = self.settings.core_folder,
            floor = self.settings.floor,
        )
    }

    fn readme(&self) -> String {
        let stores: Vec<String> = self.description.stores.iter().map(|s| format!("`{}`", s.name)).collect();
        format!(
            "# {module}\n\n\
             Generated by `undra bindgen` from the Rust core's types: do not edit, run `undra bindgen` again after changing them\n\
             (`undra bindgen --check` says whether this package is current). Its stores: {stores}, as {shape} (iOS {floor}).\n\n\
             - **macOS and Linux**: `cargo build` in the core's folder (`{core}`), then `swift build`: the package links\n\
             \x20 `{core}/target/debug/lib{library}`.\n\
             - **iOS**: `./build-xcframework.sh` on a Mac (Xcode and rustup) builds the core for devices and simulators and\n\
             \x20 bundles it as `build/{c_module}.xcframework`; add it to the app target with this package.\n\
             - **Tests**: `{core_type}(library:)` loads the shared library with dlopen, `{core_type}(executable:)` runs the core as\n\
             \x20 a process.\n",
            module = self.settings.module,
            stores = stores.join(", "),
            shape = match self.settings.observation {
                crate::config::Observation::Observation => "Observation stores (`Trackable`, `Observable` from iOS 17)",
                crate::config::Observation::ObservableObject => "`ObservableObject` stores with `$field` publishers",
            },
            floor = self.settings.floor,
            core = self.settings.core_folder,
            library = self.settings.library,
            c_module = self.settings.c_module,
            core_type = self.settings.core_type,
        )
    }
}
