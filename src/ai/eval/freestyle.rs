//! Freestyle cell values fitted to game results: none, as no fit has yet
//! played better than the additive values (see [`super`]). `gomoku tune
//! --out src/ai/eval/freestyle.rs` replaces this module with a fit.

use super::FittedValue;

/// The fitted combinations, as [`super::cell_values`] reads them.
pub(crate) const CELL_VALUES: &[FittedValue] = &[];
