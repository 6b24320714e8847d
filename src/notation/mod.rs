//! Text forms of moves and games: move strings (`h8i9j10`), `x,y` pairs,
//! Gomocup opening lines, the save format ([`Game::save`](crate::Game::save),
//! many games to a history file with [`Game::load_all`](crate::Game::load_all)),
//! Piskvork `.psq` records ([`Game::to_psq`](crate::Game::to_psq)) and SGF
//! ([`Game::to_sgf`](crate::Game::to_sgf)).

mod psq;
mod puzzle;
mod save;
mod sgf;

pub use puzzle::Puzzle;

use crate::{Board, ParseError, Point, MAX_SIZE};

/// Reads one point in letter notation at the start of `s`: a column letter
/// and a 1-based row of one or two digits (`h8`, `a15`). Returns the point and
/// the bytes used.
pub(crate) fn read_point(s: &[u8]) -> Option<(Point, usize)> {
    let letter = s.first()?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits = s[1..]
        .iter()
        .take(2)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || s[1] == b'0' {
        return None;
    }
    let row: usize = std::str::from_utf8(&s[1..1 + digits]).ok()?.parse().ok()?;
    if row > MAX_SIZE {
        return None;
    }
    Some((Point::new(letter - b'a', (row - 1) as u8), 1 + digits))
}

/// Parses a move list: letter notation with or without separators
/// (`h8i9j10`, `h8 i9 j10`, `h8,i9,j10`), or `x,y` pairs of 0-based
/// coordinates (`7,7 8,8` or `7,7;8,8`) when the text starts with a digit.
///
/// ```
/// use gomoku::{notation::parse_moves, Point};
/// let a = parse_moves("h8i9j10").unwrap();
/// assert_eq!(a, parse_moves("h8, i9 j10").unwrap());
/// assert_eq!(a, parse_moves("7,7 8,8 9,9").unwrap());
/// assert_eq!(a[2], Point::new(9, 9));
/// ```
pub fn parse_moves(s: &str) -> Result<Vec<Point>, ParseError> {
    let text = s.trim();
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        return parse_xy_pairs(text);
    }
    let bytes = text.as_bytes();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if is_separator(bytes[i]) {
            i += 1;
            continue;
        }
        let (p, used) = read_point(&bytes[i..]).ok_or_else(|| {
            ParseError::new(format!("invalid move at character {} of {text:?}", i + 1))
        })?;
        moves.push(p);
        i += used;
    }
    Ok(moves)
}

fn is_separator(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b',' || b == b';'
}

/// Parses integers separated by commas, semicolons or spaces.
fn parse_integers(s: &str) -> Result<Vec<i64>, ParseError> {
    s.split(|c: char| is_separator(c as u8) && c.is_ascii())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<i64>()
                .map_err(|_| ParseError::new(format!("invalid number {t:?}")))
        })
        .collect()
}

/// Parses `x,y` pairs of 0-based coordinates.
fn parse_xy_pairs(s: &str) -> Result<Vec<Point>, ParseError> {
    let numbers = parse_integers(s)?;
    if numbers.len() % 2 != 0 {
        return Err(ParseError::new("odd number of coordinates"));
    }
    numbers
        .chunks(2)
        .map(|c| {
            Point::try_new(c[0], c[1]).ok_or_else(|| {
                ParseError::new(format!("coordinates ({}, {}) out of range", c[0], c[1]))
            })
        })
        .collect()
}

/// Writes moves in letter notation with no separators, as engines do (`h8i9j10`).
pub fn format_moves(moves: &[Point]) -> String {
    moves.iter().map(|p| p.to_string()).collect()
}

/// Parses a Gomocup opening line, `dx,dy, dx,dy, …` offsets from the centre
/// `(size / 2, size / 2)`, into points on a board of side `size`.
///
/// ```
/// use gomoku::{notation::parse_opening, Point};
/// let stones = parse_opening("0,0, 1,-1", 15).unwrap();
/// assert_eq!(stones, vec![Point::new(7, 7), Point::new(8, 6)]);
/// ```
pub fn parse_opening(line: &str, size: usize) -> Result<Vec<Point>, ParseError> {
    let board = Board::new(size).map_err(|e| ParseError::new(e.to_string()))?;
    let c = board.center();
    let numbers = parse_integers(line)?;
    if numbers.len() % 2 != 0 {
        return Err(ParseError::new("odd number of offsets"));
    }
    numbers
        .chunks(2)
        .map(|d| {
            Point::try_new(c.x() as i64 + d[0], c.y() as i64 + d[1])
                .filter(|&p| board.contains(p))
                .ok_or_else(|| {
                    ParseError::new(format!(
                        "offset ({}, {}) is off a {size}×{size} board",
                        d[0], d[1]
                    ))
                })
        })
        .collect()
}

/// Writes points as a Gomocup opening line (offsets from the centre of a
/// board of side `size`).
pub fn format_opening(points: &[Point], size: usize) -> String {
    let c = (size / 2) as i64;
    points
        .iter()
        .map(|p| format!("{},{}", p.x() as i64 - c, p.y() as i64 - c))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_strings_with_and_without_separators_agree() {
        let want = vec![Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)];
        for s in [
            "h8i9j10",
            "h8 i9 j10",
            "H8,I9,J10",
            " h8;i9 ,j10 ",
            "7,7 8,8 9,9",
            "7,7;8,8;9,9",
        ] {
            assert_eq!(parse_moves(s).unwrap(), want, "{s}");
        }
        assert_eq!(format_moves(&want), "h8i9j10");
        assert_eq!(parse_moves("").unwrap(), vec![]);
    }

    #[test]
    fn two_digit_rows_are_read_greedily() {
        assert_eq!(
            parse_moves("a11b2z26").unwrap(),
            vec![Point::new(0, 10), Point::new(1, 1), Point::new(25, 25)]
        );
    }

    #[test]
    fn malformed_move_strings_are_refused() {
        for s in [
            "h8 x", "h0", "h8i", "h8 i27", "7,7 8", "7,7,-1,2", "h8 9,9", "h8!",
        ] {
            assert!(parse_moves(s).is_err(), "{s:?} parsed");
        }
    }

    #[test]
    fn openings_round_trip_and_stay_on_the_board() {
        let line = "4,6, 1,5, 0,3";
        let stones = parse_opening(line, 15).unwrap();
        assert_eq!(stones[0], Point::new(11, 13));
        assert_eq!(format_opening(&stones, 15), "4,6, 1,5, 0,3");
        assert!(parse_opening("8,0", 15).is_err());
        assert!(parse_opening("0,0, 1", 15).is_err());
        assert!(parse_opening("0,0", 30).is_err());
    }

    #[test]
    fn every_shared_opening_parses() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/openings-freestyle15.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<_> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(lines.len() >= 12);
        for line in lines {
            let stones = parse_opening(line, 15).unwrap();
            assert_eq!(stones.len() % 2, 1, "{line}");
        }
    }
}
