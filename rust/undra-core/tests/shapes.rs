//! Shapes traced from serde derives: every form of serde's data model, enums explored in full,
//! recursion, and the types that cannot be traced.

use serde_derive::Deserialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;
use undra_core::{shape_of, Shape};

fn shape<T: serde::de::DeserializeOwned>() -> String {
    shape_of::<T>().expect("traceable").to_string()
}

#[derive(Deserialize)]
#[allow(dead_code)]
struct Point {
    x: i32,
    y: i32,
}
#[derive(Deserialize)]
struct Marker;
#[derive(Deserialize)]
#[allow(dead_code)]
struct Meters(f64);
#[derive(Deserialize)]
#[allow(dead_code)]
struct Pair(u8, u16);
#[derive(Deserialize)]
#[allow(dead_code)]
struct Empty {}
#[derive(Deserialize)]
#[allow(dead_code)]
enum ShapeKind {
    Empty,
    Circle(u32),
    Line(u8, String),
    Rect { w: u16, h: u16 },
    Named { only: bool },
}

#[test]
fn the_standard_types_are_their_serde_names() {
    assert_eq!(shape::<bool>(), "bool");
    assert_eq!(shape::<(u8, u16, u32, u64, u128)>(), "(u8,u16,u32,u64,u128)");
    assert_eq!(shape::<(i8, i16, i32, i64, i128)>(), "(i8,i16,i32,i64,i128)");
    assert_eq!(shape::<(f32, f64, char, String, ())>(), "(f32,f64,char,string,unit)");
    assert_eq!(shape::<Vec<u8>>(), "seq<u8>");
    assert_eq!(shape::<Option<Option<u8>>>(), "option<option<u8>>");
    assert_eq!(shape::<Vec<Vec<String>>>(), "seq<seq<string>>");
    assert_eq!(shape::<BTreeSet<i64>>(), "seq<i64>");
    assert_eq!(shape::<BTreeMap<u32, String>>(), "map<u32,string>");
    assert_eq!(shape::<HashMap<String, Vec<i64>>>(), "map<string,seq<i64>>");
    assert_eq!(shape::<Duration>(), "(secs:u64,nanos:u32)");
    assert_eq!(shape::<[u16; 3]>(), "(u16,u16,u16)");
    assert_eq!(shape::<Box<std::num::NonZeroU32>>(), "u32");
    assert_eq!(shape::<Result<u32, String>>(), "enum{ok:u32|err:string}");
}

#[test]
fn structs_keep_their_field_names_and_one_field_is_the_field() {
    assert_eq!(shape::<Point>(), "(x:i32,y:i32)");
    assert_eq!(shape::<Marker>(), "unit");
    assert_eq!(shape::<Meters>(), "f64");
    assert_eq!(shape::<Pair>(), "(u8,u16)");
    assert_eq!(shape::<Empty>(), "unit");
    assert_eq!(shape::<(u8,)>(), "u8");
}

#[test]
fn every_variant_of_every_enum_is_seen_with_its_payload() {
    assert_eq!(shape::<ShapeKind>(), "enum{empty:unit|circle:u32|line:(u8,string)|rect:(w:u16,h:u16)|named:bool}");
    // Two instances of one generic enum are two enums.
    assert_eq!(
        shape::<(Result<u64, ShapeKind>, Result<(), bool>)>(),
        "(enum{ok:u64|err:enum{empty:unit|circle:u32|line:(u8,string)|rect:(w:u16,h:u16)|named:bool}},enum{ok:unit|err:bool})"
    );
    assert_eq!(shape::<Vec<Option<Result<u8, ()>>>>(), "seq<option<enum{ok:u8|err:unit}>>");
}

#[derive(Deserialize)]
#[allow(dead_code)]
enum Inner {
    A(u8),
    B(Result<bool, String>),
}
#[derive(Deserialize)]
#[allow(dead_code)]
enum Outer {
    X(Inner),
    Y { left: Inner, right: Option<Inner> },
    Z,
}

#[test]
fn enums_inside_enums_are_seen_in_every_place() {
    let inner = "enum{a:u8|b:enum{ok:bool|err:string}}";
    assert_eq!(shape::<Outer>(), format!("enum{{x:{inner}|y:(left:{inner},right:option<{inner}>)|z:unit}}"));
}

#[derive(Deserialize)]
#[allow(dead_code)]
enum Tree {
    Node(Vec<Tree>),
    Leaf(i64),
}
#[derive(Deserialize)]
#[allow(dead_code)]
struct Folder {
    name: String,
    children: Vec<Folder>,
    parent: Option<Box<Folder>>,
}
#[derive(Deserialize)]
#[allow(dead_code)]
enum Expr {
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Num(i64),
}
#[derive(Deserialize)]
#[allow(dead_code)]
struct Doc {
    sections: Vec<Section>,
}
#[derive(Deserialize)]
#[allow(dead_code)]
enum Section {
    Text(String),
    Nested(Doc),
}

#[test]
fn a_type_inside_itself_is_rec_of_its_depth() {
    assert_eq!(shape::<Tree>(), "enum{node:seq<rec0>|leaf:i64}");
    assert_eq!(shape::<Folder>(), "(name:string,children:seq<rec0>,parent:option<rec0>)");
    // Every variant recurses but Num, which the values built inside the recursion find.
    assert_eq!(shape::<Expr>(), "enum{neg:rec0|add:(rec0,rec0)|num:i64}");
    assert_eq!(shape::<Doc>(), "seq<enum{text:string|nested:rec1}>");
    assert_eq!(shape::<Vec<Tree>>(), "seq<enum{node:seq<rec0>|leaf:i64}>");
}

#[derive(Deserialize)]
#[allow(dead_code)]
enum Never {}
#[derive(Deserialize)]
#[allow(dead_code)]
struct Endless {
    next: Box<Endless>,
}
#[derive(Deserialize)]
#[serde(untagged)]
#[allow(dead_code)]
enum Untagged {
    A(u8),
}

#[test]
fn what_cannot_be_traced_is_an_error_that_says_why() {
    assert_eq!(shape_of::<Never>().unwrap(), Shape::Enum(vec![]));
    assert!(shape_of::<Vec<Never>>().unwrap_err().message().contains("no variant"));
    assert!(shape_of::<Endless>().unwrap_err().message().contains("no way out"));
    assert!(shape_of::<Untagged>().unwrap_err().message().contains("deserialize_any"));
}
