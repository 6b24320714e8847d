//! Line keys: every row, column and diagonal of the board held as one `u64`,
//! two bits per cell in the pattern key's codes, so the window around a cell
//! is a rotate and two masks instead of ten cell reads.
//!
//! A cell's position on its line is its x on rows and its y on the other
//! three directions, so position grows with the direction's step. Positions
//! off the board stay walls; positions left of 0 wrap onto 27..31, which are
//! walls on every board of at most 26 points.

use super::pattern::HALF;
use crate::board::{PAD_ROWS, STRIDE, WALL};
use crate::MAX_SIZE;

/// Lines per direction: at most 26 rows or columns, 51 diagonals.
const LINES: usize = 2 * MAX_SIZE - 1;

const _: () = assert!(
    MAX_SIZE + HALF < 32,
    "a window must not wrap onto the board"
);

/// The four directions' line keys (indexed like `board::DIRECTIONS`).
#[derive(Clone)]
pub(crate) struct LineKeys {
    keys: [[u64; LINES]; 4],
}

impl LineKeys {
    /// The keys of an empty board of `size × size` points.
    pub(crate) fn empty(size: usize) -> LineKeys {
        let mut lines = LineKeys {
            keys: [[u64::MAX; LINES]; 4],
        };
        for y in 0..size {
            for x in 0..size {
                lines.set((y + PAD_ROWS) * STRIDE + x, 0);
            }
        }
        lines
    }

    /// The line and the position on it of the board cell `i` along direction `d`.
    #[inline]
    fn place(i: usize, d: usize) -> (usize, usize) {
        let (x, y) = (i % STRIDE, i / STRIDE - PAD_ROWS);
        match d {
            0 => (y, x),
            1 => (x, y),
            2 => (x + MAX_SIZE - 1 - y, y),
            _ => (x + y, y),
        }
    }

    /// Sets the board cell `i` to `value` (0 empty, 1 black, 2 white).
    #[inline]
    pub(crate) fn set(&mut self, i: usize, value: u8) {
        debug_assert!(value != WALL);
        for d in 0..4 {
            let (line, pos) = LineKeys::place(i, d);
            let key = &mut self.keys[d][line];
            *key = (*key & !(3 << (2 * pos))) | u64::from(value) << (2 * pos);
        }
    }

    /// Black's window key (as `pattern::black_key`) of the board cell `i`
    /// along direction `d`.
    #[inline]
    pub(crate) fn window(&self, i: usize, d: usize) -> u32 {
        let (key, pos) = self.line(i, d);
        window_at(key, pos)
    }

    /// The key of the line through the board cell `i` along direction `d`,
    /// and the cell's position on it. Moving one step along `d`
    /// (`board::DIRECTIONS[d]`) moves one position up the same line.
    #[inline]
    pub(crate) fn line(&self, i: usize, d: usize) -> (u64, isize) {
        let (line, pos) = LineKeys::place(i, d);
        (self.keys[d][line], pos as isize)
    }
}

/// Black's window key of position `pos` on a line whose key is `key`
/// (positions up to [`HALF`] off either end read as walls).
#[inline]
pub(crate) fn window_at(key: u64, pos: isize) -> u32 {
    let shift = (2 * pos).wrapping_sub(2 * HALF as isize) & 63;
    let w = key.rotate_right(shift as u32);
    let side = (1 << (2 * HALF)) - 1;
    ((w & side) | ((w >> (2 * HALF + 2)) & side) << (2 * HALF)) as u32
}

/// The cell at position `pos` on a line whose key is `key`: 0 empty, 1
/// black, 2 white, 3 a wall (positions up to [`HALF`] off either end).
#[inline]
pub(crate) fn cell_at(key: u64, pos: isize) -> u8 {
    (key.rotate_right(((2 * pos) & 63) as u32) & 3) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::pattern::black_key;
    use crate::board::{index, Board, DIRECTIONS};
    use crate::{Color, Point};

    #[test]
    fn windows_equal_the_cells_read_one_by_one_on_every_size() {
        for size in [5, 6, 15, 19, 26] {
            let mut board = Board::new(size).unwrap();
            let mut lines = LineKeys::empty(size);
            // A fixed scatter of stones of both colours, corners included.
            let mut state = 12345u32;
            for n in 0..size * size / 2 {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let p = Point::new(
                    ((state >> 8) as usize % size) as u8,
                    ((state >> 20) as usize % size) as u8,
                );
                if board.stone(p).is_none() {
                    let c = if n % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    board.place(p, c);
                    lines.set(index(p), c as u8);
                }
            }
            for corner in [Point::new(0, 0), Point::new(size as u8 - 1, size as u8 - 1)] {
                if board.stone(corner).is_some() {
                    board.remove(corner);
                    lines.set(index(corner), 0);
                }
            }
            for p in board.points() {
                for (d, step) in DIRECTIONS.into_iter().enumerate() {
                    let i = index(p);
                    assert_eq!(
                        lines.window(i, d),
                        black_key(&board, i, step),
                        "size {size}, {p}, direction {d}"
                    );
                }
            }
        }
    }
}
