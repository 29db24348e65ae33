// swift-tools-version:6.0
// UndraRuntime, under the MIT License (LICENSE); its Rust crates, under MIT OR Apache-2.0
// (docs/RELEASING.md).
import PackageDescription

let package = Package(
    name: "UndraRuntime",
    // The floors a store's app runs on. Anything newer (Observation, Swift.Duration, ...) is used
    // behind availability; `Scripts/check-availability.py` keeps that true (Apple builds cannot run here).
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        // UndraBench is an executable target of this package only (`swift run -c release UndraBench`),
        // not a product: packages that depend on UndraRuntime are not offered it.
        .library(name: "UndraRuntime", targets: ["UndraRuntime"]),
        // SQLite and live queries (docs/SQLITE.md): the system SQLite, linked only by apps that
        // use this product.
        .library(name: "UndraSQLite", targets: ["UndraSQLite"]),
        // For an app's test targets: a core the tests play (docs/TESTING.md). It links XCTest and
        // Swift Testing, which ship with the toolchain, and reports to whichever is running.
        .library(name: "UndraTesting", targets: ["UndraTesting"]),
    ],
    targets: [
        // Atomic operations on a word, below Synchronization's iOS 18 floor (Support/AtomicWord.swift).
        .target(name: "CUndraAtomics"),
        // The system SQLite for UndraSQLite where the SDK has no `SQLite3` module (Linux).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "UndraRuntime", dependencies: ["CUndraAtomics"]),
        .target(
            name: "UndraSQLite",
            dependencies: [
                "UndraRuntime",
                .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows, .openbsd, .wasi])),
            ]
        ),
        .executableTarget(
            name: "UndraBench",
            dependencies: [
                "UndraRuntime",
                "UndraSQLite",
                // A generated store against its hand-written twin (`store.generated.decodeApply.1update`).
                "ReferenceKit",
                // The floor of a claimed set (`published.set.unsubscribed.vsClaim`): the same atomics.
                "CUndraAtomics",
                // Its SQLite rows' floor: the same work through SQLite's C API.
                .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows, .openbsd, .wasi])),
            ]
        ),
        // A child process the database tests kill in the middle of a transaction.
        .executableTarget(
            name: "UndraDatabaseCrashChild",
            dependencies: ["UndraRuntime", "UndraSQLite"],
            path: "Tests/UndraDatabaseCrashChild"
        ),
        .target(name: "UndraTesting", dependencies: ["UndraRuntime"]),
        // The reference core's stores as `undra bindgen` writes them (Tests/Generated/Reference,
        // from Tests/RustPeer's types), compiled here so that the suite runs them with no Rust;
        // all but the file that links the Rust library, which the tests load with dlopen instead.
        .target(
            name: "ReferenceKit",
            dependencies: ["UndraRuntime"],
            path: "Tests/Generated/Reference/ReferenceKit/Sources/ReferenceKit",
            exclude: ["ReferenceCore+Linked.swift"]
        ),
        // The same stores at the iOS 15 floor, as ObservableObjects (Tests/Generated/Reference15).
        .target(
            name: "Reference15Kit",
            dependencies: ["UndraRuntime"],
            path: "Tests/Generated/Reference15/Reference15Kit/Sources/Reference15Kit",
            exclude: ["Reference15Core+Linked.swift"]
        ),
        // README's Score store (iOS 17, Observation), and a store of every wire shape (iOS 15,
        // ObservableObject), generated from rust/undra-core's examples.
        .target(
            name: "ScoreKit",
            dependencies: ["UndraRuntime"],
            path: "Tests/Generated/Score/ScoreKit/Sources/ScoreKit",
            exclude: ["ScoreCore+Linked.swift"]
        ),
        .target(
            name: "ShapesKit",
            dependencies: ["UndraRuntime"],
            path: "Tests/Generated/Shapes/ShapesKit/Sources/ShapesKit",
            exclude: ["ShapesCore+Linked.swift"]
        ),
        .testTarget(
            name: "UndraRuntimeTests",
            dependencies: ["UndraRuntime", "UndraSQLite", "UndraDatabaseCrashChild", "ReferenceKit", "Reference15Kit", "ScoreKit", "ShapesKit"]
        ),
        .testTarget(name: "UndraTestingTests", dependencies: ["UndraTesting", "UndraRuntime", "Reference15Kit"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
