#!/usr/bin/env bash
# The API check's own test: a scratch package's API is taken as the baseline, then changed in
# each breaking way (a method's label, a conformance removed, a protocol requirement added, an
# enum case added) and in ways that break nothing (a new function, a requirement with a default
# implementation). Scripts/check-api.py must fail, naming exactly the four breaking changes.
set -euo pipefail
cd "$(dirname "$0")/.."
check="$PWD/Scripts/check-api.py"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/Scratch"
cat > "$scratch/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Scratch",
    products: [.library(name: "Scratch", targets: ["Scratch"])],
    targets: [.target(name: "Scratch")]
)
SWIFT
cat > "$scratch/Sources/Scratch/Scratch.swift" <<'SWIFT'
public struct Point: Equatable {
    public var x: Int
    public init(x: Int) { self.x = x }
    public func moved(by offset: Int) -> Point { Point(x: x + offset) }
}
public protocol Shape { func area() -> Double }
public enum Color { case red, green }
SWIFT
python3 "$check" --package-path "$scratch" --update >/dev/null
cat > "$scratch/Sources/Scratch/Scratch.swift" <<'SWIFT'
public struct Point {
    public var x: Int
    public init(x: Int) { self.x = x }
    public func moved(to offset: Int) -> Point { Point(x: x + offset) }
}
public protocol Shape {
    func area() -> Double
    func perimeter() -> Double
    func name() -> String
}
extension Shape { public func name() -> String { "shape" } }
public enum Color { case red, green, blue }
public func origin() -> Point { Point(x: 0) }
SWIFT
set +e
output="$(python3 "$check" --package-path "$scratch" 2>&1)"
status=$?
set -e
expected="$scratch/api/Scratch.api: breaking: conformance removed: conformance Point: Swift.Equatable
$scratch/api/Scratch.api: breaking: removed or changed: method Point.moved(by:): func moved(by offset: Int) -> Point
$scratch/api/Scratch.api: breaking: new requirement of Shape, with no default implementation: Shape.perimeter()
$scratch/api/Scratch.api: breaking: new case of Color (an exhaustive switch over it breaks): Color.blue"
found="$(echo "$output" | grep ': breaking: ')"
if [ "$status" -ne 1 ] || [ "$found" != "$expected" ]; then
    echo "test-check-api: expected exit 1 and the four breaking changes, got exit $status:"
    echo "$output"
    exit 1
fi
echo "test-check-api: the check fails a scratch package's four breaking changes, naming each, and only those"

# The same for a Rust crate: an argument's type, an implementation removed, a trait's new
# required method, an enum's new variant; a new function and a provided method break nothing.
crate="$scratch/crate"
mkdir -p "$crate/src"
printf '[package]\nname = "scratch"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n' > "$crate/Cargo.toml"
cat > "$crate/src/lib.rs" <<'RUST'
#[derive(Clone)]
pub struct Point {
    pub x: i32,
}
pub fn moved(point: Point, offset: i32) -> Point {
    Point { x: point.x + offset }
}
pub trait Shape {
    fn area(&self) -> f64;
}
pub enum Color {
    Red,
    Green,
}
RUST
python3 "$check" --rust-crate "$crate" --update >/dev/null
cat > "$crate/src/lib.rs" <<'RUST'
pub struct Point {
    pub x: i32,
}
pub fn moved(point: Point, offset: i64) -> Point {
    Point { x: point.x + offset as i32 }
}
pub trait Shape {
    fn area(&self) -> f64;
    fn perimeter(&self) -> f64;
    fn name(&self) -> String {
        "shape".to_string()
    }
}
pub enum Color {
    Red,
    Green,
    Blue,
}
pub fn origin() -> Point {
    Point { x: 0 }
}
RUST
set +e
output="$(python3 "$check" --rust-crate "$crate" 2>&1)"
status=$?
set -e
baseline="$crate/api/scratch.api"
expected="$baseline: breaking: removed or changed: fn scratch::moved: fn moved(point: scratch::Point, offset: i32) -> scratch::Point
$baseline: breaking: removed or changed: impl scratch::Point: impl core::clone::Clone for scratch::Point
$baseline: breaking: new requirement of scratch::Shape, with no default implementation: scratch::Shape::perimeter
$baseline: breaking: new case of scratch::Color (an exhaustive switch over it breaks): scratch::Color::Blue"
found="$(echo "$output" | grep ': breaking: ')"
if [ "$status" -ne 1 ] || [ "$found" != "$expected" ]; then
    echo "test-check-api: expected exit 1 and the crate's four breaking changes, got exit $status:"
    echo "$output"
    exit 1
fi
echo "test-check-api: the check fails a scratch crate's four breaking changes, naming each, and only those"
