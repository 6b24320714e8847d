//! Solver puzzles in the case format of the renju solver quintet: `key:
//! value` lines, then `board:` and 15 rows of `.`, `o` (black) and `x`
//! (white), the first row at the top. The attacker is to move.

use crate::{Color, Game, ParseError, Point, Rule, Setup};

/// A puzzle: a renju position, the search asked for, and the expected verdict.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// `vcf` (continuous fours) or `vct` (threes and fours).
    pub mode: String,
    /// The most attacking moves a solution may have.
    pub limit: u32,
    /// How many fours a threat may threaten (VCT; 0 when not given): 1
    /// for threes, 2 for four-three preparations, and so on.
    pub threat_limit: u32,
    /// Whether the attacker is expected to win within the limit.
    pub expect_win: bool,
    /// The position, attacker to move.
    pub game: Game,
}

impl Puzzle {
    /// Reads a puzzle file's text.
    pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
        let (head, board) = text
            .split_once("board:")
            .ok_or_else(|| ParseError::new("no \"board:\" line"))?;
        let field = |key: &str| {
            head.lines()
                .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
                .map(str::trim)
                .ok_or_else(|| ParseError::new(format!("no {key:?} line")))
        };
        let mut setup = Setup::new(15, Rule::Renju);
        setup.to_move = match field("attacker")? {
            "o" => Color::Black,
            "x" => Color::White,
            other => return Err(ParseError::new(format!("attacker {other:?} is not o or x"))),
        };
        let limit = field("limit")?
            .parse()
            .map_err(|_| ParseError::new("limit is not a number"))?;
        let threat_limit = match field("threat_limit") {
            Ok(value) => value
                .parse()
                .map_err(|_| ParseError::new("threat_limit is not a number"))?,
            Err(_) => 0,
        };
        for (y, row) in board.trim().lines().enumerate() {
            for (x, cell) in row.split_whitespace().enumerate() {
                let color = match cell {
                    "o" => Color::Black,
                    "x" => Color::White,
                    "." => continue,
                    other => return Err(ParseError::new(format!("board cell {other:?}"))),
                };
                let p = Point::try_new(x as i64, y as i64)
                    .ok_or_else(|| ParseError::new("board too large"))?;
                setup.stones.push((p, color));
            }
        }
        Ok(Puzzle {
            mode: field("mode")?.to_string(),
            limit,
            threat_limit,
            expect_win: field("expect")? != "disproven",
            game: Game::from_setup(&setup).map_err(|e| ParseError::new(e.to_string()))?,
        })
    }
}
