//! The save format: versioned, line-based, human-readable text that
//! round-trips a whole game.
//!
//! ```text
//! gomoku-save 1
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
//! `first` is the side to move in the start position; `black` and `white`
//! list set-up stones (optional); `moves` the moves played from there; `redo`
//! (optional) the undone moves that redo would replay, next one first. Blank
//! lines and lines starting with `#` are ignored. `result` must agree with the
//! moves, so a tampered file is caught rather than half-believed.

use super::parse_moves;
use crate::{Color, Game, GameResult, ParseError, Point, Rule, Setup};

/// The first line of every save, with the format version.
const HEADER: &str = "gomoku-save 1";

impl Game {
    /// The game as save text, which [`Game::load`] reads back.
    pub fn save(&self) -> String {
        let setup = self.setup();
        let list = |points: &mut dyn Iterator<Item = Point>| {
            points.map(|p| format!(" {p}")).collect::<String>()
        };
        let mut text = format!(
            "{HEADER}\nsize {}\nrule {}\nfirst {}\n",
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
        text += &format!("result {}\n", self.result().name());
        text
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
    result: Option<(usize, GameResult)>,
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
                let result = [
                    GameResult::Ongoing,
                    GameResult::BlackWon,
                    GameResult::WhiteWon,
                    GameResult::Draw,
                ]
                .into_iter()
                .find(|r| r.name() == value)
                .ok_or_else(|| {
                    ParseError::new(format!(
                        "invalid result {value:?} (expected ongoing, black, white or draw)"
                    ))
                })?;
                set_once(&mut self.result, key, n, result)
            }
            _ => Err(ParseError::new(format!("unknown key {key:?}"))),
        }
    }

    /// Builds the game and checks it against the saved result.
    fn into_game(self) -> Result<Game, ParseError> {
        let missing = |key: &str| ParseError::new(format!("missing {key:?} line"));
        let (size_line, size) = self.size.ok_or_else(|| missing("size"))?;
        let (_, rule) = self.rule.ok_or_else(|| missing("rule"))?;
        let (moves_line, moves) = self.moves.ok_or_else(|| missing("moves"))?;
        let (result_line, result) = self.result.ok_or_else(|| missing("result"))?;
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
        if game.result() != result {
            return Err(ParseError::new(format!(
                "result {:?} does not match the moves, which give {:?}",
                result.name(),
                game.result().name()
            ))
            .at_line(result_line));
        }
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
