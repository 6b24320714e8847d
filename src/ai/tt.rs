//! The transposition table: search results by position hash.
//!
//! A slot is two words, the key and the packed result, and an all-zero slot
//! is empty. So a new table is zero pages straight from the allocator: it
//! costs no time to create, and memory only as the search touches it.

use std::alloc::{self, Layout};
use std::fmt;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value is at most the score (no move raised alpha).
    Upper = 0,
    /// The true value is at least the score (a beta cut-off).
    Lower = 1,
    /// The score is exact.
    Exact = 2,
}

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Best move found (a cell index), `u16::MAX` for none.
    pub best: u16,
    /// Score, with mate scores relative to this node.
    pub score: i16,
    /// Depth searched (at least 0).
    pub depth: i8,
    /// How `score` bounds the value.
    pub bound: Bound,
}

impl Entry {
    /// The entry in one non-zero word: the move plus one (0 = none) in bits
    /// 0–15, the score in 16–31, the depth plus one in 32–39, the bound in
    /// 40–41.
    fn pack(self) -> u64 {
        let best = self.best.wrapping_add(1) as u64;
        let depth = (self.depth as u8 as u64).wrapping_add(1) & 0xFF;
        best | (self.score as u16 as u64) << 16 | depth << 32 | (self.bound as u64) << 40
    }

    /// The entry packed by [`Entry::pack`], `None` for an empty slot.
    fn unpack(data: u64) -> Option<Entry> {
        let depth = (data >> 32) as u8;
        if depth == 0 {
            return None;
        }
        Some(Entry {
            best: (data as u16).wrapping_sub(1),
            score: (data >> 16) as u16 as i16,
            depth: (depth - 1) as i8,
            bound: match (data >> 40) & 3 {
                0 => Bound::Upper,
                1 => Bound::Lower,
                _ => Bound::Exact,
            },
        })
    }
}

/// A table of the requested size could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocationError {
    /// The size asked for, in mebibytes.
    pub mib: usize,
}

impl fmt::Display for TableAllocationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "could not allocate a {} MiB transposition table",
            self.mib
        )
    }
}

impl std::error::Error for TableAllocationError {}

/// A fixed-size table, one entry per slot, replaced by depth.
pub(crate) struct TranspositionTable {
    /// Per slot: the key and the packed entry.
    slots: Vec<[u64; 2]>,
    mib: usize,
}

impl TranspositionTable {
    /// A table of at most `mib` mebibytes (at least one): the largest
    /// power-of-two number of slots that fits, in zeroed memory. An error,
    /// not an abort, when the allocator has no room for it.
    pub(crate) fn new(mib: usize) -> Result<TranspositionTable, TableAllocationError> {
        let mib = mib.max(1);
        let error = TableAllocationError { mib };
        let bytes = mib.checked_mul(1 << 20).ok_or(error)?;
        let fit = bytes / std::mem::size_of::<[u64; 2]>();
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let layout = Layout::array::<[u64; 2]>(count).map_err(|_| error)?;
        // SAFETY: the layout has a non-zero size (count ≥ 1 << 16).
        let ptr = unsafe { alloc::alloc_zeroed(layout) }.cast::<[u64; 2]>();
        if ptr.is_null() {
            return Err(error);
        }
        // SAFETY: `ptr` comes from the global allocator with the layout of
        // `count` slots, all of them initialised (zero is a valid `[u64; 2]`).
        let slots = unsafe { Vec::from_raw_parts(ptr, count, count) };
        Ok(TranspositionTable { slots, mib })
    }

    /// The size asked for, in mebibytes.
    pub(crate) fn mib(&self) -> usize {
        self.mib
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// Forgets every entry. Writing the whole table also brings all of its
    /// pages into memory, which a fresh allocation leaves to first use.
    pub(crate) fn empty(&mut self) {
        self.slots.fill([0; 2]);
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let [k, data] = self.slots[self.slot(key)];
        if k == key {
            Entry::unpack(data)
        } else {
            None
        }
    }

    /// Stores a quiescence result (depth 0, no move), unless the slot holds
    /// a main-search result of any position: the many quiescence nodes must
    /// not push out the fewer, costlier ones.
    pub(crate) fn store_quiescence(&mut self, key: u64, score: i32, bound: Bound) {
        let slot = self.slot(key);
        if Entry::unpack(self.slots[slot][1]).is_some_and(|old| old.depth > 0) {
            return;
        }
        let entry = Entry {
            best: u16::MAX,
            score: score as i16,
            depth: 0,
            bound,
        };
        self.slots[slot] = [key, entry.pack()];
    }

    /// Stores a result, keeping a deeper one for the same position.
    pub(crate) fn store(
        &mut self,
        key: u64,
        best: Option<usize>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let slot = self.slot(key);
        let [old_key, old_data] = self.slots[slot];
        let old = (old_key == key).then(|| Entry::unpack(old_data)).flatten();
        if old.is_some_and(|o| o.depth as i32 > depth && bound != Bound::Exact) {
            return;
        }
        let best = best.map_or(old.map_or(u16::MAX, |o| o.best), |b| b as u16);
        let entry = Entry {
            best,
            score: score as i16,
            depth: depth.clamp(0, i8::MAX as i32) as i8,
            bound,
        };
        self.slots[slot] = [key, entry.pack()];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_fits_its_size_and_keeps_it() {
        for mib in [1, 3, 16] {
            let tt = TranspositionTable::new(mib).unwrap();
            assert_eq!(tt.mib(), mib);
            let slot = std::mem::size_of::<[u64; 2]>();
            assert!(tt.slots.len() * slot <= mib << 20);
            assert!(tt.slots.len() * 2 * slot > mib << 20);
        }
    }

    #[test]
    fn an_impossible_size_is_an_error_not_an_abort() {
        assert_eq!(
            TranspositionTable::new(usize::MAX).err(),
            Some(TableAllocationError { mib: usize::MAX })
        );
        let too_big = usize::MAX >> 21;
        assert!(TranspositionTable::new(too_big).is_err());
    }

    #[test]
    fn entries_pack_and_unpack_at_every_extreme() {
        for best in [0, 1, 1215, u16::MAX] {
            for score in [i16::MIN, -1, 0, 1, i16::MAX] {
                for depth in [0, 1, i8::MAX] {
                    for bound in [Bound::Upper, Bound::Lower, Bound::Exact] {
                        let e = Entry {
                            best,
                            score,
                            depth,
                            bound,
                        };
                        assert_ne!(e.pack(), 0);
                        assert_eq!(Entry::unpack(e.pack()), Some(e));
                    }
                }
            }
        }
        assert_eq!(Entry::unpack(0), None);
    }

    #[test]
    fn stores_are_found_and_deeper_results_kept() {
        let mut tt = TranspositionTable::new(1).unwrap();
        assert!(
            tt.probe(0).is_none(),
            "an empty slot is no entry, even for key 0"
        );
        tt.store(42, Some(7), 100, 5, Bound::Lower);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (7, 100, 5, Bound::Lower)
        );
        tt.store(42, None, 50, 2, Bound::Upper);
        assert_eq!(
            tt.probe(42).unwrap().depth,
            5,
            "a shallower bound does not replace"
        );
        tt.store(42, None, 60, 3, Bound::Exact);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.best, e.score),
            (7, 60),
            "exact results replace and keep the move"
        );
        assert!(tt.probe(43).is_none());
    }

    #[test]
    fn quiescence_results_never_push_out_main_search_ones() {
        let mut tt = TranspositionTable::new(1).unwrap();
        let same_slot = 42 + tt.slots.len() as u64;
        tt.store(42, Some(7), 100, 1, Bound::Lower);
        tt.store_quiescence(same_slot, -20, Bound::Upper);
        tt.store_quiescence(42, -20, Bound::Upper);
        assert!(tt.probe(same_slot).is_none());
        assert_eq!(tt.probe(42).unwrap().score, 100);
        tt.store_quiescence(43, -20, Bound::Upper);
        let e = tt.probe(43).unwrap();
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (u16::MAX, -20, 0, Bound::Upper)
        );
        let next = 43 + tt.slots.len() as u64;
        tt.store_quiescence(next, 5, Bound::Exact);
        assert!(
            tt.probe(43).is_none(),
            "one quiescence result replaces another"
        );
        assert_eq!(tt.probe(next).unwrap().score, 5);
        tt.store(43, Some(9), 30, 2, Bound::Exact);
        assert_eq!(
            tt.probe(43).unwrap().best,
            9,
            "a main-search result replaces one"
        );
    }
}
