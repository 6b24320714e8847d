//! Games as text through the C ABI: the save format, history files, SGF
//! and Piskvork records.

use std::ffi::c_char;

use super::handle::{c_str, handle, write_text, GomokuGame};
use super::status::{fail, fail_with, set_last_error};
use super::{guard, GomokuStatus};
use crate::{Game, Rule};

/// Writes `text(game)` into `buf` like `write_text`, for a handle.
///
/// # Safety
/// `g` is NULL or a live handle; `buf` is NULL or points to `cap` writable bytes.
unsafe fn write_game_text(
    g: *const GomokuGame,
    buf: *mut c_char,
    cap: u32,
    text: impl FnOnce(&Game) -> String,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match handle(g) {
            Some(h) => {
                let text = text(&h.lock());
                write_text(&text, buf, cap)
            }
            None => GomokuStatus::NullPointer as i32,
        }
    })
}

/// A new handle from text read by `read`; NULL (with the reason as the last
/// error) if `text` is NULL, not UTF-8 or refused.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
unsafe fn read_game(
    text: *const c_char,
    read: impl FnOnce(&str) -> Result<Game, crate::ParseError>,
) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        match c_str(text).map(|t| read(t).map_err(fail)) {
            Ok(Ok(game)) => GomokuGame::boxed(game),
            _ => std::ptr::null_mut(),
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
    write_game_text(g, buf, cap, Game::save)
}

/// A game from save text; NULL if it is malformed (the line and reason via
/// `gomoku_last_error`).
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_load(text: *const c_char) -> *mut GomokuGame {
    read_game(text, Game::load)
}

/// Writes the game as a Piskvork `.psq` record, like `gomoku_save`.
///
/// # Safety
/// `g` is NULL or a live handle; `buf` is NULL or points to `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn gomoku_to_psq(g: *const GomokuGame, buf: *mut c_char, cap: u32) -> i32 {
    write_game_text(g, buf, cap, Game::to_psq)
}

/// A game from a Piskvork `.psq` record, replayed under `rule`; NULL if it is
/// malformed (details via `gomoku_last_error`).
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_from_psq(text: *const c_char, rule: i32) -> *mut GomokuGame {
    let Some(rule) = Rule::from_code(rule) else {
        fail_with(GomokuStatus::InvalidArgument);
        return std::ptr::null_mut();
    };
    read_game(text, |t| Game::from_psq(t, rule))
}

/// Writes the game as an SGF record (`GM[4]`), like `gomoku_save`.
///
/// # Safety
/// `g` is NULL or a live handle; `buf` is NULL or points to `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn gomoku_to_sgf(g: *const GomokuGame, buf: *mut c_char, cap: u32) -> i32 {
    write_game_text(g, buf, cap, Game::to_sgf)
}

/// A game from an SGF record (its first game, main line); NULL if it is
/// malformed (details via `gomoku_last_error`).
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_from_sgf(text: *const c_char) -> *mut GomokuGame {
    read_game(text, Game::from_sgf)
}

/// Appends the game's save text to the history file at `path` (created if
/// missing), so that a history keeps every finished game.
/// `GOMOKU_STATUS_IO_ERROR` if the file cannot be written.
///
/// # Safety
/// `g` is NULL or a live handle; `path` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_append_history(path: *const c_char, g: *const GomokuGame) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let Some(h) = handle(g) else {
            return GomokuStatus::NullPointer as i32;
        };
        let path = match c_str(path) {
            Ok(p) => p,
            Err(code) => return code,
        };
        let result = h.lock().append_to_history(std::path::Path::new(path));
        match result {
            Ok(()) => GomokuStatus::Ok as i32,
            Err(e) => {
                set_last_error(&format!("{path}: {e}"));
                GomokuStatus::IoError as i32
            }
        }
    })
}

/// The number of games in a history file's text (saves one after
/// another); `GOMOKU_STATUS_PARSE_ERROR` if any of them is malformed.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_history_count(text: *const c_char) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match c_str(text).map(|t| Game::load_all(t).map_err(fail)) {
            Ok(Ok(games)) => i32::try_from(games.len()).unwrap_or(i32::MAX),
            Ok(Err(code)) | Err(code) => code,
        }
    })
}

/// Every game of a history file's text in one pass: writes up to `cap` new
/// handles, oldest first, into `games` (the caller frees each with
/// `gomoku_free`) and returns how many the text holds;
/// `GOMOKU_STATUS_PARSE_ERROR` if any is malformed (nothing is written then).
/// With `cap` 0 it only counts.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string; `games` is NULL (only with
/// `cap` 0) or points to `cap` writable handle slots.
#[no_mangle]
pub unsafe extern "C" fn gomoku_history_games(
    text: *const c_char,
    games: *mut *mut GomokuGame,
    cap: u32,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let all = match c_str(text).map(|t| Game::load_all(t).map_err(fail)) {
            Ok(Ok(all)) => all,
            Ok(Err(code)) | Err(code) => return code,
        };
        if cap > 0 && games.is_null() {
            return fail_with(GomokuStatus::NullPointer);
        }
        let count = i32::try_from(all.len()).unwrap_or(i32::MAX);
        for (k, game) in all.into_iter().take(cap as usize).enumerate() {
            *games.add(k) = GomokuGame::boxed(game);
        }
        count
    })
}

/// Game `index` (0 = oldest) of a history file's text; NULL if the text is
/// malformed or has no such game. Reads the whole text each time:
/// `gomoku_history_games` reads a long history at once.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn gomoku_history_game(text: *const c_char, index: u32) -> *mut GomokuGame {
    read_game(text, |t| {
        let mut games = Game::load_all(t)?;
        let count = games.len();
        if (index as usize) < count {
            Ok(games.swap_remove(index as usize))
        } else {
            Err(crate::ParseError::new(format!(
                "no game {index}: the history has {count}"
            )))
        }
    })
}
