//! Writes the bytes of shapes_core.rs's sample (`bincode::serialize`) to DIR/shapes.vectors, for
//! the Swift tests of the generated ShapesKit that run without Rust: `shapes_vectors DIR`.

#[path = "shapes_core.rs"]
#[allow(dead_code)]
mod shapes_core;

fn main() {
    let dir = std::env::args().nth(1).expect("usage: shapes_vectors DIR");
    let hex = |bytes: Vec<u8>| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let mut text = String::from(
        "# Written by rust/undra-core/examples/shapes_vectors.rs: bincode::serialize of each value. Do not edit.\n",
    );
    text += &format!(
        "shapes.sample {}\n",
        hex(bincode::serialize(&shapes_core::sample()).expect("bincode writes the sample"))
    );
    let command = shapes_core::ShapesCommand::Replace(shapes_core::sample());
    text +=
        &format!("shapes.command.replace {}\n", hex(bincode::serialize(&command).expect("bincode writes the command")));
    std::fs::write(format!("{dir}/shapes.vectors"), text).expect("the vectors file");
}
