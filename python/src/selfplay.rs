//! The native side of `gomoku.selfplay`: openings, self-play games and
//! their record lines, and match statistics, each a thin call into the
//! core so that the Python runner (and its Ray cluster) plays exactly the
//! games `gomoku selfplay` and `gomoku arena` play.

use gomoku::ai::selfplay::{self, Limits, Record};
use gomoku::ai::stats::{Outcome, Sprt, Tally, Verdict};
use gomoku::ai::MAX_LEVEL;
use gomoku::Point;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{point, rule, score_parts, to_py, xy};

/// A move of a record: x, y, and the mover's score as (value, win_in,
/// loss_in), all three None when unknown.
type ScoredMove = (u8, u8, Option<i32>, Option<u32>, Option<u32>);

/// The openings a match plays (`default`, `random` or a file), as lists
/// of (x, y); generating random ones searches, without the GIL.
#[pyfunction]
#[pyo3(signature = (spec, rule_code, size, count, seed))]
fn match_openings(
    py: Python<'_>,
    spec: &str,
    rule_code: i32,
    size: usize,
    count: Option<usize>,
    seed: u64,
) -> PyResult<Vec<Vec<(u8, u8)>>> {
    let rule = rule(rule_code)?;
    let openings = py
        .detach(|| selfplay::match_openings(spec, rule, size, count, seed))
        .map_err(to_py)?;
    Ok(openings
        .into_iter()
        .map(|o| o.into_iter().map(xy).collect())
        .collect())
}

fn limits((time_ms, nodes, depth, seed): (u64, u64, u32, u64)) -> Limits {
    Limits {
        time_ms,
        nodes,
        depth,
        seed,
    }
}

fn check_level(level: u8) -> PyResult<u8> {
    if level > MAX_LEVEL {
        return Err(PyValueError::new_err(format!(
            "level {level} is not 0 to {MAX_LEVEL}"
        )));
    }
    Ok(level)
}

/// Plays one game from `opening` between two levels under the same limits
/// (time_ms, nodes, depth, seed), without the GIL; returns its record line.
#[pyfunction]
#[pyo3(signature = (rule_code, size, opening, black_level, white_level, move_limits))]
fn play_game(
    py: Python<'_>,
    rule_code: i32,
    size: usize,
    opening: Vec<(i64, i64)>,
    black_level: u8,
    white_level: u8,
    move_limits: (u64, u64, u32, u64),
) -> PyResult<String> {
    let rule = rule(rule_code)?;
    let opening: Vec<Point> = opening
        .into_iter()
        .map(|(x, y)| point(x, y))
        .collect::<PyResult<_>>()?;
    let limits = limits(move_limits);
    let (black, white) = (
        limits.options(check_level(black_level)?),
        limits.options(check_level(white_level)?),
    );
    py.detach(|| selfplay::play_game(rule, size, &opening, &black, &white))
        .map(|r| r.to_line())
        .map_err(to_py)
}

/// Reads and checks a record line: (rule code, size, result code,
/// opening, moves).
#[pyfunction]
#[allow(clippy::type_complexity)] // the tuple the Python wrapper unpacks
fn parse_record(line: &str) -> PyResult<(i32, usize, i32, Vec<(u8, u8)>, Vec<ScoredMove>)> {
    let r = Record::parse(line).map_err(to_py)?;
    let moves = r
        .moves
        .iter()
        .map(|&(p, score)| {
            let (value, win, loss) = score.map_or((None, None, None), score_parts);
            (p.x(), p.y(), value, win, loss)
        })
        .collect();
    Ok((
        r.rule as i32,
        r.size,
        r.result as i32,
        r.opening.into_iter().map(xy).collect(),
        moves,
    ))
}

fn outcome(points: f64) -> PyResult<Outcome> {
    match points {
        1.0 => Ok(Outcome::Win),
        0.5 => Ok(Outcome::Draw),
        0.0 => Ok(Outcome::Loss),
        _ => Err(PyValueError::new_err(format!(
            "a game gives 1, 0.5 or 0 points, not {points}"
        ))),
    }
}

/// The counts of a match: games and pairs (pentanomial) for player A.
#[pyclass(module = "gomoku.gomoku")]
#[derive(Default)]
struct NativeTally(Tally);

#[pymethods]
impl NativeTally {
    #[new]
    fn new() -> NativeTally {
        NativeTally::default()
    }

    /// Counts a game by A's points (1, 0.5 or 0).
    fn game(&mut self, points: f64) -> PyResult<()> {
        self.0.game(outcome(points)?);
        Ok(())
    }

    /// Counts a finished pair by A's points in each game.
    fn pair(&mut self, first: f64, second: f64) -> PyResult<()> {
        self.0.pair(outcome(first)?, outcome(second)?);
        Ok(())
    }

    /// (wins, losses, draws, pairs by A's points 0, ½, 1, 1½, 2).
    fn counts(&self) -> (u32, u32, u32, [u32; 5]) {
        (self.0.wins, self.0.losses, self.0.draws, self.0.pairs)
    }

    fn score(&self) -> f64 {
        self.0.score()
    }

    fn elo(&self) -> Option<(f64, f64)> {
        self.0.elo()
    }
}

/// A sequential probability ratio test of A's Elo advantage.
#[pyclass(module = "gomoku.gomoku")]
struct NativeSprt(Sprt);

#[pymethods]
impl NativeSprt {
    #[new]
    fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> PyResult<NativeSprt> {
        Sprt::new(elo0, elo1, alpha, beta)
            .map(NativeSprt)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// `elo0,elo1[,alpha,beta]`, as `gomoku arena --sprt` reads it.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<NativeSprt> {
        text.parse()
            .map(NativeSprt)
            .map_err(|e: gomoku::ParseError| PyValueError::new_err(e.to_string()))
    }

    fn parameters(&self) -> (f64, f64, f64, f64) {
        (self.0.elo0, self.0.elo1, self.0.alpha, self.0.beta)
    }

    fn bounds(&self) -> (f64, f64) {
        self.0.bounds()
    }

    fn llr(&self, tally: &NativeTally) -> f64 {
        self.0.llr(&tally.0)
    }

    /// "H1", "H0", or None while undecided.
    fn verdict(&self, tally: &NativeTally) -> Option<&'static str> {
        match self.0.verdict(&tally.0) {
            Verdict::AcceptH1 => Some("H1"),
            Verdict::AcceptH0 => Some("H0"),
            Verdict::Continue => None,
        }
    }
}

/// Adds this module's functions, classes and defaults to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(match_openings, m)?)?;
    m.add_function(wrap_pyfunction!(play_game, m)?)?;
    m.add_function(wrap_pyfunction!(parse_record, m)?)?;
    m.add_class::<NativeTally>()?;
    m.add_class::<NativeSprt>()?;
    m.add("DEFAULT_MOVE_MS", selfplay::DEFAULT_MOVE_MS)?;
    m.add("DEFAULT_SEED", selfplay::DEFAULT_SEED)?;
    m.add("DEFAULT_RANDOM_OPENINGS", selfplay::DEFAULT_RANDOM_OPENINGS)?;
    Ok(())
}
