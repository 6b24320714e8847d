//! Evaluation weights for freestyle, fitted to the results of 39671 games by
//! `gomoku tune` (held-out cross-entropy 0.58213 -> 0.40168). Generated:
//! fit again rather than edit.

use super::Weights;

/// The fitted weights, in fifths of a unit.
#[rustfmt::skip]
pub(crate) const WEIGHTS: Weights = Weights {
    mover: [10, 0, 4, 0, 22, 30, 178, 491, 861, 2400, 30000, 7810, 4800, 0],
    waiter: [11, 0, 0, 0, 9, 18, 155, 380, 994, 1614, 25000, 1927, 0, 0],
    threats: [
        -257, -441, 8988, 7364, 1354, 549, 1538, 2425,
        0, 0, 0, 0, -329, -492, -3030, -1584,
        778, 1497, 9079, 6897, 309, 1486, -2504, 1333,
        0, 0, 0, 0, -3825, 37, -5890, 184,
        0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0,
    ],
};
