// swift-tools-version:6.0
// The Reading app: its view models (and, on Apple platforms, its SwiftUI screen) over the generated ReadingKit.
import Foundation
import PackageDescription

/// UndraRuntime: a checkout at this path (its package is named by its folder).
let runtimePath = "../../.."
let runtimePackage = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(runtimePath).standardized.lastPathComponent

let package = Package(
    name: "ReadingApp",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [.library(name: "ReadingApp", targets: ["ReadingApp"])],
    dependencies: [.package(path: "../ReadingKit"), .package(path: runtimePath)],
    targets: [
        // Edited after `undra init`: the app's own notes, in SQLite, shown through a live query.
        .target(
            name: "ReadingApp",
            dependencies: [
                .product(name: "ReadingKit", package: "ReadingKit"), .product(name: "UndraRuntime", package: runtimePackage),
                .product(name: "UndraSQLite", package: runtimePackage),
            ]),
        .testTarget(
            name: "ReadingAppTests",
            dependencies: [
                "ReadingApp", .product(name: "ReadingKit", package: "ReadingKit"),
                .product(name: "UndraRuntime", package: runtimePackage), .product(name: "UndraTesting", package: runtimePackage),
            ]),
    ]
)
