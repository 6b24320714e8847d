//! The classic teaching AIs of the course projects this library grew from:
//! score every empty point, play the best one.
//!
//! - The five-tuple scorer: every window of five points on a line is scored by
//!   the stones it holds (only one colour's stones, or none); a point's score
//!   is the sum over the windows through it.
//! - The pattern-weight player: each of the four lines through a point is read
//!   as a shape (five, open/blocked four, three, two, one) for both sides, and
//!   the point scores `attack + 0.9 × defence`. On top of the scores it
//!   looks for wins by continuous threats, its own and the opponent's
//!   ([`ThreatSense`]).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::pattern::{black_key, swap_colours, tables, Pattern};
use super::threats::{solve, Attacker, SolveLimits, VcfResult};
use crate::board::{index, Board, DIRECTIONS};
use crate::{Color, Game, Point, Rule};

/// Five-tuple scores for a window holding `n` stones of the mover (index `n`)
/// and none of the opponent; `[0]` is the empty window.
const OWN_TUPLE: [i64; 5] = [7, 35, 800, 15_000, 800_000];
/// Five-tuple scores for a window holding `n` opponent stones and none of the mover's.
const OTHER_TUPLE: [i64; 5] = [7, 15, 400, 1_800, 100_000];

/// Scores of every empty point for `me` by the five-tuple method, row by row.
pub(crate) fn five_tuple_scores(board: &Board, me: Color) -> Vec<(Point, i64)> {
    let n = board.size() as isize;
    let mut scores = vec![0i64; board.size() * board.size()];
    let steps: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    for y in 0..n {
        for x in 0..n {
            for (dx, dy) in steps {
                let (ex, ey) = (x + 4 * dx, y + 4 * dy);
                if !(0..n).contains(&ex) || !(0..n).contains(&ey) {
                    continue;
                }
                let window: Vec<Point> = (0..5)
                    .map(|k| Point::new((x + k * dx) as u8, (y + k * dy) as u8))
                    .collect();
                let own = window
                    .iter()
                    .filter(|&&p| board.stone(p) == Some(me))
                    .count();
                let other = window
                    .iter()
                    .filter(|&&p| board.stone(p) == Some(me.opponent()))
                    .count();
                // A full window (a five that did not win: standard's
                // overline, caro's five blocked at both ends) has no empty
                // point to score.
                let score = match (own, other) {
                    (k, 0) => OWN_TUPLE.get(k).copied().unwrap_or(0),
                    (0, k) => OTHER_TUPLE.get(k).copied().unwrap_or(0),
                    _ => 0,
                };
                for p in window {
                    scores[p.y() as usize * board.size() + p.x() as usize] += score;
                }
            }
        }
    }
    board
        .empty_points()
        .map(|p| (p, scores[p.y() as usize * board.size() + p.x() as usize]))
        .collect()
}

/// Weight of a line shape for the pattern-weight player (indexed by [`Pattern`]):
/// five 1,000,000; open four 100,000; blocked four 10,000; open three 8,000;
/// blocked three 1,000; open two 500; blocked two 100; open one 50.
const SHAPE_WEIGHT: [i64; 11] = [
    0, 0, 10, 50, 100, 500, 1_000, 8_000, 10_000, 100_000, 1_000_000,
];

/// Scores of every empty point for `me` by the pattern-weight method, row by row.
pub(crate) fn pattern_weight_scores(board: &Board, rule: Rule, me: Color) -> Vec<(Point, i64)> {
    let tables = tables(rule);
    let shape_score = |i: usize, color: Color| -> i64 {
        DIRECTIONS
            .into_iter()
            .map(|step| {
                let key = black_key(board, i, step);
                let key = if color == Color::White {
                    swap_colours(key)
                } else {
                    key
                };
                let pattern: Pattern = tables[color as usize - 1].get(key);
                SHAPE_WEIGHT[pattern as usize]
            })
            .sum()
    };
    board
        .empty_points()
        .map(|p| {
            let i = index(p);
            let attack = shape_score(i, me);
            let defence = shape_score(i, me.opponent());
            (p, attack + defence * 9 / 10)
        })
        .collect()
}

/// Attacking moves in a VCF the pattern-weight player looks for.
const VCF_ATTACKS: u32 = 12;
/// Attacking moves in a VCT it looks for, its own or the opponent's.
const VCT_ATTACKS: u32 = 5;
/// Nodes one solve may take.
const SOLVE_NODES: u64 = 50_000;
/// Best-scored points checked for safety when the opponent threatens a VCT.
const SAFETY_CANDIDATES: usize = 10;

/// The pattern-weight player's look at threat sequences, within one move's
/// limits (nodes in total, a deadline, a stop flag). Arena, 500 games from
/// random openings at 100 ms: with it, the player scores 77.8% and 79.2%
/// against the five-tuple scorer (two opening sets), 56.8% without.
pub(crate) struct ThreatSense<'a> {
    game: &'a Game,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    /// Nodes left of the move's budget, if it has one.
    nodes_left: Option<u64>,
    /// Nodes searched so far.
    pub nodes: u64,
}

impl<'a> ThreatSense<'a> {
    /// Threat solving for the side to move in `game`.
    pub(crate) fn new(
        game: &'a Game,
        stop: &'a AtomicBool,
        deadline: Option<Instant>,
        max_nodes: Option<u64>,
    ) -> ThreatSense<'a> {
        ThreatSense {
            game,
            stop,
            deadline,
            nodes_left: max_nodes,
            nodes: 0,
        }
    }

    /// The line by which `attacker` wins by continuous fours (or, with
    /// `threes`, fours and threes) in `game`; `None` when there is none or
    /// the limits ran out first.
    fn wins(&mut self, game: &Game, threes: bool, attacker: Attacker) -> Option<Vec<Point>> {
        let nodes = self.nodes_left.map_or(SOLVE_NODES, |n| n.min(SOLVE_NODES));
        if nodes == 0 || self.deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let limits = SolveLimits {
            attacks: if threes { VCT_ATTACKS } else { VCF_ATTACKS },
            nodes,
            stop: Some(self.stop),
            deadline: self.deadline,
        };
        let (result, used) = solve(game, u32::from(threes), attacker, &limits);
        self.nodes += used;
        self.nodes_left = self.nodes_left.map(|n| n.saturating_sub(used));
        match result {
            VcfResult::Win(line) => Some(line),
            _ => None,
        }
    }

    /// The first move of a win by continuous fours, else by threats.
    pub(crate) fn winning_move(&mut self) -> Option<Point> {
        let game = self.game;
        self.wins(game, false, Attacker::ToMove)
            .or_else(|| self.wins(game, true, Attacker::ToMove))
            .map(|line| line[0])
    }

    /// When the opponent threatens a win by continuous threats, the first of
    /// the `ranked` points (best first) after which it has none; `None` when
    /// there is no threat or no such point among the first few.
    pub(crate) fn safe_choice(&mut self, ranked: &[Point]) -> Option<Point> {
        let game = self.game;
        let threat = self.wins(game, true, Attacker::Opponent)?;
        ranked
            .iter()
            .take(SAFETY_CANDIDATES)
            .copied()
            .chain(threat.iter().step_by(2).copied())
            .find(|&p| {
                let mut after = game.clone();
                after.play(p).is_ok() && self.wins(&after, true, Attacker::ToMove).is_none()
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::Game;

    fn best(scores: &[(Point, i64)]) -> Point {
        scores
            .iter()
            .max_by_key(|(p, s)| (*s, std::cmp::Reverse(*p)))
            .unwrap()
            .0
    }

    #[test]
    fn an_empty_point_scores_seven_per_window_through_it() {
        let board = Board::new(15).unwrap();
        let scores = five_tuple_scores(&board, Color::Black);
        let at = |p: Point| scores.iter().find(|s| s.0 == p).unwrap().1;
        assert_eq!(at(Point::new(0, 0)), 3 * 7);
        assert_eq!(at(Point::new(7, 7)), 20 * 7);
    }

    #[test]
    fn both_methods_block_an_immediate_five() {
        let game = Game::from_moves(
            15,
            Rule::Freestyle,
            &parse_moves("a1 h8 a2 h9 a3 h10 a4").unwrap(),
        )
        .unwrap();
        // White to move: black threatens a5.
        for scores in [
            five_tuple_scores(game.board(), Color::White),
            pattern_weight_scores(game.board(), Rule::Freestyle, Color::White),
        ] {
            assert_eq!(best(&scores), "a5".parse().unwrap());
        }
    }
}
