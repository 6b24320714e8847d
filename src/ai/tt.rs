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
}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (a power-of-two number of entries).
    pub(crate) fn new(mib: usize) -> TranspositionTable {
        let bytes = mib.max(1) << 20;
        let count = (bytes / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
        TranspositionTable {
            entries: vec![EMPTY_ENTRY; count.max(1024)],
        }
    }

    /// The table's size in mebibytes.
    pub(crate) fn mib(&self) -> usize {
        (self.entries.len() * std::mem::size_of::<Entry>()) >> 20
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
