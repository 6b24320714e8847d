//! The transposition table: search results by position hash.

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
    /// The score is exact.
    Exact,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    key: u64,
    /// Best move found (a cell index), `u16::MAX` for none.
    pub best: u16,
    /// Score, with mate scores relative to this node.
    pub score: i16,
    /// Depth searched.
    pub depth: i8,
    /// How `score` bounds the value.
    pub bound: Bound,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    best: u16::MAX,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

/// A fixed-size table, one entry per slot, replaced by depth.
pub(crate) struct TranspositionTable {
    entries: Vec<Entry>,
    mib: usize,
}

impl TranspositionTable {
    /// A table of at most `mib` mebibytes (at least one): the largest
    /// power-of-two number of entries that fits.
    pub(crate) fn new(mib: usize) -> TranspositionTable {
        let mib = mib.max(1);
        let fit = (mib << 20) / std::mem::size_of::<Entry>();
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        TranspositionTable {
            entries: vec![EMPTY_ENTRY; count],
            mib,
        }
    }

    /// The size asked for, in mebibytes.
    pub(crate) fn mib(&self) -> usize {
        self.mib
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(EMPTY_ENTRY);
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && e.depth >= 0).then_some(e)
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
        let old = self.entries[slot];
        if old.key == key && old.depth > depth as i8 && bound != Bound::Exact {
            return;
        }
        let best = best.map_or(if old.key == key { old.best } else { u16::MAX }, |b| {
            b as u16
        });
        self.entries[slot] = Entry {
            key,
            best,
            score: score as i16,
            depth: depth.clamp(0, i8::MAX as i32) as i8,
            bound,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_fits_its_size_and_keeps_it() {
        for mib in [1, 3, 16] {
            let tt = TranspositionTable::new(mib);
            assert_eq!(tt.mib(), mib);
            assert!(tt.entries.len() * std::mem::size_of::<Entry>() <= mib << 20);
            assert!(tt.entries.len() * 2 * std::mem::size_of::<Entry>() > mib << 20);
        }
    }

    #[test]
    fn stores_are_found_and_deeper_results_kept() {
        let mut tt = TranspositionTable::new(1);
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
        tt.clear();
        assert!(tt.probe(42).is_none());
    }
}
