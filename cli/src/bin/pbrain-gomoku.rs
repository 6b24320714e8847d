//! `pbrain-gomoku`: the engine as a Gomocup-protocol brain, for Piskvork,
//! c-gomoku-cli and other tournament managers. It reads commands on standard
//! input and answers on standard output (see `gomoku_cli::protocol`).

use std::io::{self, BufRead};
use std::sync::mpsc::channel;

use gomoku_cli::protocol::{Brain, Event};

fn main() {
    let (sender, events) = channel();
    // Standard input is read on a thread of its own, so the brain hears
    // YXSTOP and END while it thinks.
    let lines = sender.clone();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines().map_while(Result::ok) {
            if lines.send(Event::Line(line)).is_err() {
                return;
            }
        }
        lines.send(Event::Closed).ok();
    });
    Brain::new().run(&events, &sender, &mut io::stdout());
}
