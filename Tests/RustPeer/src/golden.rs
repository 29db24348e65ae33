//! The committed schema descriptions (Tests/WireVectors/schemas.golden), which the Swift tests
//! compare their stores' with: the reference core's stores are described by their types alike.

use crate::chaos::Chaos;
use undra_core::Schema;

/// The golden file's entries: name, hash, description.
pub fn golden() -> Vec<(String, u64, String)> {
    let text = include_str!("../../WireVectors/schemas.golden");
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let name = parts.next().expect("a name").to_string();
            let hash =
                u64::from_str_radix(parts.next().expect("a hash").trim_start_matches("0x"), 16).expect("a hex hash");
            (name, hash, parts.next().expect("a description").replace("\\n", "\n"))
        })
        .collect()
}

#[test]
fn the_reference_cores_stores_are_described_as_the_golden_file_says() {
    let golden = golden();
    let entry = |name: &str| golden.iter().find(|(n, _, _)| n == name).cloned().expect("a golden entry");
    for (name, schema) in [("todos", crate::todos::schema()), ("chaos", Schema::of::<Chaos>().unwrap())] {
        let (_, hash, description) = entry(name);
        assert_eq!(schema.description, description, "{name}");
        assert_eq!(schema.hash, hash, "{name}");
    }
    assert_eq!(
        crate::todos::schema(),
        Schema::of::<crate::todos_core::Todos>().unwrap(),
        "the core's store and the vectors' types agree"
    );
}
