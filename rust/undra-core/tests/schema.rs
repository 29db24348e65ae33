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
    assert_eq!(
        Schema::of::<Quiet>().unwrap().description,
        "undra-schema 2\nstore quietstore\ncommand unit\noutcome unit"
    );
}

#[test]
fn equal_descriptions_have_no_difference_and_a_side_with_more_lines_names_them() {
    assert_eq!(first_difference(TODOS_DESCRIPTION, TODOS_DESCRIPTION), None);
    let fewer = "undra-schema 2\nstore todos";
    assert_eq!(
        first_difference(TODOS_DESCRIPTION, fewer).as_deref(),
        Some("field 0 (visible): the host has list i64 (id:i64,title:string,done:bool), the core has no field 0")
    );
    assert_eq!(
        first_difference("undra-schema 2", "undra-schema 2\nextra"),
        Some("line 2: the host has nothing, the core has extra".to_string())
    );
}
