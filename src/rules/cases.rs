//! Runs the rule cases of `tests/rules/*.txt` (format in that folder's README).

use std::collections::BTreeSet;

use super::{five_line, is_forbidden};
use crate::board::index;
use crate::{Board, Color, Point, Rule};

/// One case read from a file.
struct Case {
    name: String,
    rule: Rule,
    play: Option<Color>,
    expect: Option<String>,
    line: Option<usize>,
    board: Board,
    target: Option<Point>,
    marked_forbidden: BTreeSet<Point>,
}

fn parse_case(block: &str) -> Case {
    let mut keys = std::collections::HashMap::new();
    let mut rows = Vec::new();
    let mut in_board = false;
    for l in block.lines() {
        if in_board {
            rows.push(l.trim());
        } else if l == "board:" {
            in_board = true;
        } else {
            let (k, v) = l
                .split_once(": ")
                .unwrap_or_else(|| panic!("bad line {l:?}"));
            keys.insert(k.to_string(), v.to_string());
        }
    }
    let mut board = Board::new(rows.len()).unwrap();
    let mut target = None;
    let mut marked_forbidden = BTreeSet::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(
            row.len(),
            rows.len(),
            "row {y} of {:?} is not square",
            keys.get("name")
        );
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'x' => board.place(p, Color::Black),
                'o' => board.place(p, Color::White),
                '*' => target = Some(p),
                'F' => {
                    marked_forbidden.insert(p);
                }
                '.' => {}
                other => panic!("bad cell {other:?}"),
            }
        }
    }
    Case {
        name: keys["name"].clone(),
        rule: keys["rule"].parse().unwrap(),
        play: keys.get("play").map(|c| c.parse().unwrap()),
        expect: keys.get("expect").cloned(),
        line: keys.get("line").map(|n| n.parse().unwrap()),
        board,
        target,
        marked_forbidden,
    }
}

/// Checks one case; returns a description of each failure.
fn check(case: &Case) -> Vec<String> {
    let mut failures = Vec::new();
    let mut expected_forbidden = case.marked_forbidden.clone();
    if case.expect.as_deref() == Some("forbidden") {
        expected_forbidden.extend(case.target);
    }
    if case.rule == Rule::Renju {
        let actual: BTreeSet<Point> = case
            .board
            .empty_points()
            .filter(|&p| is_forbidden(&case.board, index(p)))
            .collect();
        if actual != expected_forbidden {
            let show = |s: &BTreeSet<Point>| {
                s.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            failures.push(format!(
                "forbidden points: expected [{}], found [{}]",
                show(&expected_forbidden),
                show(&actual)
            ));
        }
    }
    if let (Some(color), Some(p)) = (case.play, case.target) {
        let win = five_line(&case.board, case.rule, index(p), color);
        match case.expect.as_deref() {
            Some("win") if win.is_none() => failures.push("expected a win".into()),
            Some("nowin") | Some("forbidden") if win.is_some() => {
                failures.push("expected no win".into())
            }
            _ => {}
        }
        if let (Some(want), Some((_, _, len))) = (case.line, win) {
            if want != len {
                failures.push(format!("winning line of {len}, expected {want}"));
            }
        }
    }
    failures
}

#[test]
fn rule_case_files_hold() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rules");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut count = 0;
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
            let case = parse_case(block.trim());
            count += 1;
            for f in check(&case) {
                failures.push(format!(
                    "{}: {}: {f}",
                    file.file_name().unwrap().to_string_lossy(),
                    case.name
                ));
            }
        }
    }
    assert!(count >= 20, "only {count} cases found");
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
