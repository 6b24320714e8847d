//! The save format: versioned, line-based, human-readable text that
//! round-trips a whole game.
//!
//! ```text
//! gomoku-save 1
//! player black Alice
//! player white Bob
//! date 2026-12-01
//! size 15
//! rule renju
//! first black
//! black h8 i9
//! white j10
//! moves k11 l12
//! redo m13
//! result ongoing
//! ```
//!
//! `player` and `date` (optional) say who played and when; `first` is the
//! side to move in the start position; `black` and `white` list set-up
//! stones (optional); `moves` the moves played from there; `redo` (optional)
//! the undone moves that redo would replay, next one first. `result` is
//! `ongoing`, or the result and why the game ended: `black five`,
//! `white overline`, `draw full`, `draw no_legal_move`, or a declared ending,
//! `black resign` (white resigned), `white time`, `draw agreed`. Blank lines
//! and lines starting with `#` are ignored. The result must agree with the
//! moves, so a tampered file is caught rather than half-believed.
//!
//! A history file is saves one after another ([`Game::load_all`]).

use super::parse_moves;
use crate::game::one_line;
use crate::{Color, EndReason, Game, GameInfo, GameResult, ParseError, Point, Rule, Setup};

/// The first line of every save, with the format version.
const HEADER: &str = "gomoku-save 1";

impl Game {
    /// The game as save text, which [`Game::load`] reads back.
    pub fn save(&self) -> String {
        let setup = self.setup();
        let list = |points: &mut dyn Iterator<Item = Point>| {
            points.map(|p| format!(" {p}")).collect::<String>()
        };
        let mut text = format!("{HEADER}\n");
        let info = self.info();
        for color in Color::ALL {
            if let Some(name) = info.player(color) {
                text += &format!("player {color} {}\n", one_line(name));
            }
        }
        if let Some(date) = &info.date {
            text += &format!("date {}\n", one_line(date));
        }
        text += &format!(
            "size {}\nrule {}\nfirst {}\n",
            setup.size, setup.rule, setup.to_move
        );
        for color in Color::ALL {
            let mut stones = setup.stones.iter().filter(|s| s.1 == color).map(|s| s.0);
            let stones = list(&mut stones);
            if !stones.is_empty() {
                text += &format!("{color}{stones}\n");
            }
        }
        text += &format!("moves{}\n", list(&mut self.moves().iter().copied()));
        let redo = list(&mut self.redo_moves());
        if !redo.is_empty() {
            text += &format!("redo{redo}\n");
        }
        text += &format!("result {}", self.result().name());
        if let Some(reason) = self.end_reason() {
            text += &format!(" {}", reason.name());
        }
        text + "\n"
    }

    /// Appends the game's save text to the history file at `path`, creating
    /// it if missing; [`Game::load_all`] reads the file back. One write of
    /// the whole text, so concurrent appends do not interleave lines.
    pub fn append_to_history(&self, path: &std::path::Path) -> std::io::Result<()> {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        file.write_all(self.save().as_bytes())
    }

    /// Reads a history file: save texts one after another, each starting
    /// with its `gomoku-save` line. An error names the line and the game.
    pub fn load_all(text: &str) -> Result<Vec<Game>, ParseError> {
        let mut games = Vec::new();
        let mut start = None;
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.trim().starts_with("gomoku-save") {
                if let Some(s) = start {
                    games.push(load_part(&lines, s, i, games.len())?);
                }
                start = Some(i);
            } else if start.is_none() && !is_blank(line) {
                return Err(
                    ParseError::new("not a gomoku save (expected \"gomoku-save 1\")")
                        .at_line(i + 1),
                );
            }
        }
        if let Some(s) = start {
            games.push(load_part(&lines, s, lines.len(), games.len())?);
        }
        Ok(games)
    }

    /// Reads a game from save text. Malformed text gives an error naming the
    /// line and what was wrong; nothing is half-loaded.
    pub fn load(text: &str) -> Result<Game, ParseError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        match lines.next() {
            Some((_, HEADER)) => {}
            Some((n, l)) if l.starts_with("gomoku-save") => {
                return Err(ParseError::new(format!("unsupported save version {l:?}")).at_line(n))
            }
            Some((n, _)) => {
                return Err(
                    ParseError::new(format!("not a gomoku save (expected {HEADER:?})")).at_line(n),
                )
            }
            None => return Err(ParseError::new("empty save text")),
        }
        let mut fields = Fields::default();
        for (n, line) in lines {
            fields.read(n, line).map_err(|e| e.at_line(n))?;
        }
        fields.into_game()
    }
}

/// Whether a line carries nothing (blank or a `#` comment).
fn is_blank(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#')
}

/// Loads the save in `lines[start..end]`, the `k`-th of a history file,
/// with errors on the file's line numbers.
fn load_part(lines: &[&str], start: usize, end: usize, k: usize) -> Result<Game, ParseError> {
    Game::load(&lines[start..end].join("\n")).map_err(|mut e| {
        e.line = e.line.map(|n| n + start);
        e.message = format!("game {}: {}", k + 1, e.message);
        e
    })
}

/// The fields of a save, each with the line it came from.
#[derive(Default)]
struct Fields {
    size: Option<(usize, usize)>,
    rule: Option<(usize, Rule)>,
    first: Option<(usize, Color)>,
    stones: Vec<(Point, Color)>,
    stones_line: usize,
    moves: Option<(usize, Vec<Point>)>,
    redo: Option<(usize, Vec<Point>)>,
    result: Option<(usize, GameResult, Option<EndReason>)>,
    players: [Option<(usize, String)>; 2],
    date: Option<(usize, String)>,
}

impl Fields {
    /// Reads one `key value` line.
    fn read(&mut self, n: usize, line: &str) -> Result<(), ParseError> {
        let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "size" => set_once(
                &mut self.size,
                key,
                n,
                value
                    .parse()
                    .map_err(|_| ParseError::new(format!("invalid size {value:?}")))?,
            ),
            "rule" => set_once(&mut self.rule, key, n, value.parse()?),
            "first" => set_once(&mut self.first, key, n, value.parse()?),
            "black" | "white" => {
                let color = key.parse()?;
                self.stones
                    .extend(parse_moves(value)?.into_iter().map(|p| (p, color)));
                self.stones_line = n;
                Ok(())
            }
            "moves" => set_once(&mut self.moves, key, n, parse_moves(value)?),
            "redo" => set_once(&mut self.redo, key, n, parse_moves(value)?),
            "result" => {
                let (result, reason) = value.split_once(' ').unwrap_or((value, ""));
                let result = GameResult::ALL
                    .into_iter()
                    .find(|r| r.name() == result)
                    .ok_or_else(|| {
                        ParseError::new(format!(
                            "invalid result {result:?} (expected ongoing, black, white or draw)"
                        ))
                    })?;
                let reason = match reason.trim() {
                    "" => None,
                    word => Some(
                        EndReason::ALL
                            .into_iter()
                            .find(|r| r.name() == word)
                            .ok_or_else(|| {
                                ParseError::new(format!("invalid end reason {word:?}"))
                            })?,
                    ),
                };
                if self.result.is_some() {
                    return Err(ParseError::new("duplicate \"result\" line"));
                }
                self.result = Some((n, result, reason));
                Ok(())
            }
            "player" => {
                let (color, name) = value.split_once(char::is_whitespace).unwrap_or((value, ""));
                let color: Color = color.parse()?;
                set_once(
                    &mut self.players[color as usize - 1],
                    "player",
                    n,
                    name.trim().to_string(),
                )
            }
            "date" => set_once(&mut self.date, key, n, value.to_string()),
            _ => Err(ParseError::new(format!("unknown key {key:?}"))),
        }
    }

    /// Builds the game and checks it against the saved result.
    fn into_game(self) -> Result<Game, ParseError> {
        let missing = |key: &str| ParseError::new(format!("missing {key:?} line"));
        let (size_line, size) = self.size.ok_or_else(|| missing("size"))?;
        let (_, rule) = self.rule.ok_or_else(|| missing("rule"))?;
        let (moves_line, moves) = self.moves.ok_or_else(|| missing("moves"))?;
        let (result_line, result, reason) = self.result.ok_or_else(|| missing("result"))?;
        let setup_line = if self.stones.is_empty() {
            size_line
        } else {
            self.stones_line
        };
        let setup = Setup {
            size,
            rule,
            stones: self.stones,
            to_move: self.first.map_or(Color::Black, |f| f.1),
        };
        let mut game = Game::from_setup(&setup)
            .map_err(|e| ParseError::new(e.to_string()).at_line(setup_line))?;
        for (k, &p) in moves.iter().enumerate() {
            game.play(p).map_err(|e| {
                ParseError::new(format!("move {} ({p}): {e}", k + 1)).at_line(moves_line)
            })?;
        }
        if let Some((redo_line, redo)) = self.redo {
            replay_redo(&mut game, &redo).map_err(|e| e.at_line(redo_line))?;
        }
        let declared = reason.filter(|r| r.is_declared());
        if let Some(reason) = declared {
            let declare = match (result, reason) {
                (GameResult::BlackWon, EndReason::Resignation) => game.resign(Color::White),
                (GameResult::WhiteWon, EndReason::Resignation) => game.resign(Color::Black),
                (GameResult::BlackWon, EndReason::Timeout) => game.lose_on_time(Color::White),
                (GameResult::WhiteWon, EndReason::Timeout) => game.lose_on_time(Color::Black),
                (GameResult::Draw, EndReason::Agreement) => game.agree_draw(),
                _ => {
                    return Err(ParseError::new(format!(
                        "result {:?} cannot end by {:?}",
                        result.name(),
                        reason.name()
                    ))
                    .at_line(result_line))
                }
            };
            declare.map_err(|e| {
                ParseError::new(format!("{} after the moves: {e}", reason.name()))
                    .at_line(result_line)
            })?;
        }
        let derived_reason_ok = reason.is_none_or(|r| game.end_reason() == Some(r));
        if game.result() != result || !derived_reason_ok {
            let said = reason.map_or(String::new(), |r| format!(" {}", r.name()));
            let found = game
                .end_reason()
                .map_or(String::new(), |r| format!(" {}", r.name()));
            return Err(ParseError::new(format!(
                "result \"{}{said}\" does not match the moves, which give \"{}{found}\"",
                result.name(),
                game.result().name()
            ))
            .at_line(result_line));
        }
        let [black, white] = self.players.map(|p| p.map(|(_, name)| name));
        *game.info_mut() = GameInfo {
            black,
            white,
            date: self.date.map(|(_, d)| d),
        };
        Ok(game)
    }
}

/// Plays the redo moves and takes them back, so that they are checked and
/// wait on the redo list.
fn replay_redo(game: &mut Game, redo: &[Point]) -> Result<(), ParseError> {
    for (k, &p) in redo.iter().enumerate() {
        game.play(p)
            .map_err(|e| ParseError::new(format!("redo move {} ({p}): {e}", k + 1)))?;
    }
    for _ in redo {
        game.undo().expect("the redo moves were just played");
    }
    Ok(())
}

/// Stores a field that may appear once.
fn set_once<T>(
    slot: &mut Option<(usize, T)>,
    key: &str,
    line: usize,
    value: T,
) -> Result<(), ParseError> {
    if slot.is_some() {
        return Err(ParseError::new(format!("duplicate {key:?} line")));
    }
    *slot = Some((line, value));
    Ok(())
}
