//! The C ABI (`include/gomoku.h`): opaque game handles, `int32_t` status
//! codes, and one panic boundary around every exported body.
//!
//! Every function accepts NULL pointers and returns an error status (or a
//! neutral value) instead of crashing. A handle may be used from any thread,
//! but from one at a time; the only call allowed concurrently on a handle is
//! `gomoku_ai_stop`.

mod ai;
mod formats;
mod game;
mod handle;
mod hint;
mod status;
mod symmetry;

pub use ai::*;
pub use formats::*;
pub use game::*;
pub use handle::*;
pub use hint::*;
pub use status::*;
pub use symmetry::*;

/// Runs an exported function body, turning a panic into `$on_panic` so that
/// no unwind ever crosses into C.
macro_rules! guard {
    ($on_panic:expr, $body:block) => {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| $body)) {
            Ok(value) => value,
            Err(_) => {
                $crate::ffi::status::set_last_error("internal error (panic) in libgomoku");
                $on_panic
            }
        }
    };
}
pub(crate) use guard;
