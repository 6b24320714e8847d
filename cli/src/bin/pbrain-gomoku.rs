//! `pbrain-gomoku`: the engine as a Gomocup-protocol brain, for Piskvork,
//! c-gomoku-cli and other tournament managers. It reads commands on standard
//! input and answers on standard output.

use std::io::{self, BufRead, Write};

use gomoku_cli::protocol::Brain;

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin
        .lock()
        .lines()
        .map_while(Result::ok)
        .map(|l| l.trim().to_string());
    let mut brain = Brain::new();
    let mut out = io::stdout();
    while let Some(line) = lines.next() {
        let (replies, quit) = brain.command(&line, &mut lines);
        for r in replies {
            writeln!(out, "{r}").ok();
        }
        out.flush().ok();
        if quit {
            break;
        }
    }
}
