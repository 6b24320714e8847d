//! Game handles: what one holds, how a call reaches it, how it is made and
//! freed, and the helpers that copy answers into the caller's buffers.

use std::ffi::{c_char, CStr};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use super::status::{fail, fail_with};
use super::{guard, GomokuStatus};
use crate::ai::{Engine, StopHandle};
use crate::{Color, Game, ParseError, Point, Rule, Setup};

/// An opaque game handle: the game, its AI engine (which allocates its table
/// on the first search that needs one and keeps it between moves) and, once
/// the engine has searched, the handle `gomoku_ai_stop` uses. Every call
/// locks the game for its duration, so calls from several threads are
/// serialised rather than racing.
pub struct GomokuGame {
    game: Mutex<Game>,
    pub(crate) engine: Mutex<Engine>,
    pub(crate) stop: OnceLock<StopHandle>,
}

impl GomokuGame {
    /// A new handle owning `game`, for C to free with `gomoku_free`.
    pub(crate) fn boxed(game: Game) -> *mut GomokuGame {
        Box::into_raw(Box::new(GomokuGame {
            game: Mutex::new(game),
            engine: Mutex::new(Engine::new()),
            stop: OnceLock::new(),
        }))
    }

    /// The game, locked for the rest of the call. A panic caught at the
    /// boundary cannot leave a half-made move behind (every change is
    /// checked before it is made), so a poisoned lock is taken as it is.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Game> {
        self.game.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The handle behind `g`, or `None` for NULL (recorded as the last error).
///
/// # Safety
/// `g` is NULL or a live handle from this library.
pub(crate) unsafe fn handle<'a>(g: *const GomokuGame) -> Option<&'a GomokuGame> {
    let h = g.as_ref();
    if h.is_none() {
        fail_with(GomokuStatus::NullPointer);
    }
    h
}

/// A point from C coordinates, `None` if they cannot be on any board.
pub(crate) fn point(x: i32, y: i32) -> Option<Point> {
    Point::try_new(x.into(), y.into())
}

/// Reads a NUL-terminated UTF-8 string; the error status otherwise.
///
/// # Safety
/// `s` is NULL or a valid NUL-terminated string.
pub(crate) unsafe fn c_str<'a>(s: *const c_char) -> Result<&'a str, i32> {
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
pub(crate) unsafe fn write_text(s: &str, buf: *mut c_char, cap: u32) -> i32 {
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
pub(crate) unsafe fn write_points(
    points: impl ExactSizeIterator<Item = Point>,
    xs: *mut i32,
    ys: *mut i32,
    cap: u32,
) -> i32 {
    if cap > 0 && (xs.is_null() || ys.is_null()) {
        return fail_with(GomokuStatus::NullPointer);
    }
    let total = points.len() as i32;
    for (k, p) in points.take(cap as usize).enumerate() {
        *xs.add(k) = p.x().into();
        *ys.add(k) = p.y().into();
    }
    total
}

/// Writes `size × size` values from `value(x, y)` into `cells` at
/// `index(x, y)` if `cap` holds them all; returns `size × size` either way.
///
/// # Safety
/// `cells` is NULL or points to `cap` writable values.
pub(crate) unsafe fn write_grid(
    size: usize,
    cells: *mut i32,
    cap: u32,
    index: impl Fn(usize, usize) -> usize,
    value: impl Fn(Point) -> i32,
) -> i32 {
    let total = size * size;
    if cap as usize >= total {
        if cells.is_null() {
            return fail_with(GomokuStatus::NullPointer);
        }
        for y in 0..size {
            for x in 0..size {
                *cells.add(index(x, y)) = value(Point::new(x as u8, y as u8));
            }
        }
    }
    total as i32
}

/// A new game on an empty `size × size` board (5..=26), black to move; `rule`
/// is 0 freestyle, 1 standard, 2 renju, 3 caro. NULL on invalid arguments.
/// Free it with `gomoku_free`. A handle costs about 2 KiB until its first
/// search at level 3 or above allocates the AI's table.
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
                super::status::set_last_error(&format!("invalid stone {k}: ({x}, {y}) colour {c}"));
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

/// Builds a handle from a board array of `size × size` stone codes (0 empty,
/// 1 black, 2 white) read at `index(x, y)`; the shared body of the two
/// array constructors.
///
/// # Safety
/// `cells` is NULL or points to `size * size` values.
unsafe fn from_array(
    size: u32,
    rule: i32,
    cells: *const i32,
    to_move: i32,
    columns: bool,
) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        let Some(rule) = Rule::from_code(rule) else {
            fail_with(GomokuStatus::InvalidArgument);
            return std::ptr::null_mut();
        };
        let to_move = match to_move {
            0 => None,
            code => match Color::from_code(code) {
                Some(c) => Some(c),
                None => {
                    super::status::set_last_error(&format!(
                        "invalid side to move {code} (0 to infer, 1 black, 2 white)"
                    ));
                    return std::ptr::null_mut();
                }
            },
        };
        let n = size as usize;
        if !(crate::MIN_SIZE..=crate::MAX_SIZE).contains(&n) {
            fail(crate::InvalidSizeError(n));
            return std::ptr::null_mut();
        }
        if cells.is_null() {
            fail_with(GomokuStatus::NullPointer);
            return std::ptr::null_mut();
        }
        let cells = std::slice::from_raw_parts(cells, n * n);
        let lines: Vec<&[i32]> = cells.chunks(n).collect();
        let game = if columns {
            Game::from_columns(&lines, rule, to_move)
        } else {
            Game::from_rows(&lines, rule, to_move)
        };
        match game {
            Ok(game) => GomokuGame::boxed(game),
            Err(e) => {
                fail(e);
                std::ptr::null_mut()
            }
        }
    })
}

/// A new game from a board array, rows first as printed: `cells[y * size +
/// x]` is 0 (empty), 1 (black) or 2 (white). `to_move` is 1 or 2, or 0 to
/// infer it from the counts (black when equal, white when black has one
/// more). NULL for an impossible board (too many stones of one colour, an
/// existing five, a bad code; details via `gomoku_last_error`).
///
/// # Safety
/// `cells` is NULL or points to `size * size` values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_new_from_rows(
    size: u32,
    rule: i32,
    cells: *const i32,
    to_move: i32,
) -> *mut GomokuGame {
    from_array(size, rule, cells, to_move, false)
}

/// A new game from a board array, columns first: `cells[x * size + y]`,
/// as `board[x][y]` in many course projects; otherwise as
/// `gomoku_new_from_rows`.
///
/// # Safety
/// `cells` is NULL or points to `size * size` values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_new_from_columns(
    size: u32,
    rule: i32,
    cells: *const i32,
    to_move: i32,
) -> *mut GomokuGame {
    from_array(size, rule, cells, to_move, true)
}

/// An independent copy of a game (for analysis or an AI thread): the same
/// position and history, its own AI engine with no table yet. NULL for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_clone(g: *const GomokuGame) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        match handle(g) {
            Some(h) => GomokuGame::boxed(h.lock().clone()),
            None => std::ptr::null_mut(),
        }
    })
}

/// Frees a game and its AI table. NULL is a no-op. No other call may be
/// running on the handle, and it must not be used afterwards.
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
