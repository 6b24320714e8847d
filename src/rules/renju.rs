//! Renju forbidden points for black, as the RIF rules define them, and as
//! tournament managers judge them.
//!
//! A black move is forbidden when it makes an overline, two fours (also two on
//! one line, `X.XXX.X`), or two real threes, unless it makes exactly five. A
//! three is real only if a move that turns it into a straight four is itself
//! not forbidden, which this module checks by placing stones and recursing.
//!
//! The referees of Piskvork and c-gomoku-cli (both in the lineage of the
//! classic "forbidden point finder") read one case otherwise: a straight-four
//! point that also makes a five does not make the three real for them, while
//! RIF 9.3 says it does. Since their reading recurses, a point can be
//! forbidden for them and not for RIF; [`Reading::Referee`] is their reading.

/// Which reading of the forbidden-point rules to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// The RIF rules as written.
    Rif,
    /// As tournament managers judge: a straight-four point that makes a five
    /// does not make a three real.
    Referee,
}

use crate::board::{Board, DIRECTIONS, EMPTY};
use crate::Color;

const BLACK: u8 = Color::Black as u8;

/// Whether black may not play on the empty cell `i` under renju.
pub(crate) fn is_forbidden(board: &Board, i: usize) -> bool {
    is_forbidden_as(board, i, Reading::Rif)
}

/// Whether black may not play on the empty cell `i` under this reading.
pub(crate) fn is_forbidden_as(board: &Board, i: usize, reading: Reading) -> bool {
    if board.cell(i) != EMPTY || !may_be_forbidden(board, i) {
        return false;
    }
    forbidden_after_placing(&mut board.clone(), i, reading)
}

/// A cheap filter: a forbidden shape needs two lines with two black stones
/// near `i`, or one line with four (an overline or two fours on one line).
fn may_be_forbidden(board: &Board, i: usize) -> bool {
    let mut busy_lines = 0;
    for step in DIRECTIONS {
        let near = (1..=5isize)
            .flat_map(|k| [k, -k])
            .filter(|&k| board.cell(i.wrapping_add_signed(k * step)) == BLACK)
            .count();
        if near >= 4 {
            return true;
        }
        if near >= 2 {
            busy_lines += 1;
        }
    }
    busy_lines >= 2
}

/// Places black on `i`, classifies the move and takes the stone back.
fn forbidden_after_placing(board: &mut Board, i: usize, reading: Reading) -> bool {
    board.set_cell(i, BLACK);
    let forbidden = classify(board, i, reading);
    board.set_cell(i, EMPTY);
    forbidden
}

/// Whether the black stone just placed on `i` makes exactly five.
fn makes_five(board: &Board, i: usize) -> bool {
    DIRECTIONS
        .into_iter()
        .any(|step| 1 + board.count_from(i, step, BLACK) + board.count_from(i, -step, BLACK) == 5)
}

/// Whether the black stone just placed on `i` is forbidden.
fn classify(board: &mut Board, i: usize, reading: Reading) -> bool {
    let runs = DIRECTIONS
        .map(|step| 1 + board.count_from(i, step, BLACK) + board.count_from(i, -step, BLACK));
    if runs.contains(&5) {
        return false;
    }
    if runs.iter().any(|&len| len > 5) {
        return true;
    }
    let fours = DIRECTIONS.map(|step| fours_on_line(board, i, step));
    if fours.iter().sum::<usize>() >= 2 {
        return true;
    }
    let mut threes = 0;
    for (d, step) in DIRECTIONS.into_iter().enumerate() {
        if fours[d] == 0 && has_real_three(board, i, step, reading) {
            threes += 1;
            if threes == 2 {
                return true;
            }
        }
    }
    false
}

/// Whether an empty cell `j` would give black exactly five along `step`, and
/// if so the span of that five as offsets `(from, to)` relative to `j`.
fn five_span(board: &Board, j: usize, step: isize) -> Option<(isize, isize)> {
    let back = board.count_from(j, -step, BLACK) as isize;
    let fwd = board.count_from(j, step, BLACK) as isize;
    (back + fwd + 1 == 5).then_some((-back, fwd))
}

/// The number of distinct fours through the black stone on `i` along `step`:
/// 0, 1 (a four or an open four) or 2 (`X.XXX.X`, `XX.XX.XX`).
fn fours_on_line(board: &Board, i: usize, step: isize) -> usize {
    // Each four is the set of four stones that one more stone turns into five;
    // an open four has two five points but a single stone set.
    let mut first_set = None;
    for k in (-4..=4isize).filter(|&k| k != 0) {
        let j = i.wrapping_add_signed(k * step);
        if board.cell(j) != EMPTY {
            continue;
        }
        let Some((from, to)) = five_span(board, j, step) else {
            continue;
        };
        let (from, to) = (k + from, k + to);
        if from > 0 || to < 0 {
            continue; // a five that does not pass through i
        }
        let set = (from..=to)
            .filter(|&o| o != k)
            .fold(0u32, |m, o| m | 1 << (o + 8));
        match first_set {
            None => first_set = Some(set),
            Some(first) if first != set => return 2,
            Some(_) => {}
        }
    }
    usize::from(first_set.is_some())
}

/// Whether the black stone on `i` is part of a real three along `step`: some
/// empty cell turns the line into a straight four through `i`, and black may
/// legally play that cell (for a referee, also without making a five there).
fn has_real_three(board: &mut Board, i: usize, step: isize, reading: Reading) -> bool {
    for k in (-3..=3isize).filter(|&k| k != 0) {
        let j = i.wrapping_add_signed(k * step);
        if board.cell(j) != EMPTY {
            continue;
        }
        board.set_cell(j, BLACK);
        let straight = straight_four_span(board, j, step)
            .is_some_and(|(from, to)| k + from <= 0 && 0 <= k + to);
        let five = reading == Reading::Referee && makes_five(board, j);
        board.set_cell(j, EMPTY);
        if straight && !five && !forbidden_after_placing_checked(board, j, reading) {
            return true;
        }
    }
    false
}

/// [`forbidden_after_placing`] behind the cheap filter.
fn forbidden_after_placing_checked(board: &mut Board, j: usize, reading: Reading) -> bool {
    may_be_forbidden(board, j) && forbidden_after_placing(board, j, reading)
}

/// The span `(from, to)`, as offsets from `j`, of a straight four through the
/// black stone on `j` along `step`: four in a row with an empty cell at each end
/// where black would make exactly five.
fn straight_four_span(board: &Board, j: usize, step: isize) -> Option<(isize, isize)> {
    let back = board.count_from(j, -step, BLACK) as isize;
    let fwd = board.count_from(j, step, BLACK) as isize;
    if back + fwd + 1 != 4 {
        return None;
    }
    let before = j.wrapping_add_signed(-step * (back + 1));
    let after = j.wrapping_add_signed(step * (fwd + 1));
    [before, after]
        .into_iter()
        .all(|e| board.cell(e) == EMPTY && five_span(board, e, step).is_some())
        .then_some((-back, fwd))
}
