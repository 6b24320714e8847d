//! The threat solvers: wins by continuous fours ([`vcf`]) and by
//! continuous threats ([`vct`]), their entry points, and the budget of
//! nodes, time and stop flag one solve shares among its searches.

mod vcf;
mod vct;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::position::Position;
use crate::{Game, Point};
pub(crate) use vcf::Vcf;

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
/// // j8, then an open four: two attacks.
/// assert!(matches!(solve_vct(&game, 2, 1, 0), VcfResult::Win(_)));
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
            found = vct::prove(&mut pos, &mut budget, limits.attacks, limit);
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

/// A table keyed by Zobrist hashes: they are random already, so a key is
/// its own hash.
pub(crate) type HashTable<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// The hasher of a [`HashTable`]: the `u64` key itself.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}
