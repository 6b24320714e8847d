//! Points on the board and their text notation.

use std::fmt;
use std::str::FromStr;

use crate::ParseError;

/// The largest board side the library supports.
pub const MAX_SIZE: usize = 26;
/// The smallest board side the library supports.
pub const MIN_SIZE: usize = 5;
/// The board side used when none is given.
pub const DEFAULT_SIZE: usize = 15;

/// A point: `x` is the column (0 = left), `y` the row (0 = top).
///
/// A point is only coordinates; whether it lies on a board is the board's
/// question ([`crate::Board::contains`]). Its text form is a column letter and
/// the 1-based row counted from the top: `(7, 7)` is `h8`, `(0, 0)` is `a1`.
///
/// ```
/// use gomoku::Point;
/// let p: Point = "h8".parse().unwrap();
/// assert_eq!(p, Point::new(7, 7));
/// assert_eq!(Point::new(0, 14).to_string(), "a15");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 = left.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Point {
    /// A point from its column and row.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// A point from signed coordinates, `None` unless both lie in `0..MAX_SIZE`.
    pub fn try_new(x: i64, y: i64) -> Option<Point> {
        let ok = |v: i64| (0..MAX_SIZE as i64).contains(&v);
        (ok(x) && ok(y)).then(|| Point::new(x as u8, y as u8))
    }
}

impl From<(u8, u8)> for Point {
    fn from((x, y): (u8, u8)) -> Point {
        Point::new(x, y)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x) as char, self.y as u32 + 1)
    }
}

impl FromStr for Point {
    type Err = ParseError;

    /// Reads one point in letter notation (`h8`, `H8`, `a15`).
    fn from_str(s: &str) -> Result<Point, ParseError> {
        let s = s.trim();
        match crate::notation::read_point(s.as_bytes()) {
            Some((p, used)) if used == s.len() => Ok(p),
            _ => Err(ParseError::new(format!("invalid point {s:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_point() {
        for x in 0..MAX_SIZE as u8 {
            for y in 0..MAX_SIZE as u8 {
                let p = Point::new(x, y);
                assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
            }
        }
    }

    #[test]
    fn corners_have_their_names() {
        assert_eq!("a1".parse::<Point>().unwrap(), Point::new(0, 0));
        assert_eq!("Z26".parse::<Point>().unwrap(), Point::new(25, 25));
        assert_eq!(Point::new(7, 7).to_string(), "h8");
    }

    #[test]
    fn bad_points_are_refused() {
        for s in ["", "h", "8", "h0", "h27", "h8x", "#8", "h-1", "hh8"] {
            assert!(s.parse::<Point>().is_err(), "{s:?} parsed");
        }
    }

    #[test]
    fn try_new_checks_range() {
        assert_eq!(Point::try_new(3, 4), Some(Point::new(3, 4)));
        assert_eq!(Point::try_new(-1, 4), None);
        assert_eq!(Point::try_new(0, 26), None);
    }
}
