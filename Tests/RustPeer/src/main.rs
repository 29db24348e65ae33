//! undra-peer vectors DIR   writes the golden vectors (DIR/*.vectors, DIR/durations.descriptions,
//!                          DIR/codable.shapes)
//! undra-peer check FILE    checks bytes Swift encoded (`name hex` lines): each must be the
//!                          vector's bytes and decode, strictly, as the vector's type
//! undra-peer bench         times bincode::deserialize on the frames UndraBench decodes

use std::collections::BTreeMap;
use std::hint::black_box;
use std::io::Write;
use std::process::exit;
use undra_peer::codable::codable_shapes;
use undra_peer::todos::{updates_frame, TodosFrame};
use undra_peer::vectors::{durations, files, hex, Vector};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["vectors", dir] => write_vectors(dir),
        ["check", file] => check(file),
        ["bench"] => bench(),
        _ => {
            eprintln!("usage: undra-peer vectors DIR | check FILE | bench");
            exit(2);
        }
    }
}

fn write_vectors(dir: &str) {
    std::fs::create_dir_all(dir).expect("the vectors folder");
    for (file, vectors) in files() {
        let mut text = String::from(
            "# Written by Tests/RustPeer (`undra-peer vectors`): bincode::serialize of each value. Do not edit.\n",
        );
        for vector in &vectors {
            text += &format!("{} {}\n", vector.name, hex(&vector.bytes));
        }
        std::fs::write(format!("{dir}/{file}"), text).expect("a vectors file");
    }
    let mut text = String::from(
        "# Written by Tests/RustPeer (`undra-peer vectors`): Rust's `{:?}` of each duration vector. Do not edit.\n",
    );
    for (name, duration) in durations() {
        text += &format!("duration.{name} {duration:?}\n");
    }
    std::fs::write(format!("{dir}/durations.descriptions"), text).expect("the descriptions file");
    let mut text = String::from("# Written by Tests/RustPeer (`undra-peer vectors`): undra-core's shape of each type of codable.vectors. Do not edit.\n");
    for (name, shape) in codable_shapes() {
        text += &format!("{name} {shape}\n");
    }
    std::fs::write(format!("{dir}/codable.shapes"), text).expect("the shapes file");
    let mut text = String::from("# Written by Tests/RustPeer (`undra-peer vectors`): undra-core's shape of the runtime's own messages. Do not edit.\n");
    for (name, shape) in message_shapes() {
        text += &format!("{name} {shape}\n");
    }
    std::fs::write(format!("{dir}/messages.shapes"), text).expect("the shapes file");
}

/// The shapes of the runtime's message types, as the Swift runtime declares them by hand.
fn message_shapes() -> Vec<(&'static str, undra_core::Shape)> {
    use undra_core::{shape_of, Ack, Command, CoreError, ListOp, ResyncRequest};
    use undra_peer::todos::{TodosCommand, TodosOutcome};
    let shape = |result: Result<undra_core::Shape, undra_core::ShapeError>| result.expect("a traceable type");
    vec![
        ("ListOp<i64,String>", shape(shape_of::<ListOp<i64, String>>())),
        ("ResyncRequest", shape(shape_of::<ResyncRequest>())),
        ("CoreError", shape(shape_of::<CoreError>())),
        ("Ack<TodosOutcome>", shape(shape_of::<Ack<TodosOutcome>>())),
        ("Command<TodosCommand>", shape(shape_of::<Command<TodosCommand>>())),
    ]
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

fn check(file: &str) {
    let text = std::fs::read_to_string(file).expect("the Swift-encoded file");
    let vectors: BTreeMap<String, Vector> =
        files().into_iter().flat_map(|(_, v)| v).map(|v| (v.name.clone(), v)).collect();
    let (mut passed, mut failed) = (0, 0);
    let mut seen = std::collections::BTreeSet::new();
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (name, bytes) = line.split_once(' ').unwrap_or((line, ""));
        seen.insert(name.to_string());
        let outcome = match (vectors.get(name), unhex(bytes)) {
            (None, _) => Err("no such vector".to_string()),
            (_, None) => Err("not hex".to_string()),
            (Some(vector), Some(bytes)) if bytes != vector.bytes => {
                Err(format!("Swift wrote {}, bincode writes {}", hex(&bytes), hex(&vector.bytes)))
            }
            (Some(vector), Some(bytes)) => (vector.check)(&bytes),
        };
        match outcome {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                println!("FAIL {name}: {why}");
            }
        }
    }
    for name in vectors.keys().filter(|n| !seen.contains(*n)) {
        failed += 1;
        println!("FAIL {name}: Swift did not encode it");
    }
    println!("{passed} passed, {failed} failed");
    exit(if failed == 0 { 0 } else { 1 });
}

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// This thread's CPU time in nanoseconds (Linux's CLOCK_THREAD_CPUTIME_ID), as UndraBench times
/// the wire rows: time spent descheduled on a shared machine is not counted.
fn thread_cpu_nanos() -> f64 {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec { tv_sec: 0, tv_nsec: 0 };
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    time.tv_sec as f64 * 1e9 + time.tv_nsec as f64
}

/// Nanoseconds of thread CPU time `body` takes.
fn timed(body: impl FnOnce()) -> f64 {
    let start = thread_cpu_nanos();
    body();
    thread_cpu_nanos() - start
}

/// The median of 11 batches of about 10 ms, as UndraBench measures.
fn measure(mut body: impl FnMut(usize)) -> f64 {
    let mut n = 1usize;
    loop {
        let t = timed(|| body(n));
        if t >= 2.5e6 || n >= 1 << 30 {
            n = ((10e6 / (t / n as f64)).max(1.0)) as usize;
            break;
        }
        n *= 4;
    }
    let mut samples: Vec<f64> = (0..11).map(|_| timed(|| body(n)) / n as f64).collect();
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    samples[5]
}

fn bench() {
    for ops in [1000usize, 1] {
        let bytes = bincode::serialize(&updates_frame(ops)).unwrap();
        let ns = measure(|n| {
            for _ in 0..n {
                let frame: TodosFrame = bincode::deserialize(black_box(&bytes)).unwrap();
                black_box(frame);
            }
        });
        println!(
            "rust.bincode.decode.{ops}updates: {ns:.1} ns/frame, {:.2} ns/op, {:.0} MB/s ({} bytes)",
            ns / ops as f64,
            bytes.len() as f64 / ns * 1e3,
            bytes.len()
        );
    }
    std::io::stdout().flush().unwrap();
}
