// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "UndraRuntime",
    products: [
        .library(name: "UndraRuntime", targets: ["UndraRuntime"]),
        .executable(name: "UndraBench", targets: ["UndraBench"]),
    ],
    targets: [
        .target(name: "UndraRuntime"),
        .executableTarget(
            name: "UndraBench",
            dependencies: ["UndraRuntime"]
        ),
        .testTarget(
            name: "UndraRuntimeTests",
            dependencies: ["UndraRuntime"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
