// swift-tools-version:6.0
// The OpenCombine reference figures of Benchmarks/README.md: UndraBench's coarse rows timed for
// UndraRuntime and for OpenCombine in one executable. A package of its own, apart from the root
// package (UndraRuntime has no dependency, and its benchmark cannot depend on OpenCombine), run
// from this folder:
//
//   swift run -c release OpenCombineReference [--filter PREFIX]
//
// Linux only, like UndraBench's coarse rows: on Apple platforms UndraRuntime's coarse layer
// compiles out in favour of Combine. Resolving needs network access to GitHub.
import PackageDescription

let package = Package(
    name: "OpenCombineReference",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    dependencies: [
        // The OpenCombine that was measured is master, not a release: its sources include files
        // of 2023 (Publisher+Subscribe.swift, Publishers.Zip.swift). This is the commit of the
        // newest of them; Benchmarks/README.md says how the measured sources were assembled.
        .package(url: "https://github.com/OpenCombine/OpenCombine", revision: "0b94732afb8f281da10e2488e06fd1b48435afa8"),
        .package(name: "UndraRuntime", path: "../.."),
    ],
    targets: [
        // Sources/UndraRows/Rows.swift, compiled against UndraRuntime.
        .target(name: "UndraRows", dependencies: [.product(name: "UndraRuntime", package: "UndraRuntime")]),
        // The same file (Sources/OpenCombineRows/Rows.swift is a symlink to it), compiled against
        // OpenCombine.
        .target(
            name: "OpenCombineRows",
            dependencies: [.product(name: "OpenCombine", package: "OpenCombine")],
            swiftSettings: [.define("OPENCOMBINE")]
        ),
        .executableTarget(name: "OpenCombineReference", dependencies: ["UndraRows", "OpenCombineRows"]),
    ],
    swiftLanguageModes: [.v6]
)
