//! The Gomocup brain speaks the protocol through pipes, as a manager drives
//! it: one command, then its answer, for every command under every rule.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running brain.
struct Brain {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    messages: Vec<String>,
}

impl Brain {
    fn start() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let input = child.stdin.take().unwrap();
        Brain {
            child,
            input,
            lines,
            messages: Vec::new(),
        }
    }

    /// Sends lines without waiting for anything.
    fn send(&mut self, text: &str) {
        for line in text.lines() {
            writeln!(self.input, "{line}").unwrap();
        }
        self.input.flush().unwrap();
    }

    /// The next answer line, `MESSAGE` lines kept aside.
    fn answer(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).expect("the brain answers");
            if line.starts_with("MESSAGE") {
                self.messages.push(line);
            } else {
                return line;
            }
        }
    }

    /// Sends a command and returns its answer.
    fn ask(&mut self, text: &str) -> String {
        self.send(text);
        self.answer()
    }

    /// Whether the brain says nothing more within a short wait.
    fn is_silent(&mut self) -> bool {
        std::thread::sleep(Duration::from_millis(200));
        self.lines.try_iter().all(|l| l.starts_with("MESSAGE"))
    }

    /// Ends the brain and checks it exits by itself.
    fn end(mut self) {
        self.send("END");
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if self.child.try_wait().unwrap().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the brain did not end");
    }
}

fn xy(line: &str) -> (i64, i64) {
    let v: Vec<i64> = line
        .split(',')
        .map(|t| t.parse().unwrap_or_else(|_| panic!("not a move: {line:?}")))
        .collect();
    assert_eq!(v.len(), 2, "{line}");
    (v[0], v[1])
}

#[test]
fn a_whole_session_of_the_mandatory_and_optional_commands() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 200\nINFO timeout_match 0\nINFO max_memory 67108864\nINFO game_type 1\nINFO rule 0\nINFO folder /tmp\nINFO thread_num 4\nINFO bogus 1");
    assert!(b.is_silent(), "INFO gets no answer");
    assert_eq!(xy(&b.ask("BEGIN")), (7, 7), "the first move is the centre");
    let second = xy(&b.ask("TURN 0,0"));
    assert!(second != (0, 0) && second != (7, 7));
    assert!(
        b.messages
            .iter()
            .any(|m| m.contains("depth") && m.contains("pv")),
        "{:?}",
        b.messages
    );
    let about = b.ask("ABOUT");
    assert!(
        about.starts_with("name=\"gomoku\", version=\"") && about.contains("author=\""),
        "{about}"
    );
    assert_eq!(b.ask(&format!("TAKEBACK {},{}", second.0, second.1)), "OK");
    assert_eq!(b.ask("TAKEBACK 0,0"), "OK");
    assert_eq!(b.ask("RESTART"), "OK");
    // White to move after black h8, h9 and white i9: a legal point.
    let reply = xy(&b.ask("BOARD\n7,7,2\n8,8,1\n7,8,2\nDONE"));
    assert!(![(7, 7), (8, 8), (7, 8)].contains(&reply) && (0..15).contains(&reply.0));
    assert!(b.ask("START 40").starts_with("ERROR"));
    assert!(b.ask("RECTSTART 15,20").starts_with("ERROR rectangular"));
    assert_eq!(b.ask("RECTSTART 15,15"), "OK");
    assert!(b.ask("FOO").starts_with("UNKNOWN"));
    assert_eq!(b.ask("YXSHOWFORBID"), "FORBID .");
    b.end();
}

#[test]
fn bad_input_gets_an_error_and_the_brain_goes_on() {
    let mut b = Brain::start();
    assert!(b.ask("BEGIN").starts_with("ERROR no board"));
    assert!(b.ask("START banana").starts_with("ERROR"));
    assert_eq!(b.ask("START 15"), "OK");
    for bad in [
        "TURN 99,99",
        "TURN -1,3",
        "TURN x,y",
        "TURN",
        "TAKEBACK 3,3",
    ] {
        assert!(b.ask(bad).starts_with("ERROR"), "{bad}");
    }
    let first = xy(&b.ask("TURN 7,7"));
    assert!(b.ask("TURN 7,7").starts_with("ERROR"), "occupied");
    assert!(b
        .ask(&format!("TURN {},{}", first.0, first.1))
        .starts_with("ERROR"));
    // A BOARD block cut short by another command, or with nonsense in it.
    assert!(b
        .ask("BOARD\n1,1,1\nABOUT")
        .starts_with("ERROR the block ended"));
    assert!(
        b.answer().starts_with("name="),
        "the interrupting command is still answered"
    );
    assert!(b.ask("BOARD\n1,1,7\nDONE").starts_with("ERROR bad stone"));
    assert!(
        b.ask("BOARD\n1,1,1\n1,1,2\nDONE").starts_with("ERROR"),
        "two stones on a point"
    );
    assert!(
        b.ask(&"x".repeat(100_000)).starts_with("UNKNOWN"),
        "an overlong line"
    );
    assert!(b.ask("\u{1b}[2J\u{fffd}").starts_with("UNKNOWN"));
    // The position survived all of it.
    assert!(b.ask("TURN 7,7").starts_with("ERROR"));
    let next = xy(&b.ask("TURN 0,14"));
    assert!(next != (0, 14) && next != (7, 7));
    b.end();
}

#[test]
fn the_brain_blocks_under_every_rule() {
    // Black (the opponent) has h8..k8; we are white and must block.
    for (rule, bits) in [("freestyle", 0), ("standard", 1), ("renju", 4), ("caro", 8)] {
        let mut b = Brain::start();
        assert_eq!(b.ask("START 15"), "OK");
        b.send(&format!("INFO rule {bits}\nINFO timeout_turn 300"));
        let block = xy(&b.ask("BOARD\n7,7,2\n0,0,1\n8,7,2\n0,2,1\n9,7,2\n0,4,1\n10,7,2\nDONE"));
        assert!(block == (11, 7) || block == (6, 7), "{rule}: {block:?}");
        b.end();
    }
}

#[test]
fn a_rule_change_keeps_the_position_and_yxshowforbid_lists_black_points() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    // Black to move (we are black: equal counts) with i8 j8 k9 k10 against
    // white's corners; k8 would be a double three.
    let m = b.ask("BOARD\n8,7,1\n0,0,2\n9,7,1\n0,2,2\n10,8,1\n0,4,2\n10,9,1\n0,6,2\nDONE");
    let (x, y) = xy(&m);
    assert_eq!(b.ask(&format!("TAKEBACK {x},{y}")), "OK");
    b.send("INFO rule 4");
    assert_eq!(b.ask("YXSHOWFORBID"), "FORBID 1007.", "k8 is (10, 7)");
    b.send("INFO rule 0");
    assert_eq!(b.ask("YXSHOWFORBID"), "FORBID .");
    b.end();
}

#[test]
fn yxstop_answers_at_once_and_end_stops_a_search() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 60000\nINFO timeout_match 0\nTURN 7,7");
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let m = xy(&b.ask("YXSTOP"));
    assert!(m != (7, 7));
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "answered on YXSTOP"
    );
    b.send(&format!("TAKEBACK {},{}\nTURN 8,8", m.0, m.1));
    assert_eq!(b.answer(), "OK");
    std::thread::sleep(Duration::from_millis(200));
    b.end(); // during the search
}

#[test]
fn a_match_clock_is_spent_in_shares() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 0\nINFO timeout_match 0\nINFO time_left 2147483647");
    // timeout_turn 0 means as fast as possible.
    let started = Instant::now();
    xy(&b.ask("TURN 7,7"));
    let fastest = started.elapsed();
    b.send("INFO timeout_turn 10000\nINFO timeout_match 6000\nINFO time_left 3000");
    let started = Instant::now();
    xy(&b.ask("TURN 0,0"));
    // A share of 3 s over the moves left, far below the turn limit; and
    // nowhere near a fifth of what is left (600 ms) plus slack.
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?} (fastest {fastest:?})",
        started.elapsed()
    );
    b.end();
}

#[test]
fn swap2_opens_answers_and_chooses() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 600");
    let three: Vec<(i64, i64)> = b.ask("SWAP2BOARD\nDONE").split(' ').map(xy).collect();
    assert_eq!(three.len(), 3, "three stones");
    let lines: Vec<String> = three.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let answer = b.ask(&format!("SWAP2BOARD\n{}\nDONE", lines.join("\n")));
    let ok = answer == "SWAP" || matches!(answer.split(' ').count(), 1 | 2);
    assert!(ok, "{answer}");
    if answer != "SWAP" {
        for m in answer.split(' ') {
            assert!(!three.contains(&xy(m)), "{answer}");
        }
    }
    let choose = b.ask("SWAP2BOARD\n7,7\n8,7\n9,9\n8,8\n8,6\nDONE");
    assert!(
        choose == "SWAP" || !["7,7", "8,7", "9,9", "8,8", "8,6"].contains(&choose.as_str()),
        "{choose}"
    );
    assert!(b.ask("SWAP2BOARD\n7,7\nDONE").starts_with("ERROR"));
    b.end();
}
