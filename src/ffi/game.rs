//! Playing and reading a game through its handle: moves, undo and redo, the
//! result, and the board and history in one call each.

use std::ffi::c_char;

use super::handle::{c_str, handle, point, write_grid, write_points, write_text, GomokuGame};
use super::status::{fail, fail_with, set_last_error};
use super::{guard, GomokuStatus};
use crate::{Color, Error, Game, Language, Rule};

/// The smallest board side.
pub const GOMOKU_MIN_SIZE: u32 = 5;
/// The largest board side: a board's stones fit in `GOMOKU_MAX_SIZE *
/// GOMOKU_MAX_SIZE` bytes.
pub const GOMOKU_MAX_SIZE: u32 = 26;
/// The usual board side.
pub const GOMOKU_DEFAULT_SIZE: u32 = 15;

const _: () = assert!(
    GOMOKU_MIN_SIZE as usize == crate::MIN_SIZE
        && GOMOKU_MAX_SIZE as usize == crate::MAX_SIZE
        && GOMOKU_DEFAULT_SIZE as usize == crate::DEFAULT_SIZE
);

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

/// Why the game ended: a `GOMOKU_REASON_*` code, 0 while it goes on (and
/// for NULL).
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_result_reason(g: *const GomokuGame) -> i32 {
    with_game_value(g, |game| game.end_reason().map_or(0, |r| r as i32))
}

/// The colour for a C code, or the status refusing it.
fn color(code: i32) -> Result<Color, i32> {
    Color::from_code(code).ok_or_else(|| {
        set_last_error(&format!("invalid colour {code} (1 black, 2 white)"));
        GomokuStatus::InvalidArgument as i32
    })
}

/// `loser` (1 black, 2 white) resigns; the other side wins. Refused
/// (`GOMOKU_STATUS_GAME_OVER`) once the game is over; `gomoku_undo` reopens it.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_resign(g: *mut GomokuGame, loser: i32) -> i32 {
    with_game_status(g, |game| match color(loser) {
        Ok(c) => status(game.resign(c)),
        Err(code) => code,
    })
}

/// `loser` ran out of time; the other side wins. As `gomoku_resign`.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_lose_on_time(g: *mut GomokuGame, loser: i32) -> i32 {
    with_game_status(g, |game| match color(loser) {
        Ok(c) => status(game.lose_on_time(c)),
        Err(code) => code,
    })
}

/// The players agree to a draw. As `gomoku_resign`.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_agree_draw(g: *mut GomokuGame) -> i32 {
    with_game_status(g, |game| status(game.agree_draw()))
}

/// Sets the name of the player of `color` (1 black, 2 white), kept in the
/// save text and SGF; `name` NULL clears it.
///
/// # Safety
/// `g` is NULL or a live handle; `name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_set_player(
    g: *mut GomokuGame,
    color_code: i32,
    name: *const c_char,
) -> i32 {
    with_game_status(g, |game| {
        let c = match color(color_code) {
            Ok(c) => c,
            Err(code) => return code,
        };
        let name = if name.is_null() {
            None
        } else {
            match c_str(name) {
                Ok(t) => Some(t),
                Err(code) => return code,
            }
        };
        game.info_mut().set_player(c, name);
        GomokuStatus::Ok as i32
    })
}

/// Writes the name of the player of `color` into `buf` as `gomoku_save`
/// writes text; returns its length, 0 if it has none.
///
/// # Safety
/// `g` is NULL or a live handle; `buf` is NULL or points to `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn gomoku_player(
    g: *const GomokuGame,
    color_code: i32,
    buf: *mut c_char,
    cap: u32,
) -> i32 {
    with_game_status(g, |game| match color(color_code) {
        Ok(c) => write_text(game.info().player(c).unwrap_or(""), buf, cap),
        Err(code) => code,
    })
}

/// Sets when the game was played (any text, e.g. `2026-12-01`); NULL clears it.
///
/// # Safety
/// `g` is NULL or a live handle; `date` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_set_date(g: *mut GomokuGame, date: *const c_char) -> i32 {
    with_game_status(g, |game| {
        game.info_mut().date = if date.is_null() {
            None
        } else {
            match c_str(date) {
                Ok(t) => Some(crate::game::one_line(t)),
                Err(code) => return code,
            }
        };
        GomokuStatus::Ok as i32
    })
}

/// Writes the game's date into `buf` as `gomoku_save` writes text; returns
/// its length, 0 if it has none.
///
/// # Safety
/// `g` is NULL or a live handle; `buf` is NULL or points to `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn gomoku_date(g: *const GomokuGame, buf: *mut c_char, cap: u32) -> i32 {
    with_game_status(g, |game| {
        write_text(game.info().date.as_deref().unwrap_or(""), buf, cap)
    })
}

/// How the game stands as a sentence in `language` (`GOMOKU_LANGUAGE_*`),
/// e.g. "black wins with five in a row" or "黑棋五连获胜", written into `buf`
/// as `gomoku_save` writes text.
///
/// # Safety
/// `g` is NULL or a live handle; `buf` is NULL or points to `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn gomoku_result_text(
    g: *const GomokuGame,
    language: i32,
    buf: *mut c_char,
    cap: u32,
) -> i32 {
    with_game_status(g, |game| match Language::from_code(language) {
        Some(l) => write_text(&l.result(game.result(), game.end_reason()), buf, cap),
        None => fail_with(GomokuStatus::InvalidArgument),
    })
}

/// A rule's name in `language`, as a static NUL-terminated string; "" for
/// an unknown rule or language.
#[no_mangle]
pub extern "C" fn gomoku_rule_name(rule: i32, language: i32) -> *const c_char {
    guard!(c"".as_ptr(), {
        match (Rule::from_code(rule), Language::from_code(language)) {
            (Some(r), Some(l)) => static_name(l.rule(r)),
            _ => c"".as_ptr(),
        }
    })
}

/// A colour's name in `language` (1 black, 2 white), e.g. "black" or "黑棋",
/// as a static NUL-terminated string; "" for an unknown colour or language.
#[no_mangle]
pub extern "C" fn gomoku_color_name(color_code: i32, language: i32) -> *const c_char {
    guard!(c"".as_ptr(), {
        match (Color::from_code(color_code), Language::from_code(language)) {
            (Some(c), Some(l)) => static_name(l.color(c)),
            _ => c"".as_ptr(),
        }
    })
}

/// A static NUL-terminated copy of one of the library's words (rule and
/// colour names in every language), made once for all of them.
fn static_name(name: &'static str) -> *const c_char {
    use std::ffi::CString;
    use std::sync::OnceLock;
    static NAMES: OnceLock<Vec<CString>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Language::ALL
            .iter()
            .flat_map(|&l| {
                let rules = Rule::ALL.map(|r| l.rule(r));
                let colors = Color::ALL.map(|c| l.color(c));
                rules.into_iter().chain(colors)
            })
            .map(|n| CString::new(n).unwrap_or_default())
            .collect()
    });
    names
        .iter()
        .find(|c| c.to_bytes() == name.as_bytes())
        .map_or(c"".as_ptr(), |c| c.as_ptr())
}
