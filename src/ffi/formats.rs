//! Games as text through the C ABI: the save format and Piskvork records.

use std::ffi::c_char;

use super::handle::{c_str, handle, write_text, GomokuGame};
use super::status::{fail, fail_with};
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
