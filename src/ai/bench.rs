//! The bench: a fixed set of positions per rule searched to a fixed depth
//! with a fixed table size. Its node count changes only when the search
//! changes, so every search commit states the new `Bench:` number.

use std::time::{Duration, Instant};

use super::position::Position;
use super::{AiOptions, Engine, Score};
use crate::notation::parse_moves;
use crate::{Game, Rule};

/// The bench positions: rule and moves from an empty 15×15 board (one on 20×20).
const POSITIONS: [(Rule, usize, &str); 10] = [
    (Rule::Freestyle, 15, "h8 i9 i8 g8 j10 j9 k9 h10"),
    (Rule::Freestyle, 15, "h8 h9 i9 g7 j10 k11 i7 i8 j8"),
    (
        Rule::Freestyle,
        15,
        "l14 i13 h11 g10 h9 j12 k11 j10 j11 i11 k12",
    ),
    (Rule::Freestyle, 20, "j10 k11 k10 i10 l11 j11 l9 l10 m10"),
    (Rule::Standard, 15, "h8 i9 g9 i7 i8 g7 h7 h6"),
    (Rule::Standard, 15, "h8 i8 h9 h10 g9 i9 f10 e11 g10"),
    (Rule::Renju, 15, "h8 i9 j8 i7 i8 g8 j10 j9"),
    (Rule::Renju, 15, "h8 h9 i9 g7 i8 i7 j7 k6 g9"),
    (Rule::Caro, 15, "h8 i9 i8 g8 j10 j9 k9 h10"),
    (Rule::Caro, 15, "h8 g9 i9 i8 j10 k11 g8 j9"),
];

/// The bench depth used when none is given: deep enough for the singular
/// extension, which starts at depth 7, to be searched below the root.
pub const BENCH_DEPTH: u32 = 8;

/// What a bench run measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Wall time over all positions.
    pub elapsed: Duration,
    /// A hash of every position's node count and score: equal signatures mean
    /// the same search.
    pub signature: u32,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> u64 {
        self.nodes * 1_000_000 / self.elapsed.as_micros().max(1) as u64
    }
}

/// The bench positions as games.
fn games() -> impl Iterator<Item = Game> {
    POSITIONS.into_iter().map(|(rule, size, moves)| {
        Game::from_moves(size, rule, &parse_moves(moves).expect("bench moves parse"))
            .expect("bench positions are legal")
    })
}

/// Searches every bench position to `depth` with a fresh 16 MiB table each.
/// The pattern and threat tables are built before the clock starts.
pub fn bench(depth: u32) -> BenchResult {
    for rule in Rule::ALL {
        // A position builds its rule's tables.
        Position::new(&Game::new(15, rule).expect("15 is a board size"));
    }
    let start = Instant::now();
    let mut nodes = 0;
    let mut signature: u32 = 0x811C_9DC5;
    for game in games() {
        let options = AiOptions {
            max_depth: Some(depth),
            table_mib: super::DEFAULT_TABLE_MIB,
            ..AiOptions::default()
        };
        let reply = Engine::new()
            .best_move(&game, &options)
            .expect("bench positions are ongoing");
        nodes += reply.nodes;
        let score = match reply.score {
            Score::Value(v) => v as i64,
            Score::Win(n) => 100_000 - n as i64,
            Score::Loss(n) => n as i64 - 100_000,
        };
        for word in [
            reply.nodes,
            score as u64,
            reply.point.x() as u64 * 32 + reply.point.y() as u64,
        ] {
            for byte in word.to_le_bytes() {
                signature = (signature ^ byte as u32).wrapping_mul(0x0100_0193);
            }
        }
    }
    BenchResult {
        nodes,
        elapsed: start.elapsed(),
        signature,
    }
}

/// Make+unmake pairs per second on the search board: every candidate move
/// (an empty cell near the stones) of every bench position played and taken
/// back, `rounds` times.
pub fn make_unmake_rate(rounds: u32) -> u64 {
    let mut positions: Vec<Position> = games().map(|g| Position::new(&g)).collect();
    let cells: Vec<Vec<usize>> = positions.iter().map(|p| p.candidates().collect()).collect();
    let start = Instant::now();
    let mut pairs = 0u64;
    for _ in 0..rounds {
        for (pos, cells) in positions.iter_mut().zip(&cells) {
            for &i in cells {
                pos.make(i);
                pos.unmake();
            }
            pairs += cells.len() as u64;
        }
    }
    pairs * 1_000_000 / start.elapsed().as_micros().max(1) as u64
}
