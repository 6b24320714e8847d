//! The board: a padded cell array that every rule and search walks without
//! bounds checks.
//!
//! Cells live in a flat array with a row stride of 32 and six wall rows above
//! and below. Columns `size..32` are walls too, so a walk of up to five steps in
//! any of the eight directions from a board point stays inside the array and
//! meets a wall, never a wrapped-around board cell.

use std::fmt;

use crate::{Color, Point, MAX_SIZE, MIN_SIZE};

/// Cells per row of the padded array.
pub(crate) const STRIDE: usize = 32;
/// Wall rows above and below the board: five steps up-left from the top-left
/// corner reach back five rows and five columns, so one more row is needed.
pub(crate) const PAD_ROWS: usize = 6;
/// Length of the padded array.
pub(crate) const CELLS: usize = STRIDE * (MAX_SIZE + 2 * PAD_ROWS);

/// Contents of an empty cell.
pub(crate) const EMPTY: u8 = 0;
/// Contents of a cell off the board.
pub(crate) const WALL: u8 = 3;

/// The four line directions as index steps: horizontal, vertical, diagonal
/// (down-right) and anti-diagonal (down-left).
pub(crate) const DIRECTIONS: [isize; 4] =
    [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// The error for a board side outside `5..=26`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidSizeError(pub usize);

impl fmt::Display for InvalidSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid board size {} (must be {MIN_SIZE} to {MAX_SIZE})",
            self.0
        )
    }
}

impl std::error::Error for InvalidSizeError {}

/// A square board of stones, 5 to 26 points wide.
///
/// ```
/// use gomoku::{Board, Color, Point};
/// let board = Board::new(15).unwrap();
/// assert_eq!(board.size(), 15);
/// assert_eq!(board.stone(Point::new(7, 7)), None);
/// assert!(!board.contains(Point::new(15, 0)));
/// assert!(Board::new(4).is_err());
/// # let _ = Color::Black;
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    size: u8,
    stones: u16,
    cells: [u8; CELLS],
}

/// The cells of an empty board of each size, built at compile time, so a
/// new board is one copy.
static EMPTY_CELLS: [[u8; CELLS]; MAX_SIZE + 1] = {
    let mut all = [[WALL; CELLS]; MAX_SIZE + 1];
    let mut size = 0;
    while size <= MAX_SIZE {
        let mut y = 0;
        while y < size {
            let mut x = 0;
            while x < size {
                all[size][(y + PAD_ROWS) * STRIDE + x] = EMPTY;
                x += 1;
            }
            y += 1;
        }
        size += 1;
    }
    all
};

impl Board {
    /// An empty board of `size × size` points.
    pub fn new(size: usize) -> Result<Board, InvalidSizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(InvalidSizeError(size));
        }
        Ok(Board::empty(size))
    }

    /// An empty board of a size already checked to be in `MIN_SIZE..=MAX_SIZE`.
    #[inline]
    pub(crate) fn empty(size: usize) -> Board {
        Board {
            size: size as u8,
            stones: 0,
            cells: EMPTY_CELLS[size],
        }
    }

    /// The number of points on a side.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Whether `p` lies on this board.
    pub fn contains(&self, p: Point) -> bool {
        (p.x() as usize) < self.size() && (p.y() as usize) < self.size()
    }

    /// The stone on `p`, `None` if `p` is empty or off the board.
    pub fn stone(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        Color::from_code(self.cells[index(p)] as i32)
    }

    /// Whether `p` is on the board and empty.
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.contains(p) && self.cells[index(p)] == EMPTY
    }

    /// The number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones as usize
    }

    /// Whether every point holds a stone.
    pub fn is_full(&self) -> bool {
        self.stone_count() == self.size() * self.size()
    }

    /// Every point of the board, row by row from the top left.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let n = self.size;
        (0..n).flat_map(move |y| (0..n).map(move |x| Point::new(x, y)))
    }

    /// Every stone with its point, row by row from the top left.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.points()
            .filter_map(move |p| self.stone(p).map(|c| (p, c)))
    }

    /// Every empty point, row by row from the top left.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(move |&p| self.is_empty_at(p))
    }

    /// The centre point (`size / 2` on both axes), where openings are anchored.
    pub fn center(&self) -> Point {
        Point::new(self.size / 2, self.size / 2)
    }

    /// Puts a stone on an empty board point.
    pub(crate) fn place(&mut self, p: Point, color: Color) {
        debug_assert!(self.is_empty_at(p));
        self.cells[index(p)] = color as u8;
        self.stones += 1;
    }

    /// Takes the stone off a board point.
    pub(crate) fn remove(&mut self, p: Point) {
        debug_assert!(self.stone(p).is_some());
        self.cells[index(p)] = EMPTY;
        self.stones -= 1;
    }

    /// The contents of a padded-array cell: [`EMPTY`], a colour code or [`WALL`].
    pub(crate) fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// Sets a padded-array cell that is on the board, keeping the stone count.
    pub(crate) fn set_cell(&mut self, i: usize, value: u8) {
        debug_assert!(self.cells[i] != WALL && value != WALL);
        match (self.cells[i] == EMPTY, value == EMPTY) {
            (true, false) => self.stones += 1,
            (false, true) => self.stones -= 1,
            _ => {}
        }
        self.cells[i] = value;
    }

    /// The number of consecutive cells holding `value` next to `i`, walking
    /// from `i` by `step` (the cell `i` itself not counted).
    pub(crate) fn count_from(&self, i: usize, step: isize, value: u8) -> usize {
        let mut n = 0;
        let mut j = i.wrapping_add_signed(step);
        while self.cells[j] == value {
            n += 1;
            j = j.wrapping_add_signed(step);
        }
        n
    }
}

/// The padded-array index of a board point.
pub(crate) fn index(p: Point) -> usize {
    (p.y() as usize + PAD_ROWS) * STRIDE + p.x() as usize
}

/// The board point at a padded-array index that lies on the board.
pub(crate) fn point_at(i: usize) -> Point {
    Point::new((i % STRIDE) as u8, (i / STRIDE - PAD_ROWS) as u8)
}

/// Draws the board with column letters and row numbers; `mark` is shown in
/// brackets (the last move).
pub(crate) fn draw(board: &Board, mark: Option<Point>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let n = board.size();
    write!(f, "   ")?;
    for x in 0..n {
        write!(f, " {}", (b'a' + x as u8) as char)?;
    }
    writeln!(f)?;
    for y in 0..n {
        write!(f, "{:>3}", y + 1)?;
        for x in 0..n {
            let p = Point::new(x as u8, y as u8);
            let c = match board.stone(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            let left = if mark == Some(p) {
                '['
            } else if x > 0 && mark == Some(Point::new(x as u8 - 1, y as u8)) {
                ']'
            } else {
                ' '
            };
            write!(f, "{left}{c}")?;
        }
        if mark == Some(Point::new(n as u8 - 1, y as u8)) {
            write!(f, "]")?;
        }
        writeln!(f)?;
    }
    Ok(())
}

impl fmt::Display for Board {
    /// Draws the board: `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        draw(self, None, f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board({})", self.size)?;
        draw(self, None, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert_eq!(Board::new(4), Err(InvalidSizeError(4)));
        assert_eq!(Board::new(27), Err(InvalidSizeError(27)));
        for n in MIN_SIZE..=MAX_SIZE {
            assert_eq!(Board::new(n).unwrap().points().count(), n * n);
        }
    }

    #[test]
    fn five_steps_from_any_point_stay_in_the_array_and_never_wrap() {
        for n in MIN_SIZE..=MAX_SIZE {
            let board = Board::new(n).unwrap();
            for p in board.points() {
                for step in DIRECTIONS {
                    for sign in [-1, 1] {
                        for k in 1..=5isize {
                            let (x, y) = (p.x() as isize, p.y() as isize);
                            let (dx, dy) = match step {
                                1 => (1, 0),
                                s if s == STRIDE as isize => (0, 1),
                                s if s == STRIDE as isize + 1 => (1, 1),
                                _ => (-1, 1),
                            };
                            let (tx, ty) = (x + sign * k * dx, y + sign * k * dy);
                            let i = index(p) as isize + sign * k * step;
                            assert!(i >= 0 && (i as usize) < CELLS);
                            let on_board =
                                (0..n as isize).contains(&tx) && (0..n as isize).contains(&ty);
                            if on_board {
                                assert_eq!(i as usize, index(Point::new(tx as u8, ty as u8)));
                            } else {
                                assert_eq!(board.cell(i as usize), WALL);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn place_and_remove_keep_the_count() {
        let mut b = Board::new(5).unwrap();
        b.place(Point::new(0, 0), Color::Black);
        b.place(Point::new(4, 4), Color::White);
        assert_eq!(b.stone_count(), 2);
        assert_eq!(b.stone(Point::new(4, 4)), Some(Color::White));
        b.remove(Point::new(0, 0));
        assert_eq!(b.stone_count(), 1);
        assert_eq!(
            b.stones().collect::<Vec<_>>(),
            vec![(Point::new(4, 4), Color::White)]
        );
        assert_eq!(point_at(index(Point::new(3, 2))), Point::new(3, 2));
    }
}
