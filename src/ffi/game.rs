//! Game handles: create, play, undo, read the state, save and load.

use std::ffi::{c_char, CStr};
use std::sync::Mutex;

use super::status::{fail, fail_with, set_last_error};
use super::{guard, GomokuStatus};
use crate::ai::{Engine, StopHandle};
use crate::{Color, Error, Game, ParseError, Point, Rule, Setup};

/// An opaque game handle: the game, its AI engine (which keeps its table
/// between moves) and the handle `gomoku_ai_stop` uses.
pub struct GomokuGame {
    pub(crate) game: Game,
    pub(crate) engine: Mutex<Engine>,
    pub(crate) stop: StopHandle,
}

impl GomokuGame {
    fn boxed(game: Game) -> *mut GomokuGame {
        let engine = Engine::new();
        let stop = engine.stop_handle();
        Box::into_raw(Box::new(GomokuGame {
            game,
            engine: Mutex::new(engine),
            stop,
        }))
    }
}

/// The game behind a handle for reading, or `None` for NULL.
///
/// # Safety
/// `g` is NULL or a live handle from this library.
pub(crate) unsafe fn game<'a>(g: *const GomokuGame) -> Option<&'a Game> {
    g.as_ref().map(|h| &h.game)
}

/// The game behind a handle for changing, or `None` for NULL.
///
/// # Safety
/// `g` is NULL or a live handle from this library, used by no other thread.
unsafe fn game_mut<'a>(g: *mut GomokuGame) -> Option<&'a mut Game> {
    g.as_mut().map(|h| &mut h.game)
}

/// A point from C coordinates, `None` if they cannot be on any board.
fn point(x: i32, y: i32) -> Option<Point> {
    Point::try_new(x.into(), y.into())
}

/// Reads a NUL-terminated UTF-8 string.
///
/// # Safety
/// `s` is NULL or a valid NUL-terminated string.
unsafe fn c_str<'a>(s: *const c_char) -> Result<&'a str, i32> {
    if s.is_null() {
        return Err(fail_with(GomokuStatus::NullPointer));
    }
    CStr::from_ptr(s)
        .to_str()
        .map_err(|_| fail(ParseError::new("text is not valid UTF-8")))
}

/// Copies `s` and a NUL into `buf` if `cap` leaves room; returns the length of
/// `s` either way (so a caller can size its buffer with a first call).
///
/// # Safety
/// `buf` is NULL or points to `cap` writable bytes.
unsafe fn write_text(s: &str, buf: *mut c_char, cap: u32) -> i32 {
    let Ok(len) = i32::try_from(s.len()) else {
        return fail_with(GomokuStatus::InvalidArgument);
    };
    if !buf.is_null() && (cap as usize) > s.len() {
        std::ptr::copy_nonoverlapping(s.as_ptr(), buf.cast::<u8>(), s.len());
        *buf.add(s.len()) = 0;
    }
    len
}

/// Writes up to `cap` points into `xs`/`ys`; returns how many there are.
///
/// # Safety
/// `xs` and `ys` are NULL (only with `cap` 0) or point to `cap` writable values.
unsafe fn write_points(points: &[Point], xs: *mut i32, ys: *mut i32, cap: u32) -> i32 {
    if cap > 0 && (xs.is_null() || ys.is_null()) {
        return fail_with(GomokuStatus::NullPointer);
    }
    for (k, p) in points.iter().take(cap as usize).enumerate() {
        *xs.add(k) = p.x().into();
        *ys.add(k) = p.y().into();
    }
    points.len() as i32
}

/// Turns a result into a status code, recording the error text.
fn status<T>(r: Result<T, impl Into<Error>>) -> i32 {
    match r {
        Ok(_) => GomokuStatus::Ok as i32,
        Err(e) => fail(e),
    }
}

/// A new game on an empty `size × size` board (5..=26), black to move; `rule`
/// is 0 freestyle, 1 standard, 2 renju, 3 caro. NULL on invalid arguments.
/// Free it with `gomoku_free`. Thread-safe.
#[no_mangle]
pub extern "C" fn gomoku_new(size: u32, rule: i32) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        let Some(rule) = Rule::from_code(rule) else {
            fail_with(GomokuStatus::InvalidArgument);
            return std::ptr::null_mut();
        };
        match Game::new(size as usize, rule) {
            Ok(game) => GomokuGame::boxed(game),
            Err(e) => {
                fail(e);
                std::ptr::null_mut()
            }
        }
    })
}

/// A new game from a set-up position: `count` stones at `xs[i]`, `ys[i]` of
/// colour `colors[i]` (1 black, 2 white), with `to_move` (1 or 2) to play.
/// NULL if the position is impossible (details via `gomoku_last_error`).
/// Thread-safe.
///
/// # Safety
/// `xs`, `ys` and `colors` point to `count` values each (may be NULL if `count` is 0).
#[no_mangle]
pub unsafe extern "C" fn gomoku_new_setup(
    size: u32,
    rule: i32,
    xs: *const i32,
    ys: *const i32,
    colors: *const i32,
    count: u32,
    to_move: i32,
) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        let (Some(rule), Some(to_move)) = (Rule::from_code(rule), Color::from_code(to_move)) else {
            fail_with(GomokuStatus::InvalidArgument);
            return std::ptr::null_mut();
        };
        if count > 0 && (xs.is_null() || ys.is_null() || colors.is_null()) {
            fail_with(GomokuStatus::NullPointer);
            return std::ptr::null_mut();
        }
        let mut setup = Setup::new(size as usize, rule);
        setup.to_move = to_move;
        for k in 0..count as usize {
            let (x, y, c) = (*xs.add(k), *ys.add(k), *colors.add(k));
            let (Some(p), Some(c)) = (point(x, y), Color::from_code(c)) else {
                set_last_error(&format!("invalid stone {k}: ({x}, {y}) colour {c}"));
                return std::ptr::null_mut();
            };
            setup.stones.push((p, c));
        }
        match Game::from_setup(&setup) {
            Ok(game) => GomokuGame::boxed(game),
            Err(e) => {
                fail(e);
                std::ptr::null_mut()
            }
        }
    })
}

/// A copy of a game (for analysis or an AI thread), or NULL for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_clone(g: *const GomokuGame) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        match game(g) {
            Some(game) => GomokuGame::boxed(game.clone()),
            None => std::ptr::null_mut(),
        }
    })
}

/// Frees a game. NULL is a no-op. The handle must not be in use elsewhere.
///
/// # Safety
/// `g` is NULL or a live handle, not used again afterwards.
#[no_mangle]
pub unsafe extern "C" fn gomoku_free(g: *mut GomokuGame) {
    guard!((), {
        if !g.is_null() {
            drop(Box::from_raw(g));
        }
    })
}

/// Plays `(x, y)` for the side to move. Errors: off board, occupied,
/// forbidden, game over; the game is unchanged on error.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_play(g: *mut GomokuGame, x: i32, y: i32) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let Some(game) = game_mut(g) else {
            return fail_with(GomokuStatus::NullPointer);
        };
        let Some(p) = point(x, y) else {
            set_last_error(&format!("point ({x}, {y}) is off the board"));
            return GomokuStatus::OffBoard as i32;
        };
        status(game.play(p))
    })
}

/// Plays a move list in letter notation (`"h8i9j10"`, separators allowed)
/// or `x,y` pairs: all of them, or none if any is malformed or refused.
///
/// # Safety
/// `g` is NULL or a live handle; `moves` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_play_moves(g: *mut GomokuGame, moves: *const c_char) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let Some(game) = game_mut(g) else {
            return fail_with(GomokuStatus::NullPointer);
        };
        let moves = match c_str(moves) {
            Ok(t) => t,
            Err(code) => return code,
        };
        let points = match crate::notation::parse_moves(moves) {
            Ok(p) => p,
            Err(e) => return fail(e),
        };
        let mut copy = game.clone();
        for p in points {
            if let Err(e) = copy.play(p) {
                return fail(e);
            }
        }
        *game = copy;
        GomokuStatus::Ok as i32
    })
}

/// Takes back the last move (one ply).
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_undo(g: *mut GomokuGame) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match game_mut(g) {
            Some(game) => status(game.undo()),
            None => fail_with(GomokuStatus::NullPointer),
        }
    })
}

/// Replays the last undone move. A new move clears the redo list.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_redo(g: *mut GomokuGame) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match game_mut(g) {
            Some(game) => status(game.redo()),
            None => fail_with(GomokuStatus::NullPointer),
        }
    })
}

/// Reads a number from a game, `0` for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
unsafe fn read(g: *const GomokuGame, f: impl FnOnce(&Game) -> i64) -> i64 {
    guard!(0, {
        match game(g) {
            Some(game) => f(game),
            None => 0,
        }
    })
}

/// The winner: 0 none (yet, or a draw), 1 black, 2 white; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_winner(g: *const GomokuGame) -> i32 {
    read(g, |game| game.winner().map_or(0, |c| c as i64)) as i32
}

/// The result: 0 ongoing, 1 black won, 2 white won, 3 draw; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_result(g: *const GomokuGame) -> i32 {
    read(g, |game| game.result() as i64) as i32
}

/// The side to move: 1 black, 2 white; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_side_to_move(g: *const GomokuGame) -> i32 {
    read(g, |game| game.side_to_move() as i64) as i32
}

/// The stone at `(x, y)`: 0 empty, 1 black, 2 white; negative
/// (`GOMOKU_STATUS_OFF_BOARD`) off the board, `GOMOKU_STATUS_NULL_POINTER` for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_stone(g: *const GomokuGame, x: i32, y: i32) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let Some(game) = game(g) else {
            return GomokuStatus::NullPointer as i32;
        };
        match point(x, y).filter(|&p| game.board().contains(p)) {
            Some(p) => game.board().stone(p).map_or(0, |c| c as i32),
            None => GomokuStatus::OffBoard as i32,
        }
    })
}

/// The board side; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_size(g: *const GomokuGame) -> u32 {
    read(g, |game| game.size() as i64) as u32
}

/// The rule code (0 freestyle, 1 standard, 2 renju, 3 caro); negative for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_rule(g: *const GomokuGame) -> i32 {
    if g.is_null() {
        return GomokuStatus::NullPointer as i32;
    }
    read(g, |game| game.rule() as i64) as i32
}

/// The number of moves played since the start position; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_move_count(g: *const GomokuGame) -> u32 {
    read(g, |game| game.move_count() as i64) as u32
}

/// The number of moves `gomoku_redo` can replay; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_redo_count(g: *const GomokuGame) -> u32 {
    read(g, |game| game.redo_moves().count() as i64) as u32
}

/// The `i`-th move of the history (0 = first) into `*x`, `*y`.
///
/// # Safety
/// `g` is NULL or a live handle; `x`, `y` are NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn gomoku_move_at(
    g: *const GomokuGame,
    i: u32,
    x: *mut i32,
    y: *mut i32,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let Some(game) = game(g) else {
            return fail_with(GomokuStatus::NullPointer);
        };
        if x.is_null() || y.is_null() {
            return fail_with(GomokuStatus::NullPointer);
        }
        let Some(p) = game.moves().get(i as usize) else {
            return fail_with(GomokuStatus::InvalidArgument);
        };
        *x = p.x().into();
        *y = p.y().into();
        GomokuStatus::Ok as i32
    })
}

/// The stones of the winning line: returns how many (≥ 5), 0 if nobody has
/// won, and writes up to `cap` of them into `xs`, `ys`.
///
/// # Safety
/// `g` is NULL or a live handle; `xs`, `ys` point to `cap` writable values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_winning_line(
    g: *const GomokuGame,
    xs: *mut i32,
    ys: *mut i32,
    cap: u32,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match game(g) {
            Some(game) => write_points(game.winning_line(), xs, ys, cap),
            None => fail_with(GomokuStatus::NullPointer),
        }
    })
}

/// 1 if black may not play `(x, y)` now under renju (double-three,
/// double-four or overline), else 0 (also for NULL and off-board points).
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_is_forbidden(g: *const GomokuGame, x: i32, y: i32) -> i32 {
    read(g, |game| {
        point(x, y).is_some_and(|p| game.is_forbidden(p)) as i64
    }) as i32
}

/// 1 if the side to move may play `(x, y)` now, else 0 (also for NULL).
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_is_legal(g: *const GomokuGame, x: i32, y: i32) -> i32 {
    read(g, |game| {
        point(x, y).is_some_and(|p| game.is_legal(p)) as i64
    }) as i32
}

/// Every point forbidden for black now (renju): returns how many, writes up
/// to `cap` into `xs`, `ys`.
///
/// # Safety
/// `g` is NULL or a live handle; `xs`, `ys` point to `cap` writable values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_forbidden_points(
    g: *const GomokuGame,
    xs: *mut i32,
    ys: *mut i32,
    cap: u32,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match game(g) {
            Some(game) => write_points(&game.forbidden_points(), xs, ys, cap),
            None => fail_with(GomokuStatus::NullPointer),
        }
    })
}

/// Writes the save text (the format `gomoku_load` reads) and a NUL into
/// `buf` if `cap` is large enough; returns the text's length either way, so
/// `gomoku_save(g, NULL, 0)` asks for the size. Negative on error.
///
/// # Safety
/// `g` is NULL or a live handle; `buf` is NULL or points to `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn gomoku_save(g: *const GomokuGame, buf: *mut c_char, cap: u32) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match game(g) {
            Some(game) => write_text(&game.save(), buf, cap),
            None => fail_with(GomokuStatus::NullPointer),
        }
    })
}

/// A game from save text; NULL if it is malformed (the line and reason via
/// `gomoku_last_error`). Thread-safe.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_load(text: *const c_char) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        match c_str(text).map(|t| Game::load(t).map_err(fail)) {
            Ok(Ok(game)) => GomokuGame::boxed(game),
            _ => std::ptr::null_mut(),
        }
    })
}

/// Writes the game as a Piskvork `.psq` record, like `gomoku_save`.
///
/// # Safety
/// `g` is NULL or a live handle; `buf` is NULL or points to `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn gomoku_to_psq(g: *const GomokuGame, buf: *mut c_char, cap: u32) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match game(g) {
            Some(game) => write_text(&game.to_psq(), buf, cap),
            None => fail_with(GomokuStatus::NullPointer),
        }
    })
}

/// A game from a Piskvork `.psq` record, replayed under `rule`; NULL if it is
/// malformed (details via `gomoku_last_error`). Thread-safe.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_from_psq(text: *const c_char, rule: i32) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        let Some(rule) = Rule::from_code(rule) else {
            fail_with(GomokuStatus::InvalidArgument);
            return std::ptr::null_mut();
        };
        match c_str(text).map(|t| Game::from_psq(t, rule).map_err(fail)) {
            Ok(Ok(game)) => GomokuGame::boxed(game),
            _ => std::ptr::null_mut(),
        }
    })
}
