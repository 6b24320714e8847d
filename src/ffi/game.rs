//! Playing and reading a game through its handle: moves, undo and redo, the
//! result, and the board and history in one call each.

use std::ffi::c_char;

use super::handle::{c_str, handle, point, write_grid, write_points, GomokuGame};
use super::status::{fail, fail_with, set_last_error};
use super::{guard, GomokuStatus};
use crate::{Error, Game};

/// Turns a result into a status code, recording the error text.
fn status<T>(r: Result<T, impl Into<Error>>) -> i32 {
    match r {
        Ok(_) => GomokuStatus::Ok as i32,
        Err(e) => fail(e),
    }
}

/// Runs `f` on the locked game behind `g`; `null` for NULL (recorded as the
/// last error) and `panic` if `f` panics.
///
/// # Safety
/// `g` is NULL or a live handle.
unsafe fn with_game<T>(
    g: *const GomokuGame,
    null: T,
    panic: T,
    f: impl FnOnce(&mut Game) -> T,
) -> T {
    guard!(panic, {
        match handle(g) {
            Some(h) => f(&mut h.lock()),
            None => null,
        }
    })
}

/// A status-returning call: `GOMOKU_STATUS_NULL_POINTER` for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
unsafe fn with_game_status(g: *const GomokuGame, f: impl FnOnce(&mut Game) -> i32) -> i32 {
    let null = GomokuStatus::NullPointer as i32;
    with_game(g, null, GomokuStatus::Panic as i32, f)
}

/// A call whose answer is a number where 0 means none or no: 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
unsafe fn with_game_value<T: Default>(g: *const GomokuGame, f: impl FnOnce(&Game) -> T) -> T {
    with_game(g, T::default(), T::default(), |game| f(game))
}

/// Plays `(x, y)` for the side to move. Errors: off board, occupied,
/// forbidden, game over; the game is unchanged on error.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_play(g: *mut GomokuGame, x: i32, y: i32) -> i32 {
    with_game_status(g, |game| {
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
    with_game_status(g, |game| {
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
    with_game_status(g, |game| status(game.undo()))
}

/// Replays the last undone move. A new move clears the redo list.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_redo(g: *mut GomokuGame) -> i32 {
    with_game_status(g, |game| status(game.redo()))
}

/// The winner: 0 none (yet, or a draw), 1 black, 2 white; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_winner(g: *const GomokuGame) -> i32 {
    with_game_value(g, |game| game.winner().map_or(0, |c| c as i32))
}

/// The result: 0 ongoing, 1 black won, 2 white won, 3 draw; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_result(g: *const GomokuGame) -> i32 {
    with_game_value(g, |game| game.result() as i32)
}

/// The side to move: 1 black, 2 white; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_side_to_move(g: *const GomokuGame) -> i32 {
    with_game_value(g, |game| game.side_to_move() as i32)
}

/// The stone at `(x, y)`: 0 empty, 1 black, 2 white;
/// `GOMOKU_STATUS_OFF_BOARD` off the board, `GOMOKU_STATUS_NULL_POINTER` for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_stone(g: *const GomokuGame, x: i32, y: i32) -> i32 {
    with_game_status(g, |game| {
        match point(x, y).filter(|&p| game.board().contains(p)) {
            Some(p) => game.board().stone(p).map_or(0, |c| c as i32),
            None => {
                set_last_error(&format!("point ({x}, {y}) is off the board"));
                GomokuStatus::OffBoard as i32
            }
        }
    })
}

/// The board side; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_size(g: *const GomokuGame) -> u32 {
    with_game_value(g, |game| game.size() as u32)
}

/// The rule code (0 freestyle, 1 standard, 2 renju, 3 caro);
/// `GOMOKU_STATUS_NULL_POINTER` for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_rule(g: *const GomokuGame) -> i32 {
    with_game_status(g, |game| game.rule() as i32)
}

/// The number of moves played since the start position; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_move_count(g: *const GomokuGame) -> u32 {
    with_game_value(g, |game| game.move_count() as u32)
}

/// The number of moves `gomoku_redo` can replay; 0 for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_redo_count(g: *const GomokuGame) -> u32 {
    with_game_value(g, |game| game.redo_moves().count() as u32)
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
    with_game_status(g, |game| {
        if x.is_null() || y.is_null() {
            return fail_with(GomokuStatus::NullPointer);
        }
        let Some(p) = game.moves().get(i as usize) else {
            set_last_error(&format!(
                "no move {i}: the game has {} moves",
                game.move_count()
            ));
            return GomokuStatus::InvalidArgument as i32;
        };
        *x = p.x().into();
        *y = p.y().into();
        GomokuStatus::Ok as i32
    })
}

/// The whole history in one call: returns the number of moves since the
/// start position and writes up to `cap` of them, oldest first, into `xs`,
/// `ys`.
///
/// # Safety
/// `g` is NULL or a live handle; `xs`, `ys` point to `cap` writable values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_moves(
    g: *const GomokuGame,
    xs: *mut i32,
    ys: *mut i32,
    cap: u32,
) -> i32 {
    with_game_status(g, |game| {
        write_points(game.moves().iter().copied(), xs, ys, cap)
    })
}

/// The undone moves `gomoku_redo` would replay, next one first: returns how
/// many and writes up to `cap` into `xs`, `ys`.
///
/// # Safety
/// `g` is NULL or a live handle; `xs`, `ys` point to `cap` writable values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_redo_moves(
    g: *const GomokuGame,
    xs: *mut i32,
    ys: *mut i32,
    cap: u32,
) -> i32 {
    with_game_status(g, |game| {
        let redo: Vec<_> = game.redo_moves().collect();
        write_points(redo.into_iter(), xs, ys, cap)
    })
}

/// The whole board in one call, rows first as printed: writes the stone of
/// `(x, y)` (0 empty, 1 black, 2 white) to `cells[y * size + x]` if `cap` is
/// at least `size * size`, and returns `size * size` either way.
///
/// # Safety
/// `g` is NULL or a live handle; `cells` is NULL or points to `cap` writable values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_board_rows(g: *const GomokuGame, cells: *mut i32, cap: u32) -> i32 {
    with_game_status(g, |game| {
        let n = game.size();
        write_grid(n, cells, cap, |x, y| y * n + x, |p| stone_code(game, p))
    })
}

/// The whole board in one call, columns first (as `board[x][y]`): like
/// `gomoku_board_rows`, writing the stone of `(x, y)` to `cells[x * size + y]`.
///
/// # Safety
/// `g` is NULL or a live handle; `cells` is NULL or points to `cap` writable values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_board_columns(
    g: *const GomokuGame,
    cells: *mut i32,
    cap: u32,
) -> i32 {
    with_game_status(g, |game| {
        let n = game.size();
        write_grid(n, cells, cap, |x, y| x * n + y, |p| stone_code(game, p))
    })
}

/// The C code of the stone on a board point.
fn stone_code(game: &Game, p: crate::Point) -> i32 {
    game.board().stone(p).map_or(0, |c| c as i32)
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
    with_game_status(g, |game| {
        write_points(game.winning_line().iter().copied(), xs, ys, cap)
    })
}

/// 1 if black may not play `(x, y)` now under renju (double-three,
/// double-four or overline), else 0 (also for NULL and off-board points).
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_is_forbidden(g: *const GomokuGame, x: i32, y: i32) -> i32 {
    with_game_value(g, |game| {
        point(x, y).is_some_and(|p| game.is_forbidden(p)) as i32
    })
}

/// 1 if the side to move may play `(x, y)` now, else 0 (also for NULL).
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_is_legal(g: *const GomokuGame, x: i32, y: i32) -> i32 {
    with_game_value(g, |game| {
        point(x, y).is_some_and(|p| game.is_legal(p)) as i32
    })
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
    with_game_status(g, |game| {
        write_points(game.forbidden_points().into_iter(), xs, ys, cap)
    })
}
