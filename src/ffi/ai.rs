//! The AI entry points of the C ABI.

use std::sync::atomic::Ordering;

use super::game::GomokuGame;
use super::status::fail_with;
use super::{guard, GomokuStatus};

/// Options for `gomoku_ai_move`; zero-initialised means defaults.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct GomokuAiOptions {
    /// 1..=`gomoku_ai_max_level()`, from the classic heuristics to full
    /// strength; 0 is full strength.
    pub level: i32,
    /// Time budget in milliseconds; 0 = no time limit.
    pub time_ms: u32,
    /// Node budget; 0 = no node limit.
    pub max_nodes: u64,
    /// Depth limit in plies; 0 = no depth limit.
    pub max_depth: u32,
    /// Seed for the levels that choose among equal moves at random.
    pub seed: u64,
}

/// The highest AI level (0 while this build has no AI).
#[no_mangle]
pub extern "C" fn gomoku_ai_max_level() -> i32 {
    0
}

/// The best move for the side to move into `*x`, `*y`, without playing it.
/// `options` NULL means defaults. Returns `GOMOKU_STATUS_NOT_AVAILABLE` while
/// this build has no AI.
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
    guard!(GomokuStatus::Panic as i32, {
        let Some(handle) = g.as_ref() else {
            return fail_with(GomokuStatus::NullPointer);
        };
        if x.is_null() || y.is_null() {
            return fail_with(GomokuStatus::NullPointer);
        }
        let options = options.as_ref().copied().unwrap_or_default();
        if options.level < 0 || options.level > gomoku_ai_max_level() {
            return fail_with(GomokuStatus::InvalidArgument);
        }
        handle.stop.store(false, Ordering::Relaxed);
        fail_with(GomokuStatus::NotAvailable)
    })
}

/// Asks a running `gomoku_ai_move` on this handle to return at once with its
/// best move so far. The one call that may be made from another thread while
/// the handle is in use; a no-op for NULL or when nothing is thinking.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_ai_stop(g: *const GomokuGame) {
    guard!((), {
        if let Some(handle) = g.as_ref() {
            handle.stop.store(true, Ordering::Relaxed);
        }
    })
}
