//! The Gomocup brain speaks the protocol: a scripted session through pipes.

mod common;

fn session(input: &str) -> Vec<String> {
    let run = common::run(env!("CARGO_BIN_EXE_pbrain-gomoku"), &[], input);
    assert!(run.ok, "{}", run.stderr);
    run.stdout.lines().map(str::to_string).collect()
}

fn xy(line: &str) -> (i64, i64) {
    let v: Vec<i64> = line.split(',').map(|t| t.parse().unwrap()).collect();
    (v[0], v[1])
}

#[test]
fn a_whole_protocol_session() {
    let out = session(
        "START 15\nINFO timeout_turn 200\nINFO rule 0\nBEGIN\nTURN 0,0\nABOUT\nRESTART\nBOARD\n7,7,2\n8,8,1\n7,8,2\nDONE\nTAKEBACK 7,8\nSTART 40\nRECTSTART 15,20\nFOO\nEND\n",
    );
    assert_eq!(out[0], "OK");
    let first = xy(&out[1]);
    assert_eq!(first, (7, 7), "the first move is the centre");
    let second = xy(&out[2]);
    assert_ne!(second, (0, 0));
    assert_ne!(second, first);
    assert!(out[3].starts_with("name=\"gomoku\""));
    assert_eq!(out[4], "OK");
    // White to move with black h8 and h9 against white i9: a legal point.
    let reply = xy(&out[5]);
    assert!(
        ![(7, 7), (8, 8), (7, 8)].contains(&reply)
            && (0..15).contains(&reply.0)
            && (0..15).contains(&reply.1)
    );
    assert_eq!(out[6], "OK");
    assert!(out[7].starts_with("ERROR"), "{}", out[7]);
    assert!(out[8].starts_with("ERROR"), "{}", out[8]);
    assert!(out[9].starts_with("UNKNOWN"), "{}", out[9]);
    assert_eq!(out.len(), 10);
}

#[test]
fn the_brain_blocks_and_wins_under_renju() {
    // Renju (rule 4). We are white (two black stones, one white): black
    // threatens five at l8 after h8..k8; the brain must block it.
    let out = session("START 15\nINFO rule 4\nINFO timeout_turn 300\nBOARD\n7,7,2\n0,0,1\n8,7,2\n0,2,1\n9,7,2\n0,4,1\n10,7,2\nDONE\nEND\n");
    assert_eq!(out[0], "OK");
    let block = xy(&out[1]);
    assert!(block == (11, 7) || block == (6, 7), "{block:?}");
}
