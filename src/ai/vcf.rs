//! A standalone threat solver: VCF (victory by continuous fours), where
//! every attacking move is a four, so the defender's replies are forced and
//! a plain depth-first search with a table of failures is exact; and VCT,
//! which also attacks with open threes and tries every defence against them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::pattern::Pattern;
use super::position::Position;
use crate::{Color, Game, Point};

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VcfResult {
    /// A win: the line, attacker first, alternating with the forced replies,
    /// ending with the five.
    Win(Vec<Point>),
    /// No VCF within the limits.
    NoWin,
    /// The node budget ran out first.
    Aborted,
}

/// Looks for a VCF for the side to move in `game` with at most `max_attacks`
/// attacking moves, counted up to the one that cannot be answered (a five, an
/// open four or double four, or a four whose block is forbidden for black),
/// and at most `max_nodes` nodes (0 = no limit).
///
/// ```
/// use gomoku::ai::{solve_vcf, VcfResult};
/// use gomoku::{notation::parse_moves, Game, Rule};
/// // Black h8 i8 j8 with white far away: k8 or g8 make an open four.
/// let game = Game::from_moves(15, Rule::Freestyle, &parse_moves("h8 a1 i8 a3 j8 a5").unwrap()).unwrap();
/// let VcfResult::Win(line) = solve_vcf(&game, 4, 0) else { panic!() };
/// assert_eq!(line.len(), 3);
/// ```
pub fn solve_vcf(game: &Game, max_attacks: u32, max_nodes: u64) -> VcfResult {
    solve(
        game,
        false,
        Attacker::ToMove,
        &SolveLimits::new(max_attacks, max_nodes),
    )
    .0
}

/// Looks for a VCT (victory by continuous threats: fours and open threes)
/// for the side to move, with at most `max_attacks` attacking moves and
/// `max_nodes` nodes (0 = no limit). Every defence against each three is
/// tried (the defender's own fours included), so a win found is forced; the
/// line returned follows one of the defences. Shorter wins are looked for
/// first.
///
/// ```
/// use gomoku::ai::{solve_vct, VcfResult};
/// use gomoku::{notation::parse_moves, Game, Rule};
/// // Black h8 i8 and j9 j10, white in the corners: j8 makes two open threes.
/// let game = Game::from_moves(15, Rule::Freestyle, &parse_moves("h8 a1 i8 o1 j9 a15 j10 o15").unwrap()).unwrap();
/// assert!(matches!(solve_vct(&game, 3, 0), VcfResult::Win(_)));
/// assert_eq!(solve_vct(&game, 1, 0), VcfResult::NoWin);
/// ```
pub fn solve_vct(game: &Game, max_attacks: u32, max_nodes: u64) -> VcfResult {
    solve(
        game,
        true,
        Attacker::ToMove,
        &SolveLimits::new(max_attacks, max_nodes),
    )
    .0
}

/// Whose win a solve looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Attacker {
    /// The side to move.
    ToMove,
    /// The other side, as if the side to move passed: what it threatens.
    Opponent,
}

/// How far one solve may go.
pub(crate) struct SolveLimits<'a> {
    /// Attacking moves in the win.
    pub attacks: u32,
    /// Nodes (0 = no limit).
    pub nodes: u64,
    /// Raised from another thread to stop the solve.
    pub stop: Option<&'a AtomicBool>,
    /// Time to give up.
    pub deadline: Option<Instant>,
}

impl SolveLimits<'_> {
    /// Limits on attacks and nodes only.
    pub(crate) fn new(attacks: u32, nodes: u64) -> SolveLimits<'static> {
        SolveLimits {
            attacks,
            nodes,
            stop: None,
            deadline: None,
        }
    }
}

/// Solves for a VCF (`threes` false) or VCT; returns the result and the nodes searched.
pub(crate) fn solve(
    game: &Game,
    threes: bool,
    attacker: Attacker,
    limits: &SolveLimits,
) -> (VcfResult, u64) {
    let mut solver = Solver::new(game, threes, limits);
    if attacker == Attacker::Opponent {
        solver.pos.pass();
        solver.attacker = solver.pos.side();
    }
    // VCT deepens the attack budget, so shorter wins come first; VCF goes
    // straight to the full budget, its forced lines being cheap.
    let first = if threes { 1 } else { limits.attacks };
    let mut result = VcfResult::NoWin;
    for budget in first..=limits.attacks {
        result = solver.solve(budget);
        if result != VcfResult::NoWin {
            break;
        }
    }
    (result, solver.nodes)
}

struct Solver<'a> {
    /// Open threes count as attacks too (VCT), not only fours (VCF).
    threes: bool,
    pos: Position,
    attacker: Color,
    /// Positions with no VCF, by the largest attack budget that failed.
    failed: HashMap<u64, u32>,
    nodes: u64,
    max_nodes: u64,
    stop: Option<&'a AtomicBool>,
    deadline: Option<Instant>,
    line: Vec<usize>,
}

impl<'a> Solver<'a> {
    fn new(game: &Game, threes: bool, limits: &SolveLimits<'a>) -> Solver<'a> {
        Solver {
            threes,
            pos: Position::new(game),
            attacker: game.side_to_move(),
            failed: HashMap::new(),
            nodes: 0,
            max_nodes: limits.nodes,
            stop: limits.stop,
            deadline: limits.deadline,
            line: Vec::new(),
        }
    }

    /// Whether a limit other than the attack budget stops another node.
    fn out_of_limits(&self) -> bool {
        (self.max_nodes > 0 && self.nodes >= self.max_nodes)
            || (self.nodes.is_multiple_of(1024)
                && (self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
    }

    fn solve(&mut self, budget: u32) -> VcfResult {
        self.line.clear();
        match self.attack(budget) {
            Some(true) => VcfResult::Win(self.line.iter().map(|&i| Position::point(i)).collect()),
            Some(false) => VcfResult::NoWin,
            None => VcfResult::Aborted,
        }
    }

    /// Whether a move on `i` is an attack: a four, or (VCT) an open three.
    fn is_attack(&self, i: usize) -> bool {
        let t = self.pos.threat(i, self.attacker);
        t.is_four() || (self.threes && t.threes > 0)
    }

    /// Whether the attacker (to move) wins by fours within `budget` attacks;
    /// `None` when the node budget ran out.
    fn attack(&mut self, budget: u32) -> Option<bool> {
        if self.out_of_limits() {
            return None;
        }
        self.nodes += 1;
        let me = self.attacker;
        let them = me.opponent();
        if budget == 0 {
            return Some(false);
        }
        if let Some(&five) = self.pos.five_points(me, 1).first() {
            self.line.push(five);
            return Some(true);
        }
        if self
            .failed
            .get(&self.pos.hash())
            .is_some_and(|&b| b >= budget)
        {
            return Some(false);
        }
        let their_fives = self.pos.five_points(them, 2);
        let attacks: Vec<usize> = match their_fives[..] {
            [] => {
                let mut attacks = if self.threes {
                    self.pos
                        .empty_cells()
                        .filter(|&i| self.is_attack(i))
                        .collect()
                } else {
                    self.pos.four_points(me)
                };
                // Flex fours first, then fours, then threes, near the last attack.
                let last = self.line.iter().rev().nth(1).copied();
                attacks.sort_by_key(|&i| {
                    let t = self.pos.threat(i, me);
                    let distance = last.map_or(0, |l| chebyshev(l, i));
                    (!t.is_flex_four(), !t.is_four(), distance, i)
                });
                attacks
            }
            // Their four must be blocked, and the block must itself attack.
            [block] if self.is_attack(block) => vec![block],
            _ => Vec::new(),
        };
        for m in attacks {
            if !self.pos.is_legal(m) {
                continue;
            }
            self.pos.make(m);
            self.line.push(m);
            let won = self.defend(budget - 1);
            if won != Some(false) {
                self.pos.unmake();
                return won;
            }
            self.line.pop();
            self.pos.unmake();
        }
        self.failed.insert(self.pos.hash(), budget);
        Some(false)
    }

    /// The defender (to move) answers the four just made.
    fn defend(&mut self, budget: u32) -> Option<bool> {
        let me = self.attacker;
        let blocks = self.pos.five_points(me, 2);
        if blocks.len() >= 2 {
            self.line.push(blocks[0]);
            self.line.push(blocks[1]);
            return Some(true);
        }
        if self.pos.has_five_point(self.pos.side()) {
            return Some(false); // the defender makes five first
        }
        let Some(&block) = blocks.first() else {
            return self.defend_three(budget);
        };
        if !self.pos.is_legal(block) {
            // Renju: black's only block is forbidden; white plays five.
            self.line.push(block);
            return Some(true);
        }
        self.pos.make(block);
        self.line.push(block);
        let won = self.attack(budget);
        if won == Some(false) {
            self.line.pop();
        }
        self.pos.unmake();
        won
    }
}

impl Solver<'_> {
    /// The defender (to move) answers an open three: every move on the
    /// three's lines and every four of its own must lose.
    fn defend_three(&mut self, budget: u32) -> Option<bool> {
        let me = self.attacker;
        let them = me.opponent();
        if !self.threes || self.pos.flex_four_point(me).is_none() {
            return Some(false); // not a threat
        }
        let defences: Vec<usize> = self
            .pos
            .empty_cells()
            .filter(|&i| {
                self.pos.threat(i, me).best >= Pattern::B4 || self.pos.threat(i, them).is_four()
            })
            .filter(|&i| self.pos.is_legal(i))
            .collect();
        let mark = self.line.len();
        for d in defences {
            self.line.truncate(mark);
            self.pos.make(d);
            self.line.push(d);
            let won = self.attack(budget);
            self.pos.unmake();
            if won != Some(true) {
                self.line.truncate(mark);
                return won;
            }
        }
        Some(true)
    }
}

fn chebyshev(a: usize, b: usize) -> usize {
    let (pa, pb) = (Position::point(a), Position::point(b));
    (pa.x.abs_diff(pb.x)).max(pa.y.abs_diff(pb.y)) as usize
}
