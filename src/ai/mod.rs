//! The AI: one ladder of levels from the classic teaching heuristics to a
//! search engine.
//!
//! | level | player |
//! | --- | --- |
//! | 1 | five-tuple scorer (every window of five scored by its stones) |
//! | 2 | pattern weights, `attack + 0.9 × defence`; it plays wins by continuous fours and threes, and passes over points that leave the opponent one |
//! | 3, 4 | the search engine at depth 4 and 5, narrow |
//! | 5 | the search engine at full strength, bounded by time |
//!
//! Every level plays a five when it has one, blocks the opponent's five, and
//! never plays an illegal or (renju black) forbidden point.
//!
//! ```
//! use gomoku::ai::{AiOptions, Engine};
//! use gomoku::{Game, Rule};
//! use std::time::Duration;
//!
//! let mut game = Game::new(15, Rule::Freestyle).unwrap();
//! let mut engine = Engine::new();
//! let options = AiOptions { level: 4, time: Some(Duration::from_millis(200)), ..AiOptions::default() };
//! let reply = engine.best_move(&game, &options).unwrap();
//! game.play(reply.point).unwrap();
//! ```

mod bench;
mod classic;
mod eval;
mod hint;
mod lines;
mod movegen;
mod pattern;
mod position;
mod search;
pub mod selfplay;
pub mod stats;
mod threats;
mod timeman;
mod tt;
#[cfg(feature = "tuning")]
mod tune;
#[cfg(feature = "tuning")]
mod tune_policy;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use crate::board::index;
use crate::{Game, Point};
use position::Position;
use search::{Iteration, Limits, Search, MATE_BOUND, WIN};
pub use timeman::{Budget, Clock};
pub use tt::TableAllocationError;
use tt::TranspositionTable;

pub use bench::{bench, make_unmake_rate, BenchResult, BENCH_DEPTH};
pub use hint::{
    hint, Combination, ForcedWin, ForcedWinKind, Hint, PointReason, Shape, HINT_POINTS,
};
pub use threats::{solve_vcf, solve_vct, VcfResult};
#[cfg(feature = "tuning")]
pub use tune::{tune, tune_labelled, CellModel, Tuning};
#[cfg(feature = "tuning")]
pub use tune_policy::{tune_policy, PolicyTuning};

/// The highest level: the search engine at full strength.
pub const MAX_LEVEL: u8 = 5;

/// The time budget used when a search is given no limit at all.
pub const DEFAULT_TIME: Duration = Duration::from_millis(1000);

/// The transposition table's default size in MiB.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// How the AI should play; `Default` is full strength with the default time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiOptions {
    /// 1..=[`MAX_LEVEL`]; 0 means [`MAX_LEVEL`].
    pub level: u8,
    /// Time budget for the move.
    pub time: Option<Duration>,
    /// Node budget for the move.
    pub max_nodes: Option<u64>,
    /// Depth limit in plies.
    pub max_depth: Option<u32>,
    /// Seed for breaking ties between equally scored points (levels 1 and 2).
    pub seed: u64,
    /// Transposition table size in MiB (at least 1), allocated by the first
    /// search that needs one (levels 3 and up) and kept between moves.
    pub table_mib: usize,
    /// The time the move should take on average, under `time` (see
    /// [`Clock::budget`]): the search starts no iteration after half of it,
    /// or after one and a half times it while its best move is unstable.
    pub target_time: Option<Duration>,
    /// Points not to play while another legal move remains (levels 3 and
    /// up): say, points a referee reads as forbidden where the rules do not.
    pub avoid: Vec<Point>,
}

impl Default for AiOptions {
    fn default() -> AiOptions {
        AiOptions {
            level: 0,
            time: None,
            max_nodes: None,
            max_depth: None,
            seed: 0,
            table_mib: DEFAULT_TABLE_MIB,
            target_time: None,
            avoid: Vec::new(),
        }
    }
}

/// A search score from the mover's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A heuristic value: positive is good for the mover.
    Value(i32),
    /// A forced win, completed this many plies from now.
    Win(u32),
    /// A forced loss, this many plies from now.
    Loss(u32),
}

impl Score {
    fn from_raw(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Win((WIN - s) as u32)
        } else if s <= -MATE_BOUND {
            Score::Loss((WIN + s) as u32)
        } else {
            Score::Value(s)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{v}"),
            Score::Win(n) => write!(f, "win in {n}"),
            Score::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

/// What the search reports after each finished depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Depth finished, in plies.
    pub depth: u32,
    /// Score of the best line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nodes_per_second: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// The best line, the move to play first.
    pub pv: Vec<Point>,
}

/// The AI's chosen move and how it found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiMove {
    /// The point to play.
    pub point: Point,
    /// Score of the move (levels 1–2: [`Score::Value`] of the point's score, clamped).
    pub score: Score,
    /// Depth reached (0 for levels 1–2 and forced moves).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Expected line, starting with `point`.
    pub pv: Vec<Point>,
}

/// Why the AI could not move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiError {
    /// The game is over.
    GameOver,
    /// The level is above [`MAX_LEVEL`].
    InvalidLevel(u8),
    /// The transposition table of the size asked for could not be allocated.
    OutOfMemory(TableAllocationError),
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::GameOver => f.write_str("the game is over"),
            AiError::InvalidLevel(l) => write!(f, "invalid level {l} (must be 0 to {MAX_LEVEL})"),
            AiError::OutOfMemory(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AiError {}

/// The table of `mib` MiB (at least one) in `slot`: the one kept there, if
/// it has that size, or a new one in its place.
fn table(
    slot: &mut Option<TranspositionTable>,
    mib: usize,
) -> Result<&mut TranspositionTable, AiError> {
    // A table of another size is freed before its replacement is allocated.
    let kept = slot.take().filter(|tt| tt.mib() == mib.max(1));
    let tt = match kept {
        Some(tt) => tt,
        None => TranspositionTable::new(mib).map_err(AiError::OutOfMemory)?,
    };
    Ok(slot.insert(tt))
}

/// Stops a running search from another thread.
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to return its best move so far, promptly.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A player that keeps its transposition table between moves. Each engine is
/// independent: no global mutable state.
///
/// A new engine holds no table: the first search that needs one allocates
/// it, at [`AiOptions::table_mib`], so an engine costs next to nothing until
/// it thinks at level 3 or above.
pub struct Engine {
    tt: Option<TranspositionTable>,
    /// Made when first asked for, so a new engine allocates nothing.
    stop: OnceLock<StopHandle>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine with no table yet.
    pub fn new() -> Engine {
        Engine {
            tt: None,
            stop: OnceLock::new(),
        }
    }

    /// A handle that stops this engine's searches from another thread.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.get_or_init(StopHandle::default).clone()
    }

    /// Forgets what earlier searches learnt (e.g. for a new game) and gives
    /// the table's memory back; the next search allocates a fresh one.
    pub fn clear(&mut self) {
        self.tt = None;
    }

    /// Readies the engine to search `game` and the positions after it, so
    /// that the first search spends its time searching: the pattern and value
    /// tables of the game's rule built (once per process), and a table of
    /// `mib` MiB (at least one) allocated, emptied, and every page of it
    /// written. A tournament brain calls it between games, off the clock.
    pub fn prepare(&mut self, game: &Game, mib: usize) -> Result<(), AiError> {
        Position::new(game);
        table(&mut self.tt, mib)?.empty();
        Ok(())
    }

    /// The memory the table takes, in MiB (0 before the first search that
    /// needs one).
    pub fn table_mib(&self) -> usize {
        self.tt.as_ref().map_or(0, TranspositionTable::mib)
    }

    /// The best move for the side to move; does not play it.
    pub fn best_move(&mut self, game: &Game, options: &AiOptions) -> Result<AiMove, AiError> {
        self.best_move_with_progress(game, options, &mut |_| {})
    }

    /// [`Engine::best_move`], reporting each finished depth to `progress`.
    pub fn best_move_with_progress(
        &mut self,
        game: &Game,
        options: &AiOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<AiMove, AiError> {
        let level = match options.level {
            0 => MAX_LEVEL,
            l if l <= MAX_LEVEL => l,
            l => return Err(AiError::InvalidLevel(l)),
        };
        if game.is_over() {
            return Err(AiError::GameOver);
        }
        let stop = &self.stop.get_or_init(StopHandle::default).0;
        stop.store(false, Ordering::Relaxed);
        let start = Instant::now();
        if level <= 2 {
            return Ok(classic_move(game, level, options, stop, start));
        }
        let tt = table(&mut self.tt, options.table_mib)?;
        let level_depth = [0, 0, 0, 4, 5, 64][level as usize];
        let no_limit =
            options.time.is_none() && options.max_nodes.is_none() && options.max_depth.is_none();
        let limits = Limits {
            depth: options
                .max_depth
                .map_or(level_depth, |d| d.clamp(1, level_depth)),
            nodes: options.max_nodes.unwrap_or(0),
            time: options
                .time
                .or((no_limit && level == MAX_LEVEL).then_some(DEFAULT_TIME)),
            // Quiet moves searched per node: the top level keeps fewer and goes
            // deeper (arena, 100 ms/move: width 12 scored 75% against a
            // depth-4 search where width 20 scored 62%). Levels 3 and 4 are
            // narrow so that each step of the ladder scores about 3 to 1
            // (arena, 100 ms, random openings, seed 7: level 3 78.2% against
            // level 2 and level 4 77.3% against level 3 over 500 games,
            // level 5 79.8% against level 4 over 200). Level 4 at width 4
            // scored 73.8% against level 3, at width 6 level 5 only 72.0%
            // against it; level 3 at depth 3 scored 73.7% against level 2.
            // Against Rapfi (built-in tables) 12 holds too: width 18 gained
            // 1 to 3 points at 100 ms but scored 29.9% to 33.6% at 0.5 s
            // (144 and 265 games), no limit 22.0% to 28.1% at 100 ms.
            width: [0, 0, 0, 1, 5, 12][level as usize],
            target: options.target_time,
            avoid: options.avoid.iter().map(|&p| index(p)).collect(),
        };
        let pos = Position::new(game);
        let mut search = Search::new(pos, tt, stop, limits, start);
        let mut report = |it: &Iteration| progress(&to_progress(it));
        let best = search
            .run(&mut report)
            .expect("an ongoing game has a legal move");
        let nodes = search.nodes();
        Ok(AiMove {
            point: Position::point(best.pv[0]),
            score: Score::from_raw(best.score),
            depth: best.depth,
            nodes,
            elapsed: start.elapsed(),
            pv: best.pv.iter().map(|&i| Position::point(i)).collect(),
        })
    }
}

fn to_progress(it: &Iteration) -> Progress {
    let micros = it.elapsed.as_micros().max(1) as u64;
    Progress {
        depth: it.depth,
        score: Score::from_raw(it.score),
        nodes: it.nodes,
        nodes_per_second: it.nodes * 1_000_000 / micros,
        elapsed: it.elapsed,
        pv: it.pv.iter().map(|&i| Position::point(i)).collect(),
    }
}

/// The best move of a one-off engine (see [`Engine::best_move`]).
pub fn best_move(game: &Game, options: &AiOptions) -> Result<AiMove, AiError> {
    Engine::new().best_move(game, options)
}

/// A score for every empty point, for hint buttons and heat maps: the
/// level's own point scores for levels 1 and 2, the engine's threat values
/// (own ×2 + opponent's) otherwise. Points the side to move may not play are
/// left out. Higher is better for the side to move.
pub fn score_map(game: &Game, level: u8) -> Vec<(Point, i64)> {
    let pos = Position::new(game);
    let me = game.side_to_move();
    let raw = match level {
        1 => classic::five_tuple_scores(game.board(), me),
        2 => classic::pattern_weight_scores(game.board(), game.rule(), me),
        _ => game
            .board()
            .empty_points()
            .map(|p| {
                let i = index(p);
                let value = 2 * pos.threat(i, me).value + pos.threat(i, me.opponent()).value;
                (p, i64::from(value))
            })
            .collect(),
    };
    raw.into_iter()
        .filter(|&(p, _)| pos.is_legal(index(p)))
        .collect()
}

/// Levels 1 and 2: the centre on an empty board, else the five first, then
/// the block; level 2 then plays a win by continuous fours or threats when
/// it finds one. Otherwise the best score, ties broken by the seed; level 2
/// passes over points that leave the opponent a win by continuous threats.
fn classic_move(
    game: &Game,
    level: u8,
    options: &AiOptions,
    stop: &AtomicBool,
    start: Instant,
) -> AiMove {
    let pos = Position::new(game);
    let me = game.side_to_move();
    let deadline = options.time.map(|t| start + t);
    let mut threats = classic::ThreatSense::new(game, stop, deadline, options.max_nodes);
    let forced = pos
        .five_points(me)
        .next()
        .or(pos.five_points(me.opponent()).next())
        .or((game.board().stone_count() == 0).then(|| index(game.board().center())))
        .filter(|&i| pos.is_legal(i))
        .map(Position::point)
        .or_else(|| (level == 2).then(|| threats.winning_move()).flatten());
    let (point, score) = match forced {
        Some(p) => (p, 0),
        None => {
            let scores = score_map(game, level);
            let top = scores
                .iter()
                .map(|s| s.1)
                .max()
                .expect("an ongoing game has a legal move");
            let best: Vec<Point> = scores.iter().filter(|s| s.1 == top).map(|s| s.0).collect();
            let pick = best[(splitmix(options.seed) % best.len() as u64) as usize];
            let mut ranked = scores;
            ranked.sort_by_key(|&(p, s)| (std::cmp::Reverse(s), p != pick, p));
            let points: Vec<Point> = ranked.iter().map(|&(p, _)| p).collect();
            let point = match level {
                2 => threats.safe_choice(&points).unwrap_or(pick),
                _ => pick,
            };
            *ranked
                .iter()
                .find(|&&(p, _)| p == point)
                .expect("a ranked point")
        }
    };
    AiMove {
        point,
        score: Score::Value(score.clamp(-(MATE_BOUND as i64) + 1, MATE_BOUND as i64 - 1) as i32),
        depth: 0,
        nodes: threats.nodes,
        elapsed: start.elapsed(),
        pv: vec![point],
    }
}

/// Whether the search board's incremental state stays equal to a recompute
/// along `game`: built from the start position, the moves made one by one
/// and then taken back, checked after each. For the fuzz targets only.
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub fn incremental_state_matches(game: &Game) -> bool {
    let Ok(start) = Game::from_setup(game.setup()) else {
        return false;
    };
    let mut pos = Position::new(&start);
    for &p in game.moves() {
        pos.make(index(p));
        if !pos.matches_recompute() {
            return false;
        }
    }
    if pos.hash() != Position::new(game).hash() {
        return false;
    }
    for _ in game.moves() {
        pos.unmake();
        if !pos.matches_recompute() {
            return false;
        }
    }
    pos.hash() == Position::new(&start).hash()
}

/// A well-mixed 64-bit value from a seed.
fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
