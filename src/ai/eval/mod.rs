//! Static evaluation: what a position is worth to the side to move, read
//! from the line patterns of its empty cells and from the threats on the
//! board.
//!
//! Each empty cell has, for each colour, a combination of four line
//! patterns (one per direction). [`Cells`] say what it is worth to the
//! side to move and to the side waiting (an open three of the side to move
//! is nearly an open four): either the sum of per-pattern weights plus a
//! bonus for a four with a three, two fours or two threes, or a value of
//! its own for each of the 1,001 combinations. The position's value is the
//! mover's sum minus the waiter's, plus the value of its threat mask: six
//! bits saying which of the decisive threats (fours, open fours,
//! four-threes) each side can make
//! ([`super::position::Position::threat_mask`]).
//!
//! [`Weights`] hold all of it. Freestyle's are fitted by `gomoku tune`
//! ([`super::tune`]), which writes them as the module the engine reads
//! ([`freestyle`]); the other rules use the hand-set [`HAND_WEIGHTS`], with
//! no threat values.
//!
//! What the fits taught. Fitted to game results, every combination's value
//! on its own (1,001 per role) predicted held-out results better than the
//! additive weights every time, from 1,500 games of Rapfi against itself
//! up to 39,671 of this engine against Rapfi, yet played worse against
//! Rapfi: 23.5–35.0% against 30.1–37.2% for the hand-set weights, and
//! 37.7% over 606 games with the threat mask against 38.7% for the additive
//! weights with it. One game's result says little about one position. What
//! played best is a value per combination and the threat mask fitted to
//! 90,127 positions from this engine's games against Rapfi, each labelled
//! with the chance of winning that Rapfi's own 20,000-node search gave it:
//! 47.5% over 600 games against Rapfi's built-in tables at 100 ms per move,
//! from openings none of the positions came from, where the additive
//! weights fitted to results scored 43.4% in the same session. The
//! additive weights fitted to the same labels scored 39.4%, and the
//! combinations fitted without the positions Rapfi had solved 29.6%.
//!
//! The search's move ordering reads the same combinations: a cell's score
//! ([`MoveFeatures::score`]) is the learned value of its combination for
//! the side to move, plus that of the opponent's, plus terms for its
//! nearness to the last two stones, fitted by `gomoku tune --policy` to
//! the moves a stronger engine chose ([`policy`]).

use std::sync::OnceLock;

use super::pattern::Pattern;
use crate::{Point, Rule};

mod freestyle;
mod policy;

/// Number of evaluation terms per colour: one per [`Pattern`] code, then the
/// three combinations.
pub(crate) const TERMS: usize = 14;

/// Term index of a cell with a four and an open three.
pub(crate) const FOUR_THREE: usize = 11;
/// Term index of a cell with two fours.
pub(crate) const DOUBLE_FOUR: usize = 12;
/// Term index of a cell with two open threes.
pub(crate) const DOUBLE_THREE: usize = 13;

/// Number of threat masks: six bits, as
/// [`super::position::Position::threat_mask`] sets them.
pub(crate) const THREAT_MASKS: usize = 64;

/// The weights of the evaluation, in fifths of an evaluation unit.
pub(crate) struct Weights {
    /// What an empty cell is worth, by its combination of line patterns.
    pub(crate) cells: Cells,
    /// What each threat mask adds, from the side to move's view.
    pub(crate) threats: [i32; THREAT_MASKS],
}

/// What an empty cell is worth to the side to move and to the side
/// waiting (subtracted), both non-negative.
pub(crate) enum Cells {
    /// The sum of per-term weights: one per pattern and per combination
    /// term, for each role.
    Terms {
        /// Terms of the side to move.
        mover: [i32; TERMS],
        /// Terms of the side waiting.
        waiter: [i32; TERMS],
    },
    /// A value of its own for every combination ([`combo_index`]), as the
    /// side to move and as the side waiting. The values include the
    /// combination terms, so only rules where they always count (not
    /// renju) have such a table.
    Combos(&'static [[i32; 2]; COMBOS]),
}

impl Cells {
    /// The values of combination `index`, as the side to move and as the
    /// side waiting; `combos` as in [`cell_terms`].
    pub(crate) fn value(&self, index: usize, combos: bool) -> [i32; 2] {
        match self {
            Cells::Terms { mover, waiter } => {
                let terms = cell_terms(combo_codes(index), combos);
                [mover, waiter].map(|w| terms.iter().zip(w).map(|(&n, &w)| i32::from(n) * w).sum())
            }
            Cells::Combos(table) => table[index],
        }
    }
}

/// Weights are in fifths of the evaluation's unit: the many weak patterns
/// (ones and twos, hundreds on a board) need the resolution.
pub(crate) const EVAL_UNIT: i32 = 5;

/// The hand-set weights, in fifths of a unit (see [`EVAL_UNIT`]): the
/// rules without a fit of their own use them.
pub(crate) const HAND_WEIGHTS: Weights = Weights {
    cells: Cells::Terms {
        mover: [
            0, 0, 6, 12, 24, 30, 72, 240, 300, 2400, 30000, 3000, 4800, 1800,
        ],
        waiter: [
            0, 0, 5, 10, 20, 25, 60, 200, 250, 2000, 25000, 2500, 4000, 1500,
        ],
    },
    threats: [0; THREAT_MASKS],
};

/// The sets of weights: freestyle's fitted ones, then the hand-set ones.
const WEIGHT_SETS: [&Weights; 2] = [&freestyle::WEIGHTS, &HAND_WEIGHTS];

/// Which of [`WEIGHT_SETS`] `rule` uses.
fn weight_set(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        _ => 1,
    }
}

/// The weights the engine uses under `rule`.
pub(crate) fn weights(rule: Rule) -> &'static Weights {
    WEIGHT_SETS[weight_set(rule)]
}

/// How many times each term occurs on one cell for one colour, given its four
/// line patterns. `combos` is false where two fours or two threes do not
/// count (renju black: they are forbidden).
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

/// Number of combinations of four line patterns in any order (multisets of
/// four of the 11 pattern codes).
pub(crate) const COMBOS: usize = 1001;

/// `CHOOSE[k][n]` is n choose k, for the combinatorial number system.
const CHOOSE: [[u16; 14]; 5] = {
    let mut t = [[0u16; 14]; 5];
    let mut n = 0;
    while n < 14 {
        t[0][n] = 1;
        let mut k = 1;
        while k < 5 {
            t[k][n] = if n == 0 {
                0
            } else {
                t[k - 1][n - 1] + t[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The index of the combination of four pattern codes, given in any order:
/// sorted, `a ≤ b ≤ c ≤ d` is the set `{a, b+1, c+2, d+3}`, ranked.
#[inline]
pub(crate) fn combo_index(codes: [u8; 4]) -> usize {
    let [mut a, mut b, mut c, mut d] = codes.map(usize::from);
    (a, b) = (a.min(b), a.max(b));
    (c, d) = (c.min(d), c.max(d));
    (a, c) = (a.min(c), a.max(c));
    (b, d) = (b.min(d), b.max(d));
    (b, c) = (b.min(c), b.max(c));
    usize::from(CHOOSE[1][a] + CHOOSE[2][b + 1] + CHOOSE[3][c + 2] + CHOOSE[4][d + 3])
}

/// The four pattern codes of combination `index`, weakest first.
pub(crate) fn combo_codes(index: usize) -> [u8; 4] {
    let mut codes = [0u8; 4];
    let mut rest = index as u16;
    let mut top = 13;
    for k in (1..=4).rev() {
        while CHOOSE[k][top] > rest {
            top -= 1;
        }
        rest -= CHOOSE[k][top];
        codes[k - 1] = (top - (k - 1)) as u8;
    }
    codes
}

/// Buckets of [`nearness`].
pub(crate) const NEARNESS: usize = 16;

/// How near a cell at `p` is to the stone at `to`: the larger of their row
/// and column distances, at most 7, plus 8 when they share a line; 0 when
/// there is no such stone.
pub(crate) fn nearness(p: Point, to: Option<Point>) -> usize {
    let Some(to) = to else { return 0 };
    let (dx, dy) = (p.x().abs_diff(to.x()), p.y().abs_diff(to.y()));
    let on_line = dx == 0 || dy == 0 || dx == dy;
    usize::from(dx.max(dy).min(7)) + if on_line { 8 } else { 0 }
}

/// What the move-ordering score of a cell is read from, for the side to
/// move: the combination index ([`combo_index`]) of its own line patterns
/// there and of the opponent's, and its [`nearness`] to the last stone and
/// to the mover's own previous stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveFeatures {
    pub(crate) own: u16,
    pub(crate) theirs: u16,
    pub(crate) near_last: u8,
    pub(crate) near_own: u8,
}

/// Number of move-ordering parameters: each combination as the mover's
/// own and as the opponent's, then each nearness to the last stone and to
/// the mover's previous one.
#[cfg(any(test, feature = "tuning"))]
pub(crate) const MOVE_PARAMS: usize = 2 * COMBOS + 2 * NEARNESS;

impl MoveFeatures {
    /// The features of a cell from its patterns; nearness as in
    /// [`nearness`].
    pub(crate) fn new(own: [u8; 4], theirs: [u8; 4], near_last: usize, near_own: usize) -> Self {
        MoveFeatures {
            own: combo_index(own) as u16,
            theirs: combo_index(theirs) as u16,
            near_last: near_last as u8,
            near_own: near_own as u8,
        }
    }

    /// The indexes of the parameters that make up the score, each below
    /// [`MOVE_PARAMS`].
    #[cfg(any(test, feature = "tuning"))]
    pub(crate) fn params(self) -> [usize; 4] {
        [
            usize::from(self.own),
            COMBOS + usize::from(self.theirs),
            2 * COMBOS + usize::from(self.near_last),
            2 * COMBOS + NEARNESS + usize::from(self.near_own),
        ]
    }

    /// The move-ordering score: the log-odds, in hundredths, that a strong
    /// player picks this cell rather than another ([`policy`]).
    pub(crate) fn score(self) -> i32 {
        let [own, theirs] = [self.own, self.theirs].map(usize::from);
        i32::from(policy::COMBO_SCORES[own][0])
            + i32::from(policy::COMBO_SCORES[theirs][1])
            + i32::from(policy::NEAR_SCORES[0][usize::from(self.near_last)])
            + i32::from(policy::NEAR_SCORES[1][usize::from(self.near_own)])
    }
}

/// Move-ordering parameter `k` (below [`MOVE_PARAMS`], as
/// [`MoveFeatures::params`] numbers them), in hundredths.
#[cfg(any(test, feature = "tuning"))]
pub(crate) fn move_param(k: usize) -> i32 {
    i32::from(if k < 2 * COMBOS {
        policy::COMBO_SCORES[k % COMBOS][k / COMBOS]
    } else {
        let n = k - 2 * COMBOS;
        policy::NEAR_SCORES[n / NEARNESS][n % NEARNESS]
    })
}

/// One colour's value of every combination, packed as the side to move
/// (low 32 bits) and as the side waiting (high 32 bits), so that the
/// position's sums update in one addition.
pub(crate) struct CellValues {
    /// By [`combo_index`].
    packed: Box<[u64; COMBOS]>,
}

impl CellValues {
    /// The packed values of the combination of four pattern codes.
    pub(crate) fn get(&self, codes: [u8; 4]) -> u64 {
        self.packed[combo_index(codes)]
    }

    /// The values of every combination under `weights` (with the
    /// combination terms if `combos`).
    fn new(weights: &Weights, combos: bool) -> CellValues {
        let mut packed = Box::new([0u64; COMBOS]);
        for (index, value) in packed.iter_mut().enumerate() {
            let [mover, waiter] = weights
                .cells
                .value(index, combos)
                .map(|v| u64::try_from(v).expect("cell values are non-negative"));
            *value = mover | waiter << 32;
        }
        CellValues { packed }
    }

    /// The value of combination `index`, as the side to move and as the
    /// side waiting.
    #[cfg(test)]
    pub(crate) fn values(&self, index: usize) -> (i32, i32) {
        let p = self.packed[index];
        (p as u32 as i32, (p >> 32) as i32)
    }
}

/// How many tables of cell values there are: one per set of weights with
/// the combination terms and one without.
pub(crate) const VALUE_TABLES: usize = 2 * WEIGHT_SETS.len();

/// Which table of cell values a colour uses under `rule`; `combos` as in
/// [`cell_terms`].
pub(crate) fn values_table(rule: Rule, combos: bool) -> usize {
    2 * weight_set(rule) + usize::from(combos)
}

/// The cell values of a colour under `rule`; `combos` as in [`cell_terms`].
pub(crate) fn cell_values(rule: Rule, combos: bool) -> &'static CellValues {
    static TABLES: [OnceLock<CellValues>; VALUE_TABLES] = [const { OnceLock::new() }; VALUE_TABLES];
    TABLES[values_table(rule, combos)].get_or_init(|| CellValues::new(weights(rule), combos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_has_one_index_whatever_the_order() {
        let mut seen = [false; COMBOS];
        for a in 0..11u8 {
            for b in a..11 {
                for c in b..11 {
                    for d in c..11 {
                        let k = combo_index([a, b, c, d]);
                        assert!(!seen[k], "{a} {b} {c} {d}");
                        seen[k] = true;
                        assert_eq!(combo_codes(k), [a, b, c, d]);
                        assert_eq!(combo_index([d, b, a, c]), k);
                        assert_eq!(combo_index([c, d, b, a]), k);
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn a_combination_is_worth_its_terms() {
        let (b4, f3, f2) = (Pattern::B4 as u8, Pattern::F3 as u8, Pattern::F2 as u8);
        for rule in Rule::ALL {
            let Cells::Terms { mover, waiter } = &weights(rule).cells else {
                continue;
            };
            let fifths = |w: &[i32; TERMS]| w[8] + w[7] + w[5] + w[0] + w[FOUR_THREE];
            assert_eq!(
                cell_values(rule, true).values(combo_index([f2, b4, 0, f3])),
                (fifths(mover), fifths(waiter)),
                "{rule}"
            );
            let double = |w: &[i32; TERMS]| 2 * w[7] + 2 * w[0] + w[DOUBLE_THREE];
            assert_eq!(
                cell_values(rule, true).values(combo_index([f3, 0, f3, 0])),
                (double(mover), double(waiter)),
                "{rule}"
            );
            let plain = |w: &[i32; TERMS]| 2 * w[7] + 2 * w[0];
            assert_eq!(
                cell_values(rule, false).values(combo_index([f3, 0, f3, 0])),
                (plain(mover), plain(waiter)),
                "{rule}"
            );
        }
    }

    #[test]
    fn every_rule_has_non_negative_cell_values_and_its_tables_build() {
        for rule in Rule::ALL {
            for combos in [false, true] {
                let cells = &weights(rule).cells;
                assert!(
                    (0..COMBOS).all(|k| cells.value(k, combos).iter().all(|&v| v >= 0)),
                    "{rule}"
                );
                cell_values(rule, combos);
            }
        }
    }

    #[test]
    fn a_move_score_is_the_sum_of_its_parameters() {
        let (b4, f3, f2) = (Pattern::B4 as u8, Pattern::F3 as u8, Pattern::F2 as u8);
        for (own, theirs, near_last, near_own) in [
            ([0, 0, 0, 0], [0, 0, 0, 0], 0, 0),
            ([b4, f3, f2, 0], [f2, f2, 0, 0], 9, 3),
            ([f3, f3, 0, 0], [b4, 0, 0, 0], 15, 7),
        ] {
            let f = MoveFeatures::new(own, theirs, near_last, near_own);
            let sum: i32 = f.params().into_iter().map(move_param).sum();
            assert_eq!(f.score(), sum);
            assert!(f.params().iter().all(|&k| k < MOVE_PARAMS));
        }
    }

    #[test]
    fn nearness_is_the_king_distance_capped_and_marks_shared_lines() {
        let p = |x, y| Point::new(x, y);
        assert_eq!(nearness(p(7, 7), None), 0);
        assert_eq!(nearness(p(7, 7), Some(p(8, 9))), 2);
        assert_eq!(nearness(p(7, 7), Some(p(9, 9))), 8 + 2);
        assert_eq!(nearness(p(7, 7), Some(p(7, 3))), 8 + 4);
        assert_eq!(nearness(p(0, 0), Some(p(14, 3))), 7);
        assert_eq!(nearness(p(0, 0), Some(p(14, 14))), 8 + 7);
    }

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
