//! The native part of the `gomoku` Python package: a thin skin over the Rust
//! core. The pythonic API (points, enums, views, SVG) lives in
//! `python/gomoku/__init__.py`.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use gomoku::ai::{self, AiError, AiOptions, Engine, Progress, Score, StopHandle};
use gomoku::{
    Color, Error, Game, GameResult, HistoryError as CoreHistoryError, PlayError, Point, Rule, Setup,
};
use pyo3::exceptions::{PyMemoryError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

mod selfplay;

pyo3::create_exception!(
    gomoku,
    IllegalMoveError,
    PyValueError,
    "A move the rules refuse; the game is unchanged."
);
pyo3::create_exception!(
    gomoku,
    OffBoardError,
    IllegalMoveError,
    "The point is not on the board."
);
pyo3::create_exception!(
    gomoku,
    OccupiedError,
    IllegalMoveError,
    "The point already holds a stone."
);
pyo3::create_exception!(
    gomoku,
    ForbiddenMoveError,
    IllegalMoveError,
    "Renju: black may not play this point."
);
pyo3::create_exception!(
    gomoku,
    GameOverError,
    IllegalMoveError,
    "The game has ended."
);
pyo3::create_exception!(
    gomoku,
    HistoryError,
    PyValueError,
    "Nothing to undo or redo."
);
pyo3::create_exception!(
    gomoku,
    ParseError,
    PyValueError,
    "Malformed notation, save text or record."
);
pyo3::create_exception!(
    gomoku,
    SetupError,
    PyValueError,
    "An impossible set-up position."
);

/// Turns a core error into the matching Python exception.
fn to_py(e: impl Into<Error>) -> PyErr {
    let e = e.into();
    let msg = e.to_string();
    match e {
        Error::Play(PlayError::OffBoard(_)) => OffBoardError::new_err(msg),
        Error::Play(PlayError::Occupied(_)) => OccupiedError::new_err(msg),
        Error::Play(PlayError::Forbidden(_)) => ForbiddenMoveError::new_err(msg),
        Error::Play(PlayError::GameOver) => GameOverError::new_err(msg),
        Error::History(CoreHistoryError::NothingToUndo | CoreHistoryError::NothingToRedo) => {
            HistoryError::new_err(msg)
        }
        Error::Parse(_) => ParseError::new_err(msg),
        Error::Setup(_) => SetupError::new_err(msg),
        Error::InvalidSize(_) => PyValueError::new_err(msg),
    }
}

fn rule(code: i32) -> PyResult<Rule> {
    Rule::from_code(code).ok_or_else(|| PyValueError::new_err(format!("invalid rule code {code}")))
}

fn color(code: i32) -> PyResult<Color> {
    Color::from_code(code).ok_or_else(|| PyValueError::new_err(format!("invalid colour {code}")))
}

fn language_of(code: i32) -> PyResult<gomoku::Language> {
    gomoku::Language::from_code(code)
        .ok_or_else(|| PyValueError::new_err(format!("invalid language code {code}")))
}

fn symmetry_of(code: i32) -> PyResult<gomoku::Symmetry> {
    gomoku::Symmetry::from_code(code)
        .ok_or_else(|| PyValueError::new_err(format!("invalid symmetry code {code}")))
}

fn point(x: i64, y: i64) -> PyResult<Point> {
    Point::try_new(x, y)
        .ok_or_else(|| OffBoardError::new_err(format!("point ({x}, {y}) is off the board")))
}

fn xy(p: Point) -> (u8, u8) {
    (p.x(), p.y())
}

/// A game with its AI engine. The engine is shared with a running search,
/// which works on a copy of the game, so the game stays usable meanwhile.
#[pyclass(module = "gomoku.gomoku")]
struct NativeGame {
    game: Game,
    engine: Arc<Mutex<Engine>>,
    stop: StopHandle,
}

impl NativeGame {
    fn wrap(game: Game) -> NativeGame {
        let engine = Engine::new();
        let stop = engine.stop_handle();
        NativeGame {
            game,
            engine: Arc::new(Mutex::new(engine)),
            stop,
        }
    }
}

#[pymethods]
impl NativeGame {
    #[new]
    fn new(size: usize, rule_code: i32) -> PyResult<NativeGame> {
        Ok(NativeGame::wrap(
            Game::new(size, rule(rule_code)?).map_err(to_py)?,
        ))
    }

    #[staticmethod]
    fn from_setup(
        size: usize,
        rule_code: i32,
        stones: Vec<(i64, i64, i32)>,
        to_move: i32,
    ) -> PyResult<NativeGame> {
        let mut setup = Setup::new(size, rule(rule_code)?);
        setup.to_move = Color::from_code(to_move)
            .ok_or_else(|| PyValueError::new_err(format!("invalid colour {to_move}")))?;
        for (x, y, c) in stones {
            let color = Color::from_code(c)
                .ok_or_else(|| PyValueError::new_err(format!("invalid colour {c}")))?;
            setup.stones.push((point(x, y)?, color));
        }
        Ok(NativeGame::wrap(Game::from_setup(&setup).map_err(to_py)?))
    }

    #[staticmethod]
    fn load(text: &str) -> PyResult<NativeGame> {
        Ok(NativeGame::wrap(Game::load(text).map_err(to_py)?))
    }

    #[staticmethod]
    fn from_psq(text: &str, rule_code: i32) -> PyResult<NativeGame> {
        Ok(NativeGame::wrap(
            Game::from_psq(text, rule(rule_code)?).map_err(to_py)?,
        ))
    }

    #[staticmethod]
    fn parse_moves(text: &str) -> PyResult<Vec<(u8, u8)>> {
        Ok(gomoku::notation::parse_moves(text)
            .map_err(to_py)?
            .into_iter()
            .map(xy)
            .collect())
    }

    #[staticmethod]
    fn parse_opening(text: &str, size: usize) -> PyResult<Vec<(u8, u8)>> {
        Ok(gomoku::notation::parse_opening(text, size)
            .map_err(to_py)?
            .into_iter()
            .map(xy)
            .collect())
    }

    fn copy(&self) -> NativeGame {
        NativeGame::wrap(self.game.clone())
    }

    fn equals(&self, other: &NativeGame) -> bool {
        self.game == other.game
    }

    fn play(&mut self, x: i64, y: i64) -> PyResult<()> {
        let p = point(x, y)?;
        self.game.play(p).map_err(to_py)
    }

    fn play_all(&mut self, moves: Vec<(i64, i64)>) -> PyResult<()> {
        let mut copy = self.game.clone();
        for (x, y) in moves {
            copy.play(point(x, y)?).map_err(to_py)?;
        }
        self.game = copy;
        Ok(())
    }

    fn undo(&mut self) -> PyResult<(u8, u8)> {
        self.game.undo().map(xy).map_err(to_py)
    }

    fn redo(&mut self) -> PyResult<(u8, u8)> {
        self.game.redo().map(xy).map_err(to_py)
    }

    #[getter]
    fn size(&self) -> usize {
        self.game.size()
    }

    #[getter]
    fn rule(&self) -> i32 {
        self.game.rule() as i32
    }

    #[getter]
    fn turn(&self) -> i32 {
        self.game.side_to_move() as i32
    }

    #[getter]
    fn moves(&self) -> Vec<(u8, u8)> {
        self.game.moves().iter().copied().map(xy).collect()
    }

    #[getter]
    fn redo_moves(&self) -> Vec<(u8, u8)> {
        self.game.redo_moves().map(xy).collect()
    }

    #[getter]
    fn setup_stones(&self) -> Vec<(u8, u8, i32)> {
        self.game
            .setup()
            .stones
            .iter()
            .map(|&(p, c)| (p.x(), p.y(), c as i32))
            .collect()
    }

    #[getter]
    fn setup_turn(&self) -> i32 {
        self.game.setup().to_move as i32
    }

    #[getter]
    fn result(&self) -> i32 {
        self.game.result() as i32
    }

    #[getter]
    fn winning_line(&self) -> Vec<(u8, u8)> {
        self.game.winning_line().iter().copied().map(xy).collect()
    }

    fn stone(&self, x: i64, y: i64) -> PyResult<i32> {
        let p = point(x, y)?;
        if !self.game.board().contains(p) {
            return Err(to_py(PlayError::OffBoard(p)));
        }
        Ok(self.game.board().stone(p).map_or(0, |c| c as i32))
    }

    // As lists of ints: pyo3 would turn a Vec<u8> into bytes.
    fn rows(&self) -> Vec<Vec<i32>> {
        widen(self.game.rows())
    }

    fn columns(&self) -> Vec<Vec<i32>> {
        widen(self.game.columns())
    }

    #[staticmethod]
    fn from_array(
        lines: Vec<Vec<i64>>,
        rule_code: i32,
        to_move: Option<i32>,
        columns: bool,
    ) -> PyResult<NativeGame> {
        let rule = rule(rule_code)?;
        let to_move = to_move.map(color).transpose()?;
        let game = if columns {
            Game::from_columns(&lines, rule, to_move)
        } else {
            Game::from_rows(&lines, rule, to_move)
        };
        Ok(NativeGame::wrap(game.map_err(to_py)?))
    }

    fn is_forbidden(&self, x: i64, y: i64) -> bool {
        Point::try_new(x, y).is_some_and(|p| self.game.is_forbidden(p))
    }

    fn is_legal(&self, x: i64, y: i64) -> bool {
        Point::try_new(x, y).is_some_and(|p| self.game.is_legal(p))
    }

    fn forbidden_points(&self) -> Vec<(u8, u8)> {
        self.game.forbidden_points().into_iter().map(xy).collect()
    }

    fn legal_moves(&self) -> Vec<(u8, u8)> {
        self.game.legal_moves().into_iter().map(xy).collect()
    }

    fn save(&self) -> String {
        self.game.save()
    }

    fn to_psq(&self) -> String {
        self.game.to_psq()
    }

    fn to_sgf(&self) -> String {
        self.game.to_sgf()
    }

    #[staticmethod]
    fn from_sgf(text: &str) -> PyResult<NativeGame> {
        Ok(NativeGame::wrap(Game::from_sgf(text).map_err(to_py)?))
    }

    #[staticmethod]
    fn load_all(text: &str) -> PyResult<Vec<NativeGame>> {
        let games = Game::load_all(text).map_err(to_py)?;
        Ok(games.into_iter().map(NativeGame::wrap).collect())
    }

    fn append_to_history(&self, path: std::path::PathBuf) -> PyResult<()> {
        self.game
            .append_to_history(&path)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    #[getter]
    fn reason(&self) -> Option<i32> {
        self.game.end_reason().map(|r| r as i32)
    }

    fn resign(&mut self, loser: i32) -> PyResult<()> {
        self.game.resign(color(loser)?).map_err(to_py)
    }

    fn lose_on_time(&mut self, loser: i32) -> PyResult<()> {
        self.game.lose_on_time(color(loser)?).map_err(to_py)
    }

    fn agree_draw(&mut self) -> PyResult<()> {
        self.game.agree_draw().map_err(to_py)
    }

    fn player(&self, color_code: i32) -> PyResult<Option<String>> {
        Ok(self
            .game
            .info()
            .player(color(color_code)?)
            .map(str::to_string))
    }

    fn set_player(&mut self, color_code: i32, name: Option<&str>) -> PyResult<()> {
        self.game.info_mut().set_player(color(color_code)?, name);
        Ok(())
    }

    #[getter]
    fn date(&self) -> Option<String> {
        self.game.info().date.clone()
    }

    #[setter]
    fn set_date(&mut self, date: Option<&str>) {
        self.game.info_mut().date = date.map(|d| d.replace(['\n', '\r'], " ").trim().to_string());
    }

    fn result_text(&self, language: i32) -> PyResult<String> {
        Ok(language_of(language)?.result(self.game.result(), self.game.end_reason()))
    }

    fn transform(&self, symmetry: i32) -> PyResult<NativeGame> {
        Ok(NativeGame::wrap(
            self.game.transformed(symmetry_of(symmetry)?),
        ))
    }

    fn canonical_symmetry(&self) -> i32 {
        self.game.canonical_symmetry() as i32
    }

    #[staticmethod]
    fn symmetry_apply(symmetry: i32, x: i64, y: i64, size: usize) -> PyResult<(u8, u8)> {
        let p = point(x, y)?;
        if !(gomoku::MIN_SIZE..=gomoku::MAX_SIZE).contains(&size) {
            return Err(to_py(gomoku::InvalidSizeError(size)));
        }
        if p.x() as usize >= size || p.y() as usize >= size {
            return Err(to_py(PlayError::OffBoard(p)));
        }
        Ok(xy(symmetry_of(symmetry)?.apply(p, size)))
    }

    #[staticmethod]
    fn rule_name(rule_code: i32, language: i32) -> PyResult<&'static str> {
        Ok(language_of(language)?.rule(rule(rule_code)?))
    }

    fn text(&self) -> String {
        self.game.to_string()
    }

    /// Thinks without the GIL on a copy of the game (so the game may be
    /// played or read meanwhile); `progress` (or None) is called with a dict
    /// after each finished depth. Returns `(x, y, info)`.
    #[pyo3(signature = (level, time_ms, nodes, depth, seed, table_mib, progress))]
    #[allow(clippy::too_many_arguments)] // mirrors the Python keyword arguments
    fn ai_move(
        slf: &Bound<'_, NativeGame>,
        level: u8,
        time_ms: Option<u64>,
        nodes: Option<u64>,
        depth: Option<u32>,
        seed: u64,
        table_mib: Option<usize>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<(u8, u8, Py<PyDict>)> {
        let options = AiOptions {
            level,
            time: time_ms.map(Duration::from_millis),
            max_nodes: nodes,
            max_depth: depth,
            seed,
            table_mib: table_mib.unwrap_or(ai::DEFAULT_TABLE_MIB),
            ..AiOptions::default()
        };
        let py = slf.py();
        let (position, engine, stop) = {
            let me = slf.borrow();
            (me.game.clone(), me.engine.clone(), me.stop.clone())
        };
        let mut guard = engine
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("the AI is already thinking about this game"))?;
        let engine: &mut Engine = &mut guard;
        let mut callback_error: Option<PyErr> = None;
        let result = py.detach(|| {
            let mut report = |p: &Progress| {
                let Some(cb) = &progress else { return };
                if callback_error.is_some() {
                    return;
                }
                Python::attach(|py| {
                    let outcome = info_dict(py, p).and_then(|d| cb.call1(py, (d,)));
                    if let Err(e) = outcome {
                        callback_error = Some(e);
                        stop.stop();
                    }
                });
            };
            engine.best_move_with_progress(&position, &options, &mut report)
        });
        if let Some(e) = callback_error {
            return Err(e);
        }
        let m = result.map_err(ai_error)?;
        let info = info_dict(
            py,
            &Progress {
                depth: m.depth,
                score: m.score,
                nodes: m.nodes,
                nodes_per_second: m.nodes * 1_000_000 / m.elapsed.as_micros().max(1) as u64,
                elapsed: m.elapsed,
                pv: m.pv.clone(),
            },
        )?;
        Ok((m.point.x(), m.point.y(), info.unbind()))
    }

    /// A hint for the side to move, searched without the GIL on a copy of
    /// the game, explained in `language`; a dict (see `gomoku.Hint`).
    #[pyo3(signature = (level, time_ms, nodes, depth, seed, table_mib, language))]
    #[allow(clippy::too_many_arguments)] // mirrors the Python keyword arguments
    fn hint(
        slf: &Bound<'_, NativeGame>,
        level: u8,
        time_ms: Option<u64>,
        nodes: Option<u64>,
        depth: Option<u32>,
        seed: u64,
        table_mib: Option<usize>,
        language: i32,
    ) -> PyResult<Py<PyDict>> {
        let py = slf.py();
        let language = language_of(language)?;
        let options = AiOptions {
            level,
            time: time_ms.map(Duration::from_millis),
            max_nodes: nodes,
            max_depth: depth,
            seed,
            table_mib: table_mib.unwrap_or(ai::DEFAULT_TABLE_MIB),
            ..AiOptions::default()
        };
        let (position, engine) = {
            let me = slf.borrow();
            (me.game.clone(), me.engine.clone())
        };
        let mut guard = engine
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("the AI is already thinking about this game"))?;
        let engine: &mut Engine = &mut guard;
        let hint = py
            .detach(|| engine.hint(&position, &options))
            .map_err(ai_error)?;
        let d = PyDict::new(py);
        d.set_item("best", xy(hint.best))?;
        let (score, win, loss) = score_parts(hint.score);
        d.set_item("score", score)?;
        d.set_item("win_in", win)?;
        d.set_item("loss_in", loss)?;
        let forced = hint.forced_win.as_ref().map(|w| {
            (
                w.kind as i32,
                w.line.iter().copied().map(xy).collect::<Vec<_>>(),
            )
        });
        d.set_item("forced_win", forced)?;
        let mut candidates = Vec::new();
        for r in &hint.candidates {
            let c = PyDict::new(py);
            c.set_item("point", xy(r.point))?;
            c.set_item(
                "makes",
                r.makes.iter().map(|&s| s as i32).collect::<Vec<_>>(),
            )?;
            c.set_item("combination", r.combination.map(|k| k as i32))?;
            c.set_item(
                "blocks",
                r.blocks.iter().map(|&s| s as i32).collect::<Vec<_>>(),
            )?;
            c.set_item("value", r.value)?;
            c.set_item("text", hint.explain(r, language))?;
            candidates.push(c);
        }
        d.set_item("candidates", candidates)?;
        d.set_item("text", hint.describe(language))?;
        Ok(d.unbind())
    }

    /// Asks a running `ai_move` to return its best move so far.
    fn stop(&self) {
        self.stop.stop();
    }

    /// Scores per point (row by row), None where the mover may not play.
    fn scores(&self, level: u8) -> PyResult<Vec<Vec<Option<i64>>>> {
        if level > ai::MAX_LEVEL {
            return Err(PyValueError::new_err(format!("invalid level {level}")));
        }
        let n = self.game.size();
        let mut grid = vec![vec![None; n]; n];
        for (p, s) in ai::score_map(&self.game, level) {
            grid[p.y() as usize][p.x() as usize] = Some(s);
        }
        Ok(grid)
    }
}

/// A board array with its codes as i32, which become Python ints.
fn widen(lines: Vec<Vec<u8>>) -> Vec<Vec<i32>> {
    lines
        .into_iter()
        .map(|line| line.into_iter().map(i32::from).collect())
        .collect()
}

/// Turns an AI error into the matching Python exception.
fn ai_error(e: AiError) -> PyErr {
    match e {
        AiError::GameOver => GameOverError::new_err(e.to_string()),
        AiError::InvalidLevel(_) => PyValueError::new_err(e.to_string()),
        AiError::OutOfMemory(_) => PyMemoryError::new_err(e.to_string()),
    }
}

/// A score as (value, win_in, loss_in), one of them set.
fn score_parts(score: Score) -> (Option<i32>, Option<u32>, Option<u32>) {
    match score {
        Score::Value(v) => (Some(v), None, None),
        Score::Win(n) => (None, Some(n), None),
        Score::Loss(n) => (None, None, Some(n)),
    }
}

/// A progress report as a dict: depth, score, win_in, loss_in, nodes,
/// nodes_per_second, elapsed (seconds), pv (list of (x, y)).
fn info_dict<'py>(py: Python<'py>, p: &Progress) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("depth", p.depth)?;
    let (score, win, loss) = score_parts(p.score);
    d.set_item("score", score)?;
    d.set_item("win_in", win)?;
    d.set_item("loss_in", loss)?;
    d.set_item("nodes", p.nodes)?;
    d.set_item("nodes_per_second", p.nodes_per_second)?;
    d.set_item("elapsed", p.elapsed.as_secs_f64())?;
    d.set_item(
        "pv",
        p.pv.iter().map(|q| (q.x(), q.y())).collect::<Vec<_>>(),
    )?;
    Ok(d)
}

/// A loop of `play` + `undo` in Rust, for the binding-overhead benchmark.
#[pyfunction]
fn rust_play_undo_loop(n: u64) -> f64 {
    let mut game = Game::new(15, Rule::Freestyle).expect("15 is a valid size");
    let p = Point::new(7, 7);
    let start = std::time::Instant::now();
    for _ in 0..n {
        game.play(std::hint::black_box(p)).expect("h8 is empty");
        game.undo().expect("a move to undo");
    }
    start.elapsed().as_secs_f64()
}

#[pymodule(name = "gomoku")]
fn gomoku_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<NativeGame>()?;
    m.add_function(wrap_pyfunction!(rust_play_undo_loop, m)?)?;
    selfplay::register(m)?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("OffBoardError", py.get_type::<OffBoardError>())?;
    m.add("OccupiedError", py.get_type::<OccupiedError>())?;
    m.add("ForbiddenMoveError", py.get_type::<ForbiddenMoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("HistoryError", py.get_type::<HistoryError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("MAX_LEVEL", ai::MAX_LEVEL)?;
    m.add("MIN_SIZE", gomoku::MIN_SIZE)?;
    m.add("MAX_SIZE", gomoku::MAX_SIZE)?;
    m.add("DEFAULT_SIZE", gomoku::DEFAULT_SIZE)?;
    m.add("VERSION", gomoku::VERSION)?;
    // The codes of the Python enums, from the core's own enums.
    for rule in Rule::ALL {
        m.add(format!("RULE_{}", rule.name().to_uppercase()), rule as i32)?;
    }
    for color in Color::ALL {
        m.add(
            format!("COLOR_{}", color.name().to_uppercase()),
            color as i32,
        )?;
    }
    for result in GameResult::ALL {
        let name = match result {
            GameResult::Ongoing => "ONGOING",
            GameResult::BlackWon => "BLACK_WON",
            GameResult::WhiteWon => "WHITE_WON",
            GameResult::Draw => "DRAW",
        };
        m.add(format!("RESULT_{name}"), result as i32)?;
    }
    for reason in gomoku::EndReason::ALL {
        m.add(
            format!("REASON_{}", reason.name().to_uppercase()),
            reason as i32,
        )?;
    }
    for symmetry in gomoku::Symmetry::ALL {
        m.add(
            format!("SYMMETRY_{}", symmetry.name().to_uppercase()),
            symmetry as i32,
        )?;
    }
    for language in gomoku::Language::ALL {
        let name = match language {
            gomoku::Language::English => "ENGLISH",
            gomoku::Language::Chinese => "CHINESE",
        };
        m.add(format!("LANGUAGE_{name}"), language as i32)?;
    }
    use gomoku::ai::{Combination, ForcedWinKind, Shape};
    for shape in Shape::ALL {
        let name = shape
            .name(gomoku::Language::English)
            .replace(' ', "_")
            .to_uppercase();
        m.add(format!("SHAPE_{name}"), shape as i32)?;
    }
    for combination in Combination::ALL {
        let name = combination
            .name(gomoku::Language::English)
            .replace([' ', '-'], "_")
            .to_uppercase();
        m.add(format!("COMBINATION_{name}"), combination as i32)?;
    }
    for kind in ForcedWinKind::ALL {
        m.add(format!("FORCED_WIN_{}", kind.name()), kind as i32)?;
    }
    Ok(())
}
