//! The brain's side of the Gomocup (Piskvork) protocol: the commands a
//! tournament manager sends, answered by the engine.
//!
//! Supported: START, RECTSTART (square only), RESTART, BEGIN, TURN, BOARD …
//! DONE, TAKEBACK, INFO (timeout_turn, timeout_match, time_left, max_memory,
//! rule), ABOUT, END.

use std::time::Duration;

use gomoku::ai::{AiOptions, Engine};
use gomoku::{Color, Game, Point, Rule, Setup};

/// The brain's state between commands.
pub struct Brain {
    game: Option<Game>,
    engine: Engine,
    rule: Rule,
    turn_ms: u64,
    match_ms: u64,
    left_ms: u64,
    table_mib: usize,
    /// A node budget for every search (tests and fuzzing keep them short).
    node_limit: Option<u64>,
}

impl Default for Brain {
    fn default() -> Brain {
        Brain::new()
    }
}

impl Brain {
    /// A brain with no board yet, freestyle, 5 s per move.
    pub fn new() -> Brain {
        Brain {
            game: None,
            engine: Engine::new(),
            rule: Rule::Freestyle,
            turn_ms: 5_000,
            match_ms: 0,
            left_ms: 0,
            table_mib: 64,
            node_limit: None,
        }
    }

    /// The same brain, searching at most `nodes` nodes per move.
    pub fn with_node_limit(mut self, nodes: u64) -> Brain {
        self.node_limit = Some(nodes);
        self
    }

    /// Handles one command line, reading the lines of a `BOARD` block from
    /// `input`; returns the reply lines and whether to quit.
    pub fn command(
        &mut self,
        line: &str,
        input: &mut dyn Iterator<Item = String>,
    ) -> (Vec<String>, bool) {
        let (word, rest) = line
            .split_once(' ')
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        let reply = match word.to_ascii_uppercase().as_str() {
            "START" => self.start(rest.parse().ok()),
            "RECTSTART" => {
                let dims: Vec<usize> = rest
                    .split(',')
                    .filter_map(|v| v.trim().parse().ok())
                    .collect();
                match dims[..] {
                    [w, h] if w == h => self.start(Some(w)),
                    _ => "ERROR only square boards are supported".into(),
                }
            }
            "RESTART" => match self.game.as_ref().map(Game::size) {
                Some(n) => self.start(Some(n)),
                None => "ERROR no board: send START first".into(),
            },
            "INFO" => {
                self.info(rest);
                return (Vec::new(), false);
            }
            "BEGIN" => self.think(),
            "TURN" => match self.opponent_move(rest) {
                Ok(()) => self.think(),
                Err(e) => format!("ERROR {e}"),
            },
            "BOARD" => {
                let mut stones = Vec::new();
                for l in &mut *input {
                    if l.trim().eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    stones.push(l);
                }
                match self.set_board(&stones) {
                    Ok(()) => self.think(),
                    Err(e) => format!("ERROR {e}"),
                }
            }
            "TAKEBACK" => match self.take_back(rest) {
                Ok(()) => "OK".into(),
                Err(e) => format!("ERROR {e}"),
            },
            "ABOUT" => format!(
                "name=\"gomoku\", version=\"{}\", author=\"the gomoku authors\", country=\"\"",
                gomoku::VERSION
            ),
            "END" => return (Vec::new(), true),
            "" => return (Vec::new(), false),
            _ => format!("UNKNOWN command {word}"),
        };
        (vec![reply], false)
    }

    fn start(&mut self, size: Option<usize>) -> String {
        let Some(size) = size else {
            return "ERROR START needs a board size".into();
        };
        match Game::new(size, self.rule) {
            Ok(g) => {
                self.game = Some(g);
                self.engine.clear();
                "OK".into()
            }
            Err(e) => format!("ERROR {e}"),
        }
    }

    fn info(&mut self, rest: &str) {
        let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
        let number: u64 = value.trim().parse().unwrap_or(0);
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.turn_ms = number,
            "timeout_match" => self.match_ms = number,
            "time_left" => self.left_ms = number,
            "max_memory" if number > 0 => {
                self.table_mib = ((number >> 20) / 2).clamp(1, 1024) as usize;
            }
            "rule" => {
                // Gomocup bits: 1 exactly five, 4 renju, 8 caro.
                let rule = match number {
                    n if n & 4 != 0 => Rule::Renju,
                    n if n & 8 != 0 => Rule::Caro,
                    n if n & 1 != 0 => Rule::Standard,
                    _ => Rule::Freestyle,
                };
                if rule != self.rule {
                    self.rule = rule;
                    if let Some(n) = self.game.as_ref().map(Game::size) {
                        self.start(Some(n));
                    }
                }
            }
            _ => {}
        }
    }

    /// The time for this move: the turn limit, or a share of the match time
    /// left, less a safety margin.
    fn budget(&self) -> Duration {
        let mut ms = if self.turn_ms > 0 {
            self.turn_ms
        } else {
            5_000
        };
        if self.match_ms > 0 && self.left_ms > 0 {
            ms = ms.min(self.left_ms / 10);
        }
        Duration::from_millis(ms.saturating_sub(50).max(20))
    }

    fn think(&mut self) -> String {
        let options = AiOptions {
            time: Some(self.budget()),
            max_nodes: self.node_limit,
            table_mib: self.table_mib,
            ..AiOptions::default()
        };
        let Some(game) = self.game.as_mut() else {
            return "ERROR no board: send START first".into();
        };
        match self.engine.best_move(game, &options) {
            Ok(m) => {
                game.play(m.point).expect("the AI plays legal moves");
                format!("{},{}", m.point.x(), m.point.y())
            }
            Err(e) => format!("ERROR {e}"),
        }
    }

    fn opponent_move(&mut self, rest: &str) -> Result<(), String> {
        let p = parse_xy(rest)?;
        let game = self.game.as_mut().ok_or("no board: send START first")?;
        game.play(p).map_err(|e| e.to_string())
    }

    /// BOARD: `x,y,who` lines, who 1 = ours, 2 = theirs (3 = a winning-line
    /// stone in continuous games, treated as theirs). We are to move.
    fn set_board(&mut self, lines: &[String]) -> Result<(), String> {
        let size = self
            .game
            .as_ref()
            .map(Game::size)
            .ok_or("no board: send START first")?;
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        for l in lines {
            let v: Vec<i64> = l
                .split(',')
                .map(|t| {
                    t.trim()
                        .parse()
                        .map_err(|_| format!("bad BOARD line {l:?}"))
                })
                .collect::<Result<_, _>>()?;
            let [x, y, who] = v[..] else {
                return Err(format!("bad BOARD line {l:?}"));
            };
            let p = Point::try_new(x, y).ok_or(format!("bad point in {l:?}"))?;
            if who == 1 {
                ours.push(p)
            } else {
                theirs.push(p)
            }
        }
        // Equal counts: we are black (black moves first); one fewer: white.
        let me = if ours.len() == theirs.len() {
            Color::Black
        } else {
            Color::White
        };
        let mut setup = Setup::new(size, self.rule);
        setup.to_move = me;
        setup.stones = ours
            .iter()
            .map(|&p| (p, me))
            .chain(theirs.iter().map(|&p| (p, me.opponent())))
            .collect();
        self.game = Some(Game::from_setup(&setup).map_err(|e| e.to_string())?);
        Ok(())
    }

    fn take_back(&mut self, rest: &str) -> Result<(), String> {
        let p = parse_xy(rest)?;
        let game = self.game.as_mut().ok_or("no board: send START first")?;
        if game.last_move() == Some(p) {
            game.undo().map_err(|e| e.to_string())?;
            return Ok(());
        }
        // A stone of the set-up position: rebuild without it.
        let colour = game
            .board()
            .stone(p)
            .ok_or(format!("no stone at {},{}", p.x(), p.y()))?;
        let mut setup = Setup::new(game.size(), game.rule());
        setup.stones = game.board().stones().filter(|&(q, _)| q != p).collect();
        setup.to_move = colour;
        *game = Game::from_setup(&setup).map_err(|e| e.to_string())?;
        Ok(())
    }
}

fn parse_xy(text: &str) -> Result<Point, String> {
    let v: Vec<i64> = text
        .split(',')
        .filter_map(|t| t.trim().parse().ok())
        .collect();
    match v[..] {
        [x, y] => Point::try_new(x, y).ok_or(format!("bad point {text:?}")),
        _ => Err(format!("bad point {text:?}")),
    }
}
