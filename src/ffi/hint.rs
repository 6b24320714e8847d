//! Hints that teach, through the C ABI: one call fills a caller-owned
//! struct, texts included, so nothing is left for the host to free.

use std::ffi::c_char;
use std::sync::TryLockError;

use super::ai::{read_options, GomokuAiOptions};
use super::handle::{handle, GomokuGame};
use super::status::{fail_with, set_last_error};
use super::{guard, GomokuStatus};
use crate::ai::{Hint, PointReason, Score, HINT_POINTS};
use crate::Language;

/// The points a hint explains.
pub const GOMOKU_HINT_POINTS: usize = 5;
/// The moves of a forced win a hint holds (longer lines are cut).
pub const GOMOKU_HINT_LINE: usize = 64;
/// The bytes of a hint's texts, NUL included.
pub const GOMOKU_HINT_TEXT: usize = 512;
/// The shapes a hint point lists as made or blocked: one per line.
pub const GOMOKU_HINT_SHAPES: usize = 4;

const _: () = assert!(GOMOKU_HINT_POINTS == HINT_POINTS);

/// One point of a hint and why it is worth playing.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct GomokuHintPoint {
    /// Column of the point.
    pub x: i32,
    /// Row of the point.
    pub y: i32,
    /// The point's threat value, higher is better.
    pub value: i64,
    /// How many entries of `makes` are set.
    pub makes_count: u32,
    /// The mover's shapes a stone here makes (`GOMOKU_SHAPE_*`), strongest first.
    pub makes: [i32; GOMOKU_HINT_SHAPES],
    /// How they combine (`GOMOKU_COMBINATION_*`).
    pub combination: i32,
    /// How many entries of `blocks` are set.
    pub blocks_count: u32,
    /// The opponent's shapes a stone here breaks (`GOMOKU_SHAPE_*`).
    pub blocks: [i32; GOMOKU_HINT_SHAPES],
    /// Why, as a sentence in the hint's language (NUL-terminated UTF-8).
    pub text: [c_char; GOMOKU_HINT_TEXT],
}

/// A hint for the side to move (`gomoku_hint`).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct GomokuHint {
    /// The point to play: column.
    pub x: i32,
    /// The point to play: row.
    pub y: i32,
    /// Heuristic score for the mover (0 when `mate_in` is set).
    pub score: i32,
    /// Plies to a forced end: > 0 the mover wins, < 0 loses, 0 none.
    pub mate_in: i32,
    /// The forced win the move starts (`GOMOKU_FORCED_WIN_*`).
    pub forced_win: i32,
    /// Length of the forced win's line (moves and replies, to the five);
    /// the first `GOMOKU_HINT_LINE` are in `line_xs`, `line_ys`.
    pub line_length: u32,
    /// Columns of the forced win's line.
    pub line_xs: [i32; GOMOKU_HINT_LINE],
    /// Rows of the forced win's line.
    pub line_ys: [i32; GOMOKU_HINT_LINE],
    /// How many of `points` are set; the first is the point to play.
    pub point_count: u32,
    /// The best points with their reasons.
    pub points: [GomokuHintPoint; GOMOKU_HINT_POINTS],
    /// The whole hint as a sentence (NUL-terminated UTF-8).
    pub text: [c_char; GOMOKU_HINT_TEXT],
}

/// Copies `text` into a fixed buffer, cut on a character boundary.
fn copy_text(text: &str, out: &mut [c_char; GOMOKU_HINT_TEXT]) {
    let mut end = text.len().min(GOMOKU_HINT_TEXT - 1);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    for (o, &b) in out.iter_mut().zip(&text.as_bytes()[..end]) {
        *o = b as c_char;
    }
    out[end] = 0;
}

fn point_of(hint: &Hint, r: &PointReason, language: Language) -> GomokuHintPoint {
    let mut p = GomokuHintPoint {
        x: r.point.x().into(),
        y: r.point.y().into(),
        value: r.value,
        makes_count: r.makes.len().min(GOMOKU_HINT_SHAPES) as u32,
        makes: [0; GOMOKU_HINT_SHAPES],
        combination: r.combination.map_or(0, |c| c as i32),
        blocks_count: r.blocks.len().min(GOMOKU_HINT_SHAPES) as u32,
        blocks: [0; GOMOKU_HINT_SHAPES],
        text: [0; GOMOKU_HINT_TEXT],
    };
    for (o, &s) in p.makes.iter_mut().zip(&r.makes) {
        *o = s as i32;
    }
    for (o, &s) in p.blocks.iter_mut().zip(&r.blocks) {
        *o = s as i32;
    }
    copy_text(&hint.explain(r, language), &mut p.text);
    p
}

/// A hint for the side to move into `*out`: the engine's move (searched
/// with `options`, NULL for defaults), the forced win it starts if a short
/// search finds one, and the best few points with the shapes each makes and
/// breaks, explained in `language` (`GOMOKU_LANGUAGE_*`). Does not play.
/// Errors as `gomoku_ai_move`.
///
/// # Safety
/// `g` is NULL or a live handle; `options` is NULL or valid; `out` is NULL
/// or writable.
#[no_mangle]
pub unsafe extern "C" fn gomoku_hint(
    g: *mut GomokuGame,
    options: *const GomokuAiOptions,
    language: i32,
    out: *mut GomokuHint,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let Some(h) = handle(g) else {
            return GomokuStatus::NullPointer as i32;
        };
        let Some(out) = out.as_mut() else {
            return fail_with(GomokuStatus::NullPointer);
        };
        let Some(language) = Language::from_code(language) else {
            set_last_error(&format!(
                "invalid language {language} (0 English, 1 Chinese)"
            ));
            return GomokuStatus::InvalidArgument as i32;
        };
        let options = match read_options(options) {
            Ok(o) => o,
            Err(code) => return code,
        };
        let mut engine = match h.engine.try_lock() {
            Ok(e) => e,
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            Err(TryLockError::WouldBlock) => return fail_with(GomokuStatus::Busy),
        };
        h.stop.get_or_init(|| engine.stop_handle());
        let game = h.lock().clone();
        let hint = match engine.hint(&game, &options) {
            Ok(hint) => hint,
            Err(e) => {
                set_last_error(&e.to_string());
                return GomokuStatus::from(&e) as i32;
            }
        };
        let (score, mate_in) = match hint.score {
            Score::Value(v) => (v, 0),
            Score::Win(n) => (0, n as i32),
            Score::Loss(n) => (0, -(n as i32)),
        };
        let line = hint.forced_win.as_ref().map_or(&[][..], |w| &w.line[..]);
        let mut result = GomokuHint {
            x: hint.best.x().into(),
            y: hint.best.y().into(),
            score,
            mate_in,
            forced_win: hint.forced_win.as_ref().map_or(0, |w| w.kind as i32),
            line_length: line.len() as u32,
            line_xs: [0; GOMOKU_HINT_LINE],
            line_ys: [0; GOMOKU_HINT_LINE],
            point_count: hint.candidates.len() as u32,
            points: [point_of(&hint, hint.best_reason(), language); GOMOKU_HINT_POINTS],
            text: [0; GOMOKU_HINT_TEXT],
        };
        for (k, p) in line.iter().take(GOMOKU_HINT_LINE).enumerate() {
            result.line_xs[k] = p.x().into();
            result.line_ys[k] = p.y().into();
        }
        for (o, r) in result.points.iter_mut().zip(&hint.candidates) {
            *o = point_of(&hint, r, language);
        }
        copy_text(&hint.describe(language), &mut result.text);
        *out = result;
        GomokuStatus::Ok as i32
    })
}
