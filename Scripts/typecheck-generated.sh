#!/bin/sh
# Type-checks, in Swift 6 mode with warnings as errors, every Swift file of each generated
# package given (its folder: the one with Package.swift), the file that links the Rust library
# included, against this package's debug build of UndraRuntime (run `swift build` first). A
# package at a floor above this one's (iOS 17: Swift.Duration, Observation) is checked here at
# its own floor, since this package does not build it as a target of its own.
#
#   Scripts/typecheck-generated.sh Tests/Generated/Shapes17/Shapes17Kit ...
set -eu
build=.build/debug
for package in "$@"; do
    for module in "$package"/Sources/*/; do
        module=$(basename "$module")
        [ -f "$package/Sources/$module/module.modulemap" ] && continue
        c_maps=""
        for map in "$package"/Sources/*/module.modulemap; do
            [ -f "$map" ] && c_maps="$c_maps -Xcc -fmodule-map-file=$map"
        done
        # shellcheck disable=SC2086 # the module maps are separate arguments
        swiftc -typecheck -swift-version 6 -warnings-as-errors -module-name "$module" -I "$build/Modules" \
            -Xcc -fmodule-map-file=Sources/CSQLite/module.modulemap \
            -Xcc -fmodule-map-file="$build/CUndraAtomics.build/module.modulemap" \
            $c_maps "$package/Sources/$module"/*.swift
        echo "$package: $module type-checks ($(ls "$package/Sources/$module"/*.swift | wc -l) files)"
    done
done
