//! A store's schema from its types: docs/WIRE.md's description of the Todos store, its hash, and
//! the first difference two descriptions show.

mod common;

use common::*;
use serde_derive::{Deserialize, Serialize};
use undra_core::{first_difference, fnv1a, Schema, Store};

#[test]
fn the_todos_store_is_described_as_docs_wire_md_says() {
    let schema = Schema::of::<Todos>().unwrap();
    assert_eq!(schema.description, TODOS_DESCRIPTION);
    assert_eq!(schema.hash, fnv1a(TODOS_DESCRIPTION.as_bytes()));
    println!("todos hash {:#018x}", schema.hash);
}

#[test]
fn fnv1a_is_the_64_bit_fnv_1a() {
    assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
}

#[derive(Serialize, Deserialize)]
enum NoOp {}

struct Quiet;

impl Store for Quiet {
    const NAME: &'static str = "Quiet_Store";
    type Op = NoOp;
    type Command = ();
    type Outcome = ();
    fn snapshot(&self) -> Vec<NoOp> {
        vec![]
    }
    fn command(&mut self, _: (), _: &mut Vec<NoOp>) {}
}

#[test]
fn a_store_with_no_field_and_no_command() {
    assert_eq!(Schema::of::<Quiet>().unwrap().description, "undra-schema 1\nstore quietstore\ncommand unit\noutcome unit");
}

#[test]
fn the_first_difference_names_the_field_or_variant() {
    let with = |from: &str, to: &str| TODOS_DESCRIPTION.replacen(from, to, 1);
    let cases = [
        (with("field 2 count scalar i64", "field 2 count scalar string"), "field 2 (count): the host has scalar i64, the core has scalar string"),
        (with("field 1 filter", "field 1 filters"), "field 1: the host has filter scalar string, the core has filters scalar string"),
        (with("field 3 lastevent scalar string\n", ""), "field 3 (lastevent): the host has scalar string, the core has no field 3"),
        (with("toggle:i64", "toggle:string"), "command variant 1 (toggle): the host has i64, the core has string"),
        (with("|setfilter:string}", "}"), "command variant 2 (setfilter): the host has string, the core has no variant 2"),
        (with("add:string", "append:string"), "command variant 0: the host has add:string, the core has append:string"),
        (with("store todos", "store todo"), "store: the host has todos, the core has todo"),
        (with("undra-schema 1", "undra-schema 2"), "undra-schema: the host has 1, the core has 2"),
        (with("unknownfilter:string}}|toggle", "unknownfilter:string|full:unit}}|toggle"), "outcome variant 0 (add): the host has enum{ok:i64|err:enum{emptytitle:unit|notfound:i64|unknownfilter:string}}, the core has enum{ok:i64|err:enum{emptytitle:unit|notfound:i64|unknownfilter:string|full:unit}}"),
    ];
    for (core, difference) in cases {
        assert_eq!(first_difference(TODOS_DESCRIPTION, &core).as_deref(), Some(difference));
    }
    assert_eq!(first_difference(TODOS_DESCRIPTION, TODOS_DESCRIPTION), None);
    let extra = format!("{TODOS_DESCRIPTION}");
    let host_extra = with("field 3 lastevent scalar string\n", "field 3 lastevent scalar string\nfield 4 seen scalar bool\n");
    assert_eq!(first_difference(&host_extra, &extra).as_deref(), Some("field 4 (seen): the host has scalar bool, the core has no field 4"));
    assert_eq!(first_difference(&extra, &host_extra).as_deref(), Some("field 4 (seen): the host has no field 4, the core has scalar bool"));
}
