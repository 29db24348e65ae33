//! The committed files both sides check: the Score store's schema (Tests/WireVectors/schemas.golden)
//! and every first difference of Tests/WireVectors/schema.differences, which the Swift tests check
//! word for word too.

#[path = "../examples/score_core.rs"]
#[allow(dead_code)]
mod score_core;

use undra_core::{first_difference, Schema};

fn unescape(text: &str) -> String {
    text.replace("\\n", "\n")
}

#[test]
fn the_example_score_store_is_described_as_the_golden_file_says() {
    let golden = include_str!("../../../Tests/WireVectors/schemas.golden");
    let line = golden.lines().find(|l| l.starts_with("score ")).expect("a score entry");
    let mut parts = line.splitn(3, ' ').skip(1);
    let schema = Schema::of::<score_core::Score>().unwrap();
    assert_eq!(parts.next(), Some(format!("{:#018x}", schema.hash).as_str()));
    assert_eq!(parts.next().map(unescape), Some(schema.description));
}

#[test]
fn every_difference_of_the_golden_file_is_worded_as_it_says() {
    let cases = include_str!("../../../Tests/WireVectors/schema.differences");
    let mut checked = 0;
    for line in cases.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let [name, host, core, difference] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("four columns: {line}")
        };
        assert_eq!(first_difference(&unescape(host), &unescape(core)).as_deref(), Some(difference), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 14);
}
