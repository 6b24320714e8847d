//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`) through the
//! targets' checks: inputs that once found a bug, or reached new code, stay
//! fixed.

use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable entry").path())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "{} has no inputs", dir.display());
    for path in inputs {
        let data = std::fs::read(&path).expect("a readable input");
        check(&data);
    }
}

#[test]
fn notation_corpus() {
    replay("notation", gomoku_fuzz::notation);
}

#[test]
fn save_corpus() {
    replay("save", gomoku_fuzz::save);
}

#[test]
fn psq_corpus() {
    replay("psq", gomoku_fuzz::psq);
}

#[test]
fn setup_corpus() {
    replay("setup", gomoku_fuzz::setup);
}

#[test]
fn protocol_corpus() {
    replay("protocol", gomoku_fuzz::protocol);
}

#[test]
fn c_abi_corpus() {
    replay("c_abi", gomoku_fuzz::c_abi);
}
