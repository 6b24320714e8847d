//! Static evaluation: what a position is worth to the side to move, read
//! from the line patterns of its empty cells.
//!
//! Each empty cell adds, for each colour, one weight per line pattern that
//! colour would make there and one per combination (a four with a three, two
//! fours, two threes). The weights differ for the side to move and the side
//! waiting: an open three of the side to move is nearly an open four. The
//! position's value is the mover's sum minus the waiter's.
//!
//! The weights are hand-set and each was measured in the arena. `gomoku
//! tune` fits them to self-play results ([`super::tune`]); its fits so far
//! predict held-out results better (cross-entropy 0.657 → 0.582) but play
//! worse (33–48% brain against brain at 150 ms), so they are not used.

#[cfg(any(test, feature = "tuning"))]
use super::pattern::Pattern;

/// Number of evaluation terms per colour: one per [`Pattern`] code, then the
/// three combinations.
pub(crate) const TERMS: usize = 14;

/// Term index of a cell with a four and an open three.
pub(crate) const FOUR_THREE: usize = 11;
/// Term index of a cell with two fours.
pub(crate) const DOUBLE_FOUR: usize = 12;
/// Term index of a cell with two open threes.
pub(crate) const DOUBLE_THREE: usize = 13;

/// The weights of the evaluation terms, by role, in fifths of an
/// evaluation unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Terms of the side to move.
    pub mover: [i32; TERMS],
    /// Terms of the side waiting (subtracted).
    pub waiter: [i32; TERMS],
}

/// Weights are in fifths of the evaluation's unit: the many weak patterns
/// (ones and twos, hundreds on a board) need the resolution.
pub(crate) const EVAL_UNIT: i32 = 5;

/// The engine's weights, in fifths of a unit (see [`EVAL_UNIT`]).
pub(crate) const WEIGHTS: Weights = Weights {
    mover: [
        0, 0, 6, 12, 24, 30, 72, 240, 300, 2400, 30000, 3000, 4800, 1800,
    ],
    waiter: [
        0, 0, 5, 10, 20, 25, 60, 200, 250, 2000, 25000, 2500, 4000, 1500,
    ],
};

/// How many times each term occurs on one cell for one colour, given its four
/// line patterns. `combos` is false where two fours or two threes do not
/// count (renju black: they are forbidden).
#[cfg(any(test, feature = "tuning"))]
pub(crate) fn cell_terms(patterns: [u8; 4], combos: bool) -> [u8; TERMS] {
    let mut terms = [0u8; TERMS];
    let (mut fours, mut threes) = (0, 0);
    for p in patterns {
        terms[p as usize] += 1;
        fours += u8::from(p >= Pattern::B4 as u8);
        threes += u8::from(p == Pattern::F3 as u8);
    }
    terms[FOUR_THREE] = u8::from(fours >= 1 && threes >= 1);
    if combos {
        terms[DOUBLE_FOUR] = u8::from(fours >= 2);
        terms[DOUBLE_THREE] = u8::from(fours < 2 && threes >= 2);
    }
    terms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_count_patterns_and_combinations() {
        let (b4, f3, f2) = (Pattern::B4 as u8, Pattern::F3 as u8, Pattern::F2 as u8);
        let t = cell_terms([b4, f3, f2, 0], true);
        assert_eq!((t[8], t[7], t[5], t[0]), (1, 1, 1, 1));
        assert_eq!((t[FOUR_THREE], t[DOUBLE_FOUR], t[DOUBLE_THREE]), (1, 0, 0));
        let t = cell_terms([f3, f3, 0, 0], true);
        assert_eq!(t[DOUBLE_THREE], 1);
        assert_eq!(cell_terms([f3, f3, 0, 0], false)[DOUBLE_THREE], 0);
        let t = cell_terms([b4, b4, f3, 0], true);
        assert_eq!((t[FOUR_THREE], t[DOUBLE_FOUR], t[DOUBLE_THREE]), (1, 1, 0));
    }
}
