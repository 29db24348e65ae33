#!/usr/bin/env bash
# Builds UndraRuntime the way it is built over Apple's Combine, and runs the store tests there.
#
# On Apple platforms Combine exists, Publishing/ compiles out (`#if !canImport(Combine)`), and the
# store facade (objectWillChange, $field publishers, the error channel's publisher) must work
# against Combine's public API alone. Apple builds cannot run here, so this script makes a
# temporary package in which Publishing/ (with the Support/ files it uses) is a module named
# `Combine`, and the rest of UndraRuntime imports it: there `canImport(Combine)` is true, exactly
# as on Apple platforms. It then runs the store tests against that package. Any use by the
# facade of something Combine does not make public fails to compile here.
#
# Usage: Scripts/check-combine-module.sh [--keep]   (--keep leaves the package in place)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/undra-combine-module.XXXXXX")"
if [[ "${1:-}" != "--keep" ]]; then trap 'rm -rf "$work"' EXIT; fi

# The Support/ files Publishing/ uses: the lock, the atomics (over the C target), and the small
# dictionary flatMap keeps its inner subscriptions in.
combine_support=(Locked.swift AtomicWord.swift RemoveAllKeepingCapacity.swift SmallDictionary.swift)

mkdir -p "$work/Sources/Combine" "$work/Sources/UndraRuntime" "$work/Tests/StoreTests"
cp -R "$root/Sources/CUndraAtomics" "$work/Sources/CUndraAtomics"
cp -R "$root/Sources/CSQLite" "$work/Sources/CSQLite"
cp -R "$root/Sources/UndraRuntime/Publishing" "$work/Sources/Combine/Publishing"
mkdir -p "$work/Sources/Combine/Support"
for file in "${combine_support[@]}"; do cp "$root/Sources/UndraRuntime/Support/$file" "$work/Sources/Combine/Support/"; done
for layer in "$root"/Sources/UndraRuntime/*/; do
    name="$(basename "$layer")"
    [[ "$name" == "Publishing" ]] || cp -R "$layer" "$work/Sources/UndraRuntime/$name"
done
# The virtual-time scheduler compiles on Apple platforms too (Apple's Combine has no test
# scheduler), so it goes with the library, over the module's public API.
mv "$work/Sources/Combine/Publishing/Schedulers/VirtualTimeScheduler.swift" "$work/Sources/UndraRuntime/"
cp "$root"/Tests/UndraRuntimeTests/Store/*.swift "$work/Tests/StoreTests/"
cp "$root/Tests/UndraRuntimeTests/Support/TestSupport.swift" "$work/Tests/StoreTests/"
# The todos example store answers commands with the wire types of the todos core.
cp "$root/Tests/UndraRuntimeTests/Wire/TodosWire.swift" "$work/Tests/StoreTests/"

cat > "$work/Package.swift" <<'PACKAGE'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "UndraRuntimeOverCombine",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    targets: [
        .target(name: "CUndraAtomics"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // Publishing/ as the module Combine; inside it the layer must compile, not compile out.
        .target(name: "Combine", dependencies: ["CUndraAtomics"],
                swiftSettings: [.define("UNDRA_COMBINE_MODULE")]),
        .target(name: "UndraRuntime", dependencies: ["Combine", "CUndraAtomics", "CSQLite"]),
        .testTarget(name: "StoreTests", dependencies: ["UndraRuntime", "Combine"]),
    ],
    swiftLanguageModes: [.v6]
)
PACKAGE

# Names this library's Combine has and Apple's has not: the rest of the library must not use them.
if grep -rnE '\b(_sink|_PublisherProtocol)\b' "$work/Sources/UndraRuntime" "$work/Tests"; then
    echo "the code above uses names that Apple's Combine does not have"
    exit 1
fi

cd "$work"
echo "== store tests over a module named Combine ($work)"
swift build --build-tests 2>&1 | grep -E "warning:|error:" && { echo "the build over Combine has warnings or errors"; exit 1; }
swift test
