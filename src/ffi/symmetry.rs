//! The board's eight symmetries through the C ABI.

use super::handle::{handle, point, GomokuGame};
use super::status::{fail_with, set_last_error};
use super::{guard, GomokuStatus};
use crate::{Symmetry, MAX_SIZE, MIN_SIZE};

/// The symmetry for a C code, or the last error set and `None`.
fn symmetry(code: i32) -> Option<Symmetry> {
    let s = Symmetry::from_code(code);
    if s.is_none() {
        set_last_error(&format!("invalid symmetry {code} (0 to 7)"));
    }
    s
}

/// A new game: this one seen through a symmetry (`GOMOKU_SYMMETRY_*`), its
/// start position, moves, undone moves and players moved to their images.
/// NULL for NULL or an invalid symmetry.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_transform(
    g: *const GomokuGame,
    symmetry_code: i32,
) -> *mut GomokuGame {
    guard!(std::ptr::null_mut(), {
        let Some(h) = handle(g) else {
            return std::ptr::null_mut();
        };
        let Some(s) = symmetry(symmetry_code) else {
            return std::ptr::null_mut();
        };
        let image = h.lock().transformed(s);
        GomokuGame::boxed(image)
    })
}

/// The image of `(x, y)` under a symmetry on a `size × size` board, into
/// `*out_x`, `*out_y`. Errors: invalid size, symmetry or point.
///
/// # Safety
/// `out_x`, `out_y` are NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn gomoku_transform_point(
    size: u32,
    symmetry_code: i32,
    x: i32,
    y: i32,
    out_x: *mut i32,
    out_y: *mut i32,
) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        if out_x.is_null() || out_y.is_null() {
            return fail_with(GomokuStatus::NullPointer);
        }
        let n = size as usize;
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return fail_with(GomokuStatus::InvalidArgument);
        }
        let Some(s) = symmetry(symmetry_code) else {
            return GomokuStatus::InvalidArgument as i32;
        };
        let Some(p) = point(x, y).filter(|p| (p.x() as usize) < n && (p.y() as usize) < n) else {
            set_last_error(&format!("point ({x}, {y}) is off the board"));
            return GomokuStatus::OffBoard as i32;
        };
        let image = s.apply(p, n);
        *out_x = image.x().into();
        *out_y = image.y().into();
        GomokuStatus::Ok as i32
    })
}

/// The symmetry taking the position to its canonical form (the least of its
/// eight images), for opening books and duplicate detection;
/// `GOMOKU_STATUS_NULL_POINTER` for NULL.
///
/// # Safety
/// `g` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn gomoku_canonical_symmetry(g: *const GomokuGame) -> i32 {
    guard!(GomokuStatus::Panic as i32, {
        match handle(g) {
            Some(h) => h.lock().canonical_symmetry() as i32,
            None => GomokuStatus::NullPointer as i32,
        }
    })
}
