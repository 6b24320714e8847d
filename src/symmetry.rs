//! The eight symmetries of a square board (rotations and reflections), on
//! points and on whole games, and the canonical form of a position: the
//! least of its eight images, for opening books, puzzle collections and
//! duplicate detection. Every rule is the same in all eight images.

use std::fmt;
use std::str::FromStr;

use crate::{Game, ParseError, Point, Setup};

/// A symmetry of the square board; the values are the C ABI codes.
///
/// ```
/// use gomoku::{Point, Symmetry};
/// let p = Point::new(1, 0); // b1, on a 15×15 board
/// assert_eq!(Symmetry::Rotate90.apply(p, 15), Point::new(14, 1));
/// assert_eq!(Symmetry::Rotate90.inverse().apply(Point::new(14, 1), 15), p);
/// assert_eq!(Symmetry::ALL.len(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Symmetry {
    /// Leaves every point where it is.
    Identity = 0,
    /// A quarter turn clockwise: `(x, y)` to `(n−1−y, x)`.
    Rotate90 = 1,
    /// A half turn: `(x, y)` to `(n−1−x, n−1−y)`.
    Rotate180 = 2,
    /// A quarter turn anticlockwise: `(x, y)` to `(y, n−1−x)`.
    Rotate270 = 3,
    /// Left and right swapped: `(x, y)` to `(n−1−x, y)`.
    FlipHorizontal = 4,
    /// Top and bottom swapped: `(x, y)` to `(x, n−1−y)`.
    FlipVertical = 5,
    /// The main diagonal as mirror: `(x, y)` to `(y, x)`.
    Transpose = 6,
    /// The other diagonal as mirror: `(x, y)` to `(n−1−y, n−1−x)`.
    AntiTranspose = 7,
}

impl Symmetry {
    /// All eight, in the order of their codes.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The symmetry for a C code (0..8), `None` for anything else.
    pub const fn from_code(code: i32) -> Option<Symmetry> {
        if 0 <= code && code < 8 {
            Some(Symmetry::ALL[code as usize])
        } else {
            None
        }
    }

    /// The image of `p` on a `size × size` board (`p` on it).
    pub fn apply(self, p: Point, size: usize) -> Point {
        let last = size as u8 - 1;
        let (x, y) = (p.x(), p.y());
        let (x, y) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (last - y, x),
            Symmetry::Rotate180 => (last - x, last - y),
            Symmetry::Rotate270 => (y, last - x),
            Symmetry::FlipHorizontal => (last - x, y),
            Symmetry::FlipVertical => (x, last - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (last - y, last - x),
        };
        Point::new(x, y)
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// `self` after `first`: the symmetry mapping `p` to
    /// `self.apply(first.apply(p))`.
    pub fn after(self, first: Symmetry) -> Symmetry {
        // A point off both diagonals and both axes tells the eight apart.
        let probe = Point::new(1, 0);
        let image = self.apply(first.apply(probe, 5), 5);
        Symmetry::ALL
            .into_iter()
            .find(|s| s.apply(probe, 5) == image)
            .expect("the eight symmetries form a group")
    }

    /// The lowercase name (`identity`, `rotate90`, … `anti_transpose`).
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate270 => "rotate270",
            Symmetry::FlipHorizontal => "flip_horizontal",
            Symmetry::FlipVertical => "flip_vertical",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti_transpose",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = ParseError;

    /// Reads a name as [`Symmetry::name`] gives it (any case).
    fn from_str(s: &str) -> Result<Symmetry, ParseError> {
        let s = s.trim().to_ascii_lowercase();
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == s)
            .ok_or_else(|| ParseError::new(format!("invalid symmetry {s:?}")))
    }
}

impl Game {
    /// The same game seen through `symmetry`: its start position, moves,
    /// undone moves and players, every point moved to its image.
    pub fn transformed(&self, symmetry: Symmetry) -> Game {
        let n = self.size();
        let image = |p: Point| symmetry.apply(p, n);
        let start = self.setup();
        let setup = Setup {
            stones: start.stones.iter().map(|&(p, c)| (image(p), c)).collect(),
            ..start.clone()
        };
        let mut game = Game::from_setup(&setup).expect("an image of a valid start is valid");
        let redo: Vec<Point> = self.redo_moves().collect();
        for &p in self.moves().iter().chain(redo.iter().rev()) {
            game.play(image(p))
                .expect("an image of a legal move is legal");
        }
        for _ in &redo {
            game.undo().expect("the redo moves were just played");
        }
        *game.info_mut() = self.info().clone();
        game.copy_declared_ending(self);
        game
    }

    /// The symmetry taking this position to its canonical form: the image
    /// whose board, read row by row as stone codes, is the least (the first
    /// such symmetry when several give it). Equal positions up to symmetry
    /// have equal canonical images.
    pub fn canonical_symmetry(&self) -> Symmetry {
        let n = self.size();
        let read = |s: Symmetry| -> Vec<u8> {
            let inverse = s.inverse();
            self.board()
                .points()
                .map(|p| {
                    self.board()
                        .stone(inverse.apply(p, n))
                        .map_or(0, |c| c as u8)
                })
                .collect()
        };
        Symmetry::ALL
            .into_iter()
            .min_by_key(|&s| read(s))
            .expect("eight symmetries")
    }

    /// The game's canonical image ([`Game::canonical_symmetry`]) and the
    /// symmetry that makes it.
    pub fn canonical(&self) -> (Game, Symmetry) {
        let s = self.canonical_symmetry();
        (self.transformed(s), s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;

    #[test]
    fn the_eight_are_distinct_and_form_a_group() {
        for n in [5, 6, 15, 26] {
            let board: Vec<Point> = Game::new(n, Rule::Freestyle)
                .unwrap()
                .board()
                .points()
                .collect();
            let images: Vec<Vec<Point>> = Symmetry::ALL
                .iter()
                .map(|s| board.iter().map(|&p| s.apply(p, n)).collect())
                .collect();
            for (i, a) in images.iter().enumerate() {
                // A permutation of the board, unlike the seven others.
                let mut sorted = a.clone();
                sorted.sort();
                let mut all = board.clone();
                all.sort();
                assert_eq!(sorted, all);
                assert!(images[i + 1..].iter().all(|b| b != a));
            }
            for s in Symmetry::ALL {
                for t in Symmetry::ALL {
                    for &p in &board {
                        assert_eq!(s.after(t).apply(p, n), s.apply(t.apply(p, n), n));
                    }
                }
                assert_eq!(s.after(s.inverse()), Symmetry::Identity);
                assert_eq!(Symmetry::from_code(s as i32), Some(s));
                assert_eq!(s.name().parse::<Symmetry>().unwrap(), s);
            }
        }
        assert_eq!(Symmetry::from_code(8), None);
    }

    #[test]
    fn an_opening_and_its_mirror_have_one_canonical_form() {
        let a = Game::from_moves(
            15,
            Rule::Renju,
            &crate::notation::parse_moves("h8 i9 j10").unwrap(),
        )
        .unwrap();
        let b = Game::from_moves(
            15,
            Rule::Renju,
            &crate::notation::parse_moves("h8 g7 f6").unwrap(),
        )
        .unwrap();
        let c = Game::from_moves(
            15,
            Rule::Renju,
            &crate::notation::parse_moves("h8 i7 j6").unwrap(),
        )
        .unwrap();
        let (ca, _) = a.canonical();
        assert_eq!(ca.board(), b.canonical().0.board());
        assert_eq!(ca.board(), c.canonical().0.board());
        let moved = a.transformed(Symmetry::Rotate90);
        assert_eq!(moved.moves()[1], Symmetry::Rotate90.apply(a.moves()[1], 15));
        assert_eq!(moved.transformed(Symmetry::Rotate270), a);
    }
}
