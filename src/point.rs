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

/// A point: `x` is the column (0 = left), `y` the row (0 = top), both in
/// `0..MAX_SIZE`.
///
/// A point is only coordinates; whether it lies on a given board is the
/// board's question ([`crate::Board::contains`]). Its text form is a column
/// letter and the 1-based row counted from the top: `(7, 7)` is `h8`,
/// `(0, 0)` is `a1`. Every point has a letter, since no board is wider than
/// the alphabet.
///
/// ```
/// use gomoku::Point;
/// let p: Point = "h8".parse().unwrap();
/// assert_eq!(p, Point::new(7, 7));
/// assert_eq!((p.x(), p.y()), (7, 7));
/// assert_eq!(Point::new(0, 14).to_string(), "a15");
/// assert_eq!(Point::try_new(26, 0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    x: u8,
    y: u8,
}

impl Point {
    /// A point from its column and row.
    ///
    /// # Panics
    /// If `x` or `y` is `MAX_SIZE` or more; [`Point::try_new`] checks instead.
    pub const fn new(x: u8, y: u8) -> Point {
        assert!(
            (x as usize) < MAX_SIZE && (y as usize) < MAX_SIZE,
            "point coordinates must be below MAX_SIZE"
        );
        Point { x, y }
    }

    /// A point from signed coordinates, `None` unless both lie in `0..MAX_SIZE`.
    pub const fn try_new(x: i64, y: i64) -> Option<Point> {
        if 0 <= x && x < MAX_SIZE as i64 && 0 <= y && y < MAX_SIZE as i64 {
            Some(Point {
                x: x as u8,
                y: y as u8,
            })
        } else {
            None
        }
    }

    /// The column, 0 = left.
    pub const fn x(self) -> u8 {
        self.x
    }

    /// The row, 0 = top.
    pub const fn y(self) -> u8 {
        self.y
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
        assert_eq!(Point::try_new(i64::MAX, i64::MIN), None);
    }

    #[test]
    #[should_panic(expected = "below MAX_SIZE")]
    fn new_refuses_coordinates_past_the_largest_board() {
        let _ = Point::new(200, 0);
    }

    #[test]
    fn the_last_column_displays_as_z() {
        assert_eq!(Point::new(25, 25).to_string(), "z26");
    }
}
