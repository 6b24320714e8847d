//! The standalone threat solvers' entry points, and the VCF (victory by
//! continuous fours) search: every attacking move is a four, so the
//! defender's replies are forced and a plain depth-first search with a
//! table of failures is exact. VCT, which also attacks with threes, is in
//! [`super::vct`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::position::Position;
use crate::{Color, Game, Point, Rule};

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
        0,
        Attacker::ToMove,
        &SolveLimits::new(max_attacks, max_nodes),
    )
    .0
}

/// Looks for a VCT (victory by continuous threats) for the side to move,
/// with at most `max_attacks` attacking moves and `max_nodes` nodes (0 = no
/// limit). A threat is a four, or a move after which, were the defender to
/// pass, the attacker would win by at most `threat_limit` fours: 1 admits
/// open threes, 2 also moves that prepare a four-three (0 is taken as 1).
/// Every defence that could stop the threatened fours is tried, the
/// defender's own fours included, so a win found is forced; the line
/// returned follows one of the defences.
///
/// ```
/// use gomoku::ai::{solve_vct, VcfResult};
/// use gomoku::{notation::parse_moves, Game, Rule};
/// // Black h8 i8 and j9 j10, white in the corners: j8 makes two open threes.
/// let game = Game::from_moves(15, Rule::Freestyle, &parse_moves("h8 a1 i8 o1 j9 a15 j10 o15").unwrap()).unwrap();
/// assert!(matches!(solve_vct(&game, 3, 1, 0), VcfResult::Win(_)));
/// assert_eq!(solve_vct(&game, 1, 1, 0), VcfResult::NoWin);
/// ```
pub fn solve_vct(game: &Game, max_attacks: u32, threat_limit: u32, max_nodes: u64) -> VcfResult {
    solve(
        game,
        threat_limit.max(1),
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

/// Solves for a win by threats that threaten a VCF of at most
/// `threat_limit` fours: 0 is a VCF, 1 a VCT by fours and threes, 2 also
/// by four-three preparations (tried after 1, which is cheaper). Returns the
/// result and the nodes searched.
pub(crate) fn solve(
    game: &Game,
    threat_limit: u32,
    attacker: Attacker,
    limits: &SolveLimits,
) -> (VcfResult, u64) {
    let mut pos = Position::new(game);
    if attacker == Attacker::Opponent {
        pos.pass();
    }
    let mut budget = Budget::new(limits);
    let found = if threat_limit == 0 {
        Vcf::new(pos.side()).find(&mut pos, &mut budget, limits.attacks)
    } else {
        let mut found = Ok(None);
        for limit in 1..=threat_limit {
            found = super::vct::prove(&mut pos, &mut budget, limits.attacks, limit);
            if found != Ok(None) {
                break;
            }
        }
        found
    };
    let result = match found {
        Ok(Some(line)) => VcfResult::Win(line.into_iter().map(Position::point).collect()),
        Ok(None) => VcfResult::NoWin,
        Err(Aborted) => VcfResult::Aborted,
    };
    (result, budget.nodes)
}

/// A solve ran out of nodes or time, or was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Aborted;

/// The nodes, time and stop flag one solve shares among its searches.
pub(crate) struct Budget<'a> {
    /// Nodes searched so far.
    pub nodes: u64,
    max_nodes: u64,
    stop: Option<&'a AtomicBool>,
    deadline: Option<Instant>,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &SolveLimits<'a>) -> Budget<'a> {
        Budget {
            nodes: 0,
            max_nodes: limits.nodes,
            stop: limits.stop,
            deadline: limits.deadline,
        }
    }

    /// Counts a node; `Err` when a limit forbids it.
    pub(crate) fn tick(&mut self) -> Result<(), Aborted> {
        let out = (self.max_nodes > 0 && self.nodes >= self.max_nodes)
            || (self.nodes.is_multiple_of(1024)
                && (self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                    || self.deadline.is_some_and(|d| Instant::now() >= d)));
        if out {
            return Err(Aborted);
        }
        self.nodes += 1;
        Ok(())
    }
}

/// VCF searches for one attacker, remembering across calls the positions
/// that have none.
pub(crate) struct Vcf {
    attacker: Color,
    /// Positions with no VCF, by the largest number of fours that failed.
    failed: HashMap<u64, u32>,
    line: Vec<usize>,
    /// The attacks of every node on the current line, each node's above its
    /// parent's: the search allocates nothing once this has grown.
    attacks: Vec<usize>,
}

impl Vcf {
    /// VCF searches for `attacker`.
    pub(crate) fn new(attacker: Color) -> Vcf {
        Vcf {
            attacker,
            failed: HashMap::new(),
            line: Vec::new(),
            attacks: Vec::new(),
        }
    }

    /// With the attacker to move in `pos`, a win by at most `fours` attacks
    /// (counted up to the one that cannot be answered): the line, attacker
    /// first, alternating with the forced replies, ending with the five.
    pub(crate) fn find(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        fours: u32,
    ) -> Result<Option<Vec<usize>>, Aborted> {
        debug_assert_eq!(pos.side(), self.attacker);
        self.line.clear();
        Ok(self.attack(pos, budget, fours)?.then(|| self.line.clone()))
    }

    /// Whether the attacker (to move) wins by fours within `fours` attacks.
    fn attack(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        fours: u32,
    ) -> Result<bool, Aborted> {
        budget.tick()?;
        let me = self.attacker;
        let them = me.opponent();
        if fours == 0 {
            return Ok(false);
        }
        if let Some(five) = pos.five_points(me).next() {
            self.line.push(five);
            return Ok(true);
        }
        if self.failed.get(&pos.hash()).is_some_and(|&f| f >= fours) {
            return Ok(false);
        }
        let their_fives = first_two(pos.five_points(them));
        if fours == 1 && their_fives.0.is_none() && pos.rule() != Rule::Renju {
            // The last attack must be an open four or two fours.
            let Some(m) = pos.flex_four_point(me) else {
                return Ok(false);
            };
            pos.make(m);
            let (a, b) = first_two(pos.five_points(me));
            pos.unmake();
            self.line
                .extend([m, a.expect("a flex four"), b.expect("a flex four")]);
            return Ok(true);
        }
        let start = self.attacks.len();
        match their_fives {
            (None, _) => {
                self.attacks.extend(pos.four_points(me));
                // Flex fours first, then fours near the last attack.
                let last = self.line.iter().rev().nth(1).copied();
                self.attacks[start..].sort_by_key(|&i| {
                    let t = pos.threat(i, me);
                    let distance = last.map_or(0, |l| chebyshev(l, i));
                    (!t.is_flex_four(), distance, i)
                });
            }
            // Their four must be blocked, and the block must itself be a four.
            (Some(block), None) if pos.threat(block, me).is_four() => self.attacks.push(block),
            _ => {}
        }
        let won = self.try_attacks(pos, budget, fours, start);
        self.attacks.truncate(start);
        if won == Ok(false) {
            self.failed.insert(pos.hash(), fours);
        }
        won
    }

    /// Tries the attacks stacked from `start` in turn.
    fn try_attacks(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        fours: u32,
        start: usize,
    ) -> Result<bool, Aborted> {
        for k in start..self.attacks.len() {
            let m = self.attacks[k];
            if !pos.is_legal(m) {
                continue;
            }
            pos.make(m);
            self.line.push(m);
            let won = self.defend(pos, budget, fours - 1);
            pos.unmake();
            if won != Ok(false) {
                return won;
            }
            self.line.pop();
        }
        Ok(false)
    }

    /// The defender (to move) answers the four just made.
    fn defend(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        fours: u32,
    ) -> Result<bool, Aborted> {
        let me = self.attacker;
        let (block, second) = first_two(pos.five_points(me));
        if let (Some(a), Some(b)) = (block, second) {
            self.line.extend([a, b]);
            return Ok(true);
        }
        if pos.has_five_point(pos.side()) {
            return Ok(false); // the defender makes five first
        }
        let Some(block) = block else {
            return Ok(false); // not a four
        };
        self.line.push(block);
        if !pos.is_legal(block) {
            // Renju: black's only block is forbidden; white plays five.
            return Ok(true);
        }
        pos.make(block);
        let won = self.attack(pos, budget, fours);
        pos.unmake();
        if won == Ok(false) {
            self.line.pop();
        }
        won
    }
}

/// The first two items of `cells`.
fn first_two(mut cells: impl Iterator<Item = usize>) -> (Option<usize>, Option<usize>) {
    let first = cells.next();
    (first, first.and_then(|_| cells.next()))
}

/// The larger of the column and row distances between two cells.
fn chebyshev(a: usize, b: usize) -> usize {
    let (pa, pb) = (Position::point(a), Position::point(b));
    (pa.x().abs_diff(pb.x())).max(pa.y().abs_diff(pb.y())) as usize
}
