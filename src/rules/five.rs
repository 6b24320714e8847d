//! Win detection: the five (or longer run) through one point.

use crate::board::{Board, DIRECTIONS};
use crate::{Color, Rule};

/// The winning run through cell `i` for `color`, treating `i` as holding a
/// `color` stone whatever it holds now: `(first cell, step, length)`.
///
/// Only the four lines through `i` are read, so a win is found in constant
/// time after each move. When one move wins along two lines, an exact five
/// is preferred to an overline, so the reason does not depend on the
/// order in which directions are read (and a mirrored game ends the same way).
pub(crate) fn five_line(
    board: &Board,
    rule: Rule,
    i: usize,
    color: Color,
) -> Option<(usize, isize, usize)> {
    let own = color as u8;
    let other = color.opponent() as u8;
    let mut runs = DIRECTIONS.into_iter().filter_map(|step| {
        let back = board.count_from(i, -step, own);
        let fwd = board.count_from(i, step, own);
        let len = back + fwd + 1;
        if len < 5 {
            return None;
        }
        let start = i.wrapping_add_signed(-step * back as isize);
        let before = board.cell(start.wrapping_add_signed(-step));
        let after = board.cell(i.wrapping_add_signed(step * (fwd as isize + 1)));
        let blocked = before == other && after == other;
        rule.is_winning_run(color == Color::Black, len, blocked)
            .then_some((start, step, len))
    });
    let first = runs.next()?;
    if first.2 == 5 {
        return Some(first);
    }
    Some(runs.find(|run| run.2 == 5).unwrap_or(first))
}
