//! An external Gomocup-protocol brain, as an arena player (started per
//! game) or as the judge `gomoku label` asks: sent the whole position with
//! BOARD before each of its moves.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use gomoku::{Game, Point, Rule};

/// A running brain process.
pub struct Brain {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    turn_ms: u64,
}

impl Brain {
    /// Starts the brain and sets up a game; None if it does not answer OK.
    pub fn start(path: &Path, rule: Rule, size: usize, turn_ms: u64) -> Option<Brain> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = child.stdout.take()?;
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut brain = Brain {
            child,
            input,
            lines,
            turn_ms,
        };
        // Gomocup rule bits: 1 exactly five, 4 renju, 8 caro.
        let rule_bits = match rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
        };
        brain.send(&format!("INFO rule {rule_bits}\nINFO timeout_turn {turn_ms}\nINFO timeout_match 0\nSTART {size}"))?;
        (brain.answer()? == "OK").then_some(brain)
    }

    fn send(&mut self, text: &str) -> Option<()> {
        writeln!(self.input, "{text}").ok()?;
        self.input.flush().ok()
    }

    /// Sets one of the brain's `INFO` keys (say `max_node`), which it keeps
    /// for the moves that follow.
    pub fn set_info(&mut self, key: &str, value: impl std::fmt::Display) -> Option<()> {
        self.send(&format!("INFO {key} {value}"))
    }

    /// The next line that is not a MESSAGE or DEBUG line, within a generous
    /// multiple of the turn time.
    fn answer(&mut self) -> Option<String> {
        self.answer_noting(&mut |_| {})
    }

    /// [`Brain::answer`], handing each MESSAGE or DEBUG line met on the way
    /// to `note`.
    fn answer_noting(&mut self, note: &mut dyn FnMut(&str)) -> Option<String> {
        let patience = Duration::from_millis(self.turn_ms * 5 + 2_000);
        loop {
            let line = self.lines.recv_timeout(patience).ok()?;
            let line = line.trim();
            if !(line.starts_with("MESSAGE") || line.starts_with("DEBUG")) {
                return Some(line.to_string());
            }
            note(line);
        }
    }

    /// Asks for a move in `game`'s position; None if the brain fails. The
    /// board goes after a RESTART, as the protocol asks between positions,
    /// and in the order the stones were played, as renju brains need.
    pub fn choose(&mut self, game: &Game) -> Option<Point> {
        self.choose_noting(game, &mut |_| {})
    }

    /// [`Brain::choose`], handing each MESSAGE or DEBUG line the brain
    /// writes while it thinks to `note`.
    pub fn choose_noting(&mut self, game: &Game, note: &mut dyn FnMut(&str)) -> Option<Point> {
        self.send("RESTART")?;
        if self.answer()? != "OK" {
            return None;
        }
        let me = game.side_to_move();
        let mut text = String::from("BOARD\n");
        let setup = game.setup().stones.iter().copied();
        let mut colour = game.setup().to_move;
        let played = game.moves().iter().map(|&p| {
            let c = colour;
            colour = colour.opponent();
            (p, c)
        });
        for (p, c) in setup.chain(played) {
            text += &format!("{},{},{}\n", p.x(), p.y(), if c == me { 1 } else { 2 });
        }
        text += "DONE";
        self.send(&text)?;
        let reply = self.answer_noting(note)?;
        let (x, y) = reply.split_once(',')?;
        Point::try_new(x.trim().parse().ok()?, y.trim().parse().ok()?)
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        self.send("END");
        std::thread::sleep(Duration::from_millis(20));
        self.child.kill().ok();
        self.child.wait().ok();
    }
}
