//! The AI entry points of the C ABI.

use std::ffi::c_void;
use std::time::Duration;

use std::sync::TryLockError;

use super::handle::{handle, GomokuGame};
use super::status::{fail_with, set_last_error};
use super::{guard, GomokuStatus};
use crate::ai::{self, AiError, AiOptions, Progress, Score, MAX_LEVEL};

/// The strongest level (0 also means it).
pub const GOMOKU_MAX_LEVEL: u8 = 5;
/// The AI's table size when `GomokuAiOptions.table_mib` is 0, in MiB.
pub const GOMOKU_DEFAULT_TABLE_MIB: u32 = 16;

const _: () = assert!(
    GOMOKU_MAX_LEVEL == MAX_LEVEL && GOMOKU_DEFAULT_TABLE_MIB as usize == ai::DEFAULT_TABLE_MIB
);

/// Options for `gomoku_ai_move`. Zero-initialised means defaults; or
/// call `gomoku_ai_options_init`, which also sets `struct_size`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct GomokuAiOptions {
    /// `sizeof(GomokuAiOptions)` as the caller was compiled with, or 0 for
    /// this layout. Later versions add fields at the end and read only as
    /// many bytes as the caller says it has, so old hosts keep working.
    pub struct_size: u32,
    /// 1..=`gomoku_ai_max_level()`, from the classic heuristics to full
    /// strength; 0 is full strength.
    pub level: i32,
    /// Time budget in milliseconds; 0 = no time limit.
    pub time_ms: u32,
    /// Depth limit in plies; 0 = no depth limit.
    pub max_depth: u32,
    /// Node budget; 0 = no node limit.
    pub max_nodes: u64,
    /// Seed for breaking ties between equal points (levels 1 and 2).
    pub seed: u64,
    /// Size of the AI's transposition table in MiB; 0 = the default (16).
    /// Allocated by the first search at level 3 or above that needs it, kept
    /// between moves, freed with the handle.
    pub table_mib: u32,
}

/// Fills `options` with the defaults and its own `struct_size`.
/// NULL is a no-op.
///
/// # Safety
/// `options` is NULL or points to a writable `GomokuAiOptions`.
#[no_mangle]
pub unsafe extern "C" fn gomoku_ai_options_init(options: *mut GomokuAiOptions) {
    guard!((), {
        if let Some(o) = options.as_mut() {
            *o = GomokuAiOptions {
                struct_size: std::mem::size_of::<GomokuAiOptions>() as u32,
                table_mib: ai::DEFAULT_TABLE_MIB as u32,
                ..GomokuAiOptions::default()
            };
        }
    })
}

/// The caller's options as the core's, or the status refusing them.
///
/// # Safety
/// `raw` is NULL or points to a readable `GomokuAiOptions` of the size its
/// `struct_size` says (0: this layout).
pub(crate) unsafe fn read_options(raw: *const GomokuAiOptions) -> Result<AiOptions, i32> {
    let raw = match raw.as_ref() {
        None => GomokuAiOptions::default(),
        Some(o) => {
            let size = o.struct_size as usize;
            if size != 0 && size < std::mem::size_of::<GomokuAiOptions>() {
                set_last_error(&format!(
                    "GomokuAiOptions.struct_size {size} is smaller than the {} bytes of this library's layout",
                    std::mem::size_of::<GomokuAiOptions>()
                ));
                return Err(GomokuStatus::InvalidArgument as i32);
            }
            *o
        }
    };
    let level = u8::try_from(raw.level)
        .ok()
        .filter(|&l| l <= MAX_LEVEL)
        .ok_or_else(|| {
            set_last_error(&AiError::InvalidLevel(raw.level.clamp(0, 255) as u8).to_string());
            GomokuStatus::InvalidArgument as i32
        })?;
    Ok(AiOptions {
        level,
        time: (raw.time_ms > 0).then(|| Duration::from_millis(raw.time_ms.into())),
        max_nodes: (raw.max_nodes > 0).then_some(raw.max_nodes),
        max_depth: (raw.max_depth > 0).then_some(raw.max_depth),
        seed: raw.seed,
        table_mib: match raw.table_mib {
            0 => ai::DEFAULT_TABLE_MIB,
            mib => mib as usize,
        },
        ..AiOptions::default()
    })
}

/// What a search reports after each finished depth (see
/// `gomoku_ai_move_with_progress`). Pointers are valid during the callback only.
#[repr(C)]
#[derive(Debug)]
pub struct GomokuSearchInfo {
    /// Depth finished, in plies.
    pub depth: u32,
    /// Heuristic score for the side to move (0 when `mate_in` is set).
    pub score: i32,
    /// Plies to a forced end: > 0 the mover wins, < 0 the mover loses, 0 none.
    pub mate_in: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nodes_per_second: u64,
    /// Milliseconds so far.
    pub elapsed_ms: u32,
    /// Length of the principal variation.
    pub pv_length: u32,
    /// Columns of the principal variation's moves.
    pub pv_xs: *const i32,
    /// Rows of the principal variation's moves.
    pub pv_ys: *const i32,
}

/// Receives search progress; `user_data` is passed through unchanged.
pub type GomokuProgressCallback =
    Option<unsafe extern "C" fn(info: *const GomokuSearchInfo, user_data: *mut c_void)>;

/// The highest AI level (the search engine at full strength).
#[no_mangle]
pub extern "C" fn gomoku_ai_max_level() -> i32 {
    MAX_LEVEL as i32
}

/// The best move for the side to move into `*x`, `*y`, without playing it.
/// `options` NULL means defaults (full strength, one second). Blocks until
/// done; `gomoku_ai_stop` from another thread makes it return promptly with
/// the best move so far. The search works on a copy of the position taken
/// when the call starts, so other calls on the handle (a repaint reading the
/// board, say) go on meanwhile. Errors: invalid options, game over,
/// `GOMOKU_STATUS_BUSY` if the AI is already thinking on this handle,
/// `GOMOKU_STATUS_OUT_OF_MEMORY` if the table cannot be allocated.
///
/// # Safety
/// `g` is NULL or a live handle; `options` is NULL or valid; `x`, `y` writable.
#[no_mangle]
pub unsafe extern "C" fn gomoku_ai_move(
    g: *mut GomokuGame,
    options: *const GomokuAiOptions,
    x: *mut i32,
    y: *mut i32,
) -> i32 {
    gomoku_ai_move_with_progress(g, options, None, std::ptr::null_mut(), x, y)
}

/// `gomoku_ai_move`, calling `callback(info, user_data)` on the calling
/// thread after each finished depth (callback NULL: no reports).
///
/// # Safety
/// As `gomoku_ai_move`; `callback` is NULL or a valid function.
#[no_mangle]
pub unsafe extern "C" fn gomoku_ai_move_with_progress(
    g: *mut GomokuGame,
    options: *const GomokuAiOptions,
    callback: GomokuProgressCallback,
    user_data: *mut c_void,
    x: *mut i32,
    y: *mut i32,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let Some(h) = handle(g) else {
            return GomokuStatus::NullPointer as i32;
        };
        if x.is_null() || y.is_null() {
            return fail_with(GomokuStatus::NullPointer);
        }
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
        let mut report = |p: &Progress| {
            if let Some(cb) = callback {
                report_progress(p, cb, user_data);
            }
        };
        match engine.best_move_with_progress(&game, &options, &mut report) {
            Ok(m) => {
                *x = m.point.x().into();
                *y = m.point.y().into();
                GomokuStatus::Ok as i32
            }
            Err(e) => {
                set_last_error(&e.to_string());
                GomokuStatus::from(&e) as i32
            }
        }
    })
}

/// Calls a C progress callback with one report.
///
/// # Safety
/// `cb` is a valid function.
unsafe fn report_progress(
    p: &Progress,
    cb: unsafe extern "C" fn(*const GomokuSearchInfo, *mut c_void),
    user_data: *mut c_void,
) {
    let xs: Vec<i32> = p.pv.iter().map(|q| q.x().into()).collect();
    let ys: Vec<i32> = p.pv.iter().map(|q| q.y().into()).collect();
    let (score, mate_in) = match p.score {
        Score::Value(v) => (v, 0),
        Score::Win(n) => (0, n as i32),
        Score::Loss(n) => (0, -(n as i32)),
    };
    let info = GomokuSearchInfo {
        depth: p.depth,
        score,
        mate_in,
        nodes: p.nodes,
        nodes_per_second: p.nodes_per_second,
        elapsed_ms: p.elapsed.as_millis().min(u32::MAX as u128) as u32,
        pv_length: p.pv.len() as u32,
        pv_xs: xs.as_ptr(),
        pv_ys: ys.as_ptr(),
    };
    cb(&info, user_data);
}

/// Asks a running `gomoku_ai_move` on this handle to return at once with its
/// best move so far. Meant to be called from another thread; a no-op for
/// NULL or when nothing is thinking. It does not wait for any lock.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_ai_stop(g: *const GomokuGame) {
    guard!((), {
        if let Some(stop) = g.as_ref().and_then(|h| h.stop.get()) {
            stop.stop();
        }
    })
}

/// A score for every point, for hint heat maps: writes `size * size` values
/// row by row (`scores[y * size + x]`, higher is better for the side to
/// move, `INT32_MIN` where the side to move may not play) if `cap` allows,
/// and returns `size * size`. `level` as in `GomokuAiOptions` (0 = engine).
///
/// # Safety
/// `g` is NULL or a live handle; `scores` is NULL or points to `cap` values.
#[no_mangle]
pub unsafe extern "C" fn gomoku_ai_scores(
    g: *const GomokuGame,
    level: i32,
    scores: *mut i32,
    cap: u32,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        let Some(h) = handle(g) else {
            return GomokuStatus::NullPointer as i32;
        };
        let Some(level) = u8::try_from(level).ok().filter(|&l| l <= MAX_LEVEL) else {
            return fail_with(GomokuStatus::InvalidArgument);
        };
        let game = h.lock();
        let n = game.size();
        let total = (n * n) as u32;
        if cap >= total {
            if scores.is_null() {
                return fail_with(GomokuStatus::NullPointer);
            }
            std::slice::from_raw_parts_mut(scores, total as usize).fill(i32::MIN);
            for (p, s) in ai::score_map(&game, level) {
                *scores.add(p.y() as usize * n + p.x() as usize) =
                    s.clamp(i32::MIN as i64 + 1, i32::MAX as i64) as i32;
            }
        }
        total as i32
    })
}
