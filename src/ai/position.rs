//! The search board: the core board plus, for every empty cell, the line
//! patterns both colours would make there, kept up to date move by move.

use std::sync::OnceLock;

use super::eval::{
    cell_values, nearness, values_table, weights, CellValues, MoveFeatures, EVAL_UNIT,
    THREAT_MASKS, VALUE_TABLES,
};
use super::lines::{cell_at, window_at, LineKeys};
use super::pattern::{pair_table, PairTable, Pattern, HALF};
use crate::board::{index, point_at, Board, CELLS, DIRECTIONS, EMPTY, STRIDE};
use crate::rules::is_forbidden;
use crate::{Color, Game, Point, Rule};

/// Value of one line pattern for move ordering, weakest first (indexed by
/// [`Pattern`]). The evaluation's additive weights ([`super::eval`]) are
/// the same values, 1.2 times for the side to move. An open two is worth
/// little more than a blocked one: at 5 instead of 10 the engine scored
/// 58.1% over 400 games (arena, brain against brain at 150 ms); at 16 it
/// scored 21.8%, at 3 no better.
const PATTERN_VALUE: [i32; 11] = [0, 0, 1, 2, 4, 5, 12, 40, 50, 400, 5000];

/// What one colour would get by playing an empty cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellThreat {
    /// Sum of the pattern values plus combination bonuses, for the threat
    /// solvers' move ordering and the hints' score map (the search orders
    /// by [`Position::move_score`]).
    pub value: i32,
    /// The cell's evaluation value, packed as in [`CellValues`].
    eval: u64,
    /// The strongest pattern over the four lines.
    pub best: Pattern,
    /// How many lines become a four or better.
    pub fours: u8,
    /// How many lines become an open three.
    pub threes: u8,
    /// Which of the position's cell counts ([`Counts`]) the cell is in.
    counted: u8,
}

/// The pattern of each code, indexed by any byte like [`PACKED`].
const BEST: [Pattern; 256] = {
    let mut best = [Pattern::Dead; 256];
    let mut p = 0;
    while p < Pattern::ALL.len() {
        best[p] = Pattern::ALL[p];
        p += 1;
    }
    best
};

/// Per colour, how many empty cells make a five, an open four or two fours,
/// a four or better, and a four-three or double three, as 16-bit fields of
/// one word (bits 0, 16, 32 and 48) so that a cell's change updates all four
/// in one addition.
type Counts = u64;

/// [`CellThreat::counted`] bits: a five, a flex four, a four, and a four
/// with an open three or two open threes where those count.
const FIVE: u8 = 1;
const FLEX_FOUR: u8 = 2;
const FOUR: u8 = 4;
const FOUR_THREE: u8 = 8;

/// The [`Counts`] a cell adds, by its [`CellThreat::counted`] bits.
const COUNTED: [Counts; 16] = {
    let mut table = [0; 16];
    let mut bits = 0;
    while bits < 16 {
        let b = bits as u64;
        table[bits] = (b & 1) | (b >> 1 & 1) << 16 | (b >> 2 & 1) << 32 | (b >> 3 & 1) << 48;
        bits += 1;
    }
    table
};

/// Applies one [`Toggle`] to the marks (applying it again undoes it).
#[inline(always)]
fn toggle(marks: &mut Marks, t: Toggle) {
    let (cell, c) = ((t >> 1) as usize, (t & 1) as usize);
    marks[c][(cell / 64) % MARK_WORDS] ^= 1 << (cell % 64);
}

/// The [`Counts`] field of five cells, flex-four cells or four cells.
fn count(counts: Counts, bit: u8) -> u16 {
    (counts >> (16 * bit.trailing_zeros())) as u16
}

/// What the combinations of a cell's fours and open threes add to its
/// ordering value, indexed by whether double fours and double threes
/// count, then by fours (0, 1, 2+) × 3 + threes (0, 1, 2+).
const COMBINATIONS: [[i32; 9]; 2] = {
    let mut table = [[0; 9]; 2];
    let mut combos = 0;
    while combos < 2 {
        let mut k = 0;
        while k < 9 {
            let (fours, threes) = (k / 3, k % 3);
            let mut value = 0;
            if fours >= 1 && threes >= 1 {
                value += 500;
            }
            if combos == 1 {
                if fours >= 2 {
                    value += 800;
                } else if threes >= 2 {
                    value += 300;
                }
            }
            table[combos][k] = value;
            k += 1;
        }
        combos += 1;
    }
    table
};

/// Per pattern code, its contributions to a cell packed in one word so the
/// four lines of a cell add up in four additions: ordering value (bits
/// 0–15), then one in the fours count (56–59) or the threes count (60–63).
/// No field overflows in four additions.
///
/// Indexed by any byte, so that a code read from a cell needs no bounds
/// check; the codes past [`Pattern::F5`] never occur.
const PACKED: [u64; 256] = {
    let mut packed = [0u64; 256];
    let mut p = 0;
    while p < 11 {
        let value = PATTERN_VALUE[p];
        assert!(value >= 0 && value < 1 << 14);
        packed[p] = value as u64;
        if p >= Pattern::B4 as usize {
            packed[p] |= 1 << 56;
        } else if p == Pattern::F3 as usize {
            packed[p] |= 1 << 60;
        }
        p += 1;
    }
    packed
};

impl CellThreat {
    /// The threat of one colour's four line patterns, given as pattern
    /// codes, with that colour's cell values; `combos` as in
    /// [`combos_count`]. The search reads it from a [`ThreatTable`].
    fn of(patterns: [u8; 4], combos: bool, values: &CellValues) -> CellThreat {
        let [a, b, c, d] = patterns.map(usize::from);
        let sum = PACKED[a] + PACKED[b] + PACKED[c] + PACKED[d];
        let best = BEST[a.max(b).max(c.max(d))];
        let (fours, threes) = ((sum >> 56 & 0xF) as u8, (sum >> 60) as u8);
        let value =
            COMBINATIONS[usize::from(combos)][usize::from(fours.min(2) * 3 + threes.min(2))];
        let five = best == Pattern::F5;
        let flex_four = best >= Pattern::F4 || fours >= 2;
        let four_three = fours >= 1 && threes >= 1 || combos && threes >= 2;
        CellThreat {
            value: (sum & 0xFFFF) as i32 + value,
            eval: values.get(patterns),
            best,
            fours,
            threes,
            counted: (if five { FIVE } else { 0 })
                | (if flex_four { FLEX_FOUR } else { 0 })
                | (if fours > 0 { FOUR } else { 0 })
                | (if four_three { FOUR_THREE } else { 0 }),
        }
    }

    /// A five: playing here wins.
    pub(crate) fn is_five(&self) -> bool {
        self.counted & FIVE != 0
    }

    /// A four or better (forcing).
    pub(crate) fn is_four(&self) -> bool {
        self.fours > 0
    }

    /// Makes an open four or two fours: wins next move unless the opponent
    /// has a five (or, for renju black, the point is forbidden).
    pub(crate) fn is_flex_four(&self) -> bool {
        self.counted & FLEX_FOUR != 0
    }
}

/// Pattern codes.
const CODES: usize = Pattern::ALL.len();

/// Unordered pairs of pattern codes.
const PAIRS: usize = CODES * (CODES + 1) / 2;

/// The index of a pair of pattern codes in any order.
const fn pair_index(a: usize, b: usize) -> usize {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    hi * (hi + 1) / 2 + lo
}
const _: () = assert!(pair_index(CODES - 1, CODES - 1) + 1 == PAIRS);

/// [`pair_index`] of every two codes, by `16 × a + b`: a cell's threat is
/// looked up by the pairs of its first two and last two lines, without
/// sorting four codes in the search's hottest loop. Sized so that any two
/// codes index it (those past [`Pattern::F5`] never occur).
const PAIR: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        if k / 16 < CODES && k % 16 < CODES {
            t[k] = pair_index(k / 16, k % 16) as u8;
        }
        k += 1;
    }
    t
};

/// One colour's [`CellThreat`] of every combination of four line patterns,
/// worked out once so that a move's changed cells each cost one lookup.
struct ThreatTable {
    /// By the [`PAIR`] indexes of lines 0–1 and 2–3, as
    /// `PAIRS × first + second`.
    by_pairs: Box<[CellThreat; PAIRS * PAIRS]>,
}

impl ThreatTable {
    /// The threats of every combination; `combos` as in [`combos_count`].
    fn new(combos: bool, values: &CellValues) -> ThreatTable {
        let mut by_pairs = Box::new([CellThreat::default(); PAIRS * PAIRS]);
        for (a, b, c, d) in (0..CODES)
            .flat_map(|a| (a..CODES).map(move |b| (a, b)))
            .flat_map(|(a, b)| (0..CODES).flat_map(move |c| (c..CODES).map(move |d| (a, b, c, d))))
        {
            let codes = [a, b, c, d].map(|x| x as u8);
            by_pairs[pair_index(a, b) * PAIRS + pair_index(c, d)] =
                CellThreat::of(codes, combos, values);
        }
        ThreatTable { by_pairs }
    }

    /// The threat of four line patterns, given as pattern codes.
    #[inline(always)]
    fn get(&self, codes: [u8; 4]) -> CellThreat {
        let [a, b, c, d] = codes.map(usize::from);
        let pair = |x: usize, y: usize| usize::from(PAIR[(x << 4 | y) & 0xFF]);
        self.by_pairs[pair(a, b) * PAIRS + pair(c, d)]
    }
}

/// The threat table of colour index `c` under `rule`.
fn threat_table(rule: Rule, c: usize) -> &'static ThreatTable {
    static TABLES: [OnceLock<ThreatTable>; VALUE_TABLES] =
        [const { OnceLock::new() }; VALUE_TABLES];
    let combos = combos_count(rule, c);
    TABLES[values_table(rule, combos)]
        .get_or_init(|| ThreatTable::new(combos, cell_values(rule, combos)))
}

/// Whether two fours or two threes on one cell count for colour index `c`
/// under `rule` (not for renju black, where they are forbidden).
fn combos_count(rule: Rule, c: usize) -> bool {
    !(rule == Rule::Renju && c == 0)
}

/// Both colours, for [`Position::set_threats`].
const BOTH: [bool; 2] = [true, true];

/// The four line patterns of colour index `c` from a cell's packed codes.
#[inline]
fn colour_patterns(patterns: u64, c: usize) -> [u8; 4] {
    let bytes = patterns.to_le_bytes();
    [
        bytes[4 * c],
        bytes[4 * c + 1],
        bytes[4 * c + 2],
        bytes[4 * c + 3],
    ]
}

/// 64-bit keys for every (colour, cell), fixed so hashes are reproducible.
static ZOBRIST: [[u64; CELLS]; 2] = {
    let mut table = [[0u64; CELLS]; 2];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            table[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    table
};

/// Key of the side to move being white.
const WHITE_TO_MOVE: u64 = 0x5851_F42D_4C95_7F2D;

/// A cell as it was before a move changed it, for [`Position::unmake`].
#[derive(Clone, Copy, Debug)]
struct SavedCell {
    cell: u16,
    patterns: u64,
    threats: [CellThreat; 2],
}

/// The position's sums before a move, and where its saved cells and its
/// mark toggles start.
#[derive(Clone, Copy, Debug)]
struct Undo {
    first_saved: u32,
    first_toggle: u32,
    totals: [u64; 2],
    counts: [Counts; 2],
}

/// Words of a bit set over the padded cells.
const MARK_WORDS: usize = CELLS.div_ceil(64);

/// Per colour, the cells where it would make a four or better, as a bit
/// set: fours, flex fours and fives (all fours) are found without a board
/// scan.
type Marks = [CellSet; 2];

/// A set of cells, one bit per cell index.
type CellSet = [u64; MARK_WORDS];

/// The cells of a set, in cell order.
fn cells_of(set: CellSet) -> impl Iterator<Item = usize> {
    set.into_iter().enumerate().flat_map(|(w, word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                w * 64 + b
            })
        })
    })
}

/// One change to the [`Marks`]: a cell that became or stopped being a four
/// cell for a colour index, packed as `cell << 1 | colour`.
type Toggle = u32;

/// Plies of saved cells a new position has room for before it allocates.
const SAVED_PLIES: usize = 48;

/// The cells a move can change: its own and four on each side along each
/// of the four lines.
const CELLS_PER_MOVE: usize = 1 + 4 * 2 * HALF;

/// A position the engine searches: make and unmake moves, read threats.
#[derive(Clone)]
pub(crate) struct Position {
    board: Board,
    lines: LineKeys,
    rule: Rule,
    patterns_by_key: &'static PairTable,
    /// Per colour, the threat of every combination of line patterns.
    threat_tables: [&'static ThreatTable; 2],
    /// The evaluation's value of each [`Position::threat_mask`].
    threat_values: &'static [i32; THREAT_MASKS],
    side: Color,
    /// Per cell, the line patterns as codes: byte `4 × colour + direction`.
    patterns: Vec<u64>,
    threats: Vec<[CellThreat; 2]>,
    /// Per colour, the evaluation sums over the empty cells, packed as in
    /// [`CellThreat`] (each half stays non-negative, so wrapping additions
    /// and subtractions of whole words keep both exact).
    totals: [u64; 2],
    /// Per colour, the empty cells where it would make a five, a flex four
    /// and a four...
    counts: [Counts; 2],
    /// ...and which cells they are.
    marks: Marks,
    /// The stones and the board's cells, as bit sets: the candidates
    /// come from them without a board scan.
    stones: CellSet,
    on_board: CellSet,
    hash: u64,
    moves: Vec<usize>,
    /// Per move made, what [`Position::unmake`] restores...
    undo: Vec<Undo>,
    /// ...the cells it changed, as they were, and the mark bits it flipped.
    saved: Vec<SavedCell>,
    toggles: Vec<Toggle>,
}

impl Position {
    /// The position of a game, with its side to move.
    pub(crate) fn new(game: &Game) -> Position {
        let rule = game.rule();
        let mut pos = Position {
            board: Board::new(game.size()).expect("a game's size is valid"),
            lines: LineKeys::empty(game.size()),
            rule,
            patterns_by_key: pair_table(rule),
            threat_tables: [0, 1].map(|c| threat_table(rule, c)),
            threat_values: &weights(rule).threats,
            side: Color::Black,
            patterns: vec![0; CELLS],
            threats: vec![[CellThreat::default(); 2]; CELLS],
            totals: [0; 2],
            counts: [0; 2],
            marks: [[0; MARK_WORDS]; 2],
            stones: [0; MARK_WORDS],
            on_board: [0; MARK_WORDS],
            hash: 0,
            moves: Vec::with_capacity(CELLS),
            undo: Vec::with_capacity(CELLS),
            saved: Vec::with_capacity(SAVED_PLIES * CELLS_PER_MOVE),
            toggles: Vec::with_capacity(SAVED_PLIES * 4),
        };
        for p in pos.board.points().collect::<Vec<_>>() {
            pos.on_board[index(p) / 64] |= 1 << (index(p) % 64);
            pos.refresh_cell(index(p));
        }
        for (p, c) in game.board().stones() {
            pos.side = c;
            pos.make(index(p));
        }
        pos.moves.clear();
        pos.undo.clear();
        pos.saved.clear();
        pos.toggles.clear();
        pos.side = game.side_to_move();
        pos.hash = pos.stone_hash()
            ^ if pos.side == Color::White {
                WHITE_TO_MOVE
            } else {
                0
            };
        pos
    }

    fn stone_hash(&self) -> u64 {
        self.board
            .stones()
            .fold(0, |h, (p, c)| h ^ ZOBRIST[c as usize - 1][index(p)])
    }

    /// Hands the move to the other side without a stone (a pass), to ask
    /// what that side threatens; a second pass takes it back. Passes are not
    /// moves: [`Position::own_last_move`] does not see them.
    pub(crate) fn pass(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= WHITE_TO_MOVE;
    }

    /// The rule the position is played under.
    pub(crate) fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to move.
    pub(crate) fn side(&self) -> Color {
        self.side
    }

    /// The position's hash (stones and side to move).
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the position would have after the side to move plays `i`.
    #[inline]
    pub(crate) fn hash_after(&self, i: usize) -> u64 {
        self.hash ^ ZOBRIST[self.side as usize - 1][i] ^ WHITE_TO_MOVE
    }

    /// Whether the board is full.
    pub(crate) fn is_full(&self) -> bool {
        self.board.is_full()
    }

    /// What `color` would get by playing the empty cell `i`.
    #[inline]
    pub(crate) fn threat(&self, i: usize, color: Color) -> CellThreat {
        self.threats[i][color as usize - 1]
    }

    /// The pattern `color` would make on cell `i` along direction `d`.
    pub(crate) fn pattern(&self, i: usize, color: Color, d: usize) -> Pattern {
        Pattern::ALL[self.patterns[i].to_le_bytes()[4 * (color as usize - 1) + d] as usize]
    }

    /// Whether cell `i` is an empty board cell.
    #[inline]
    pub(crate) fn is_empty(&self, i: usize) -> bool {
        self.board.cell(i) == EMPTY
    }

    /// Whether the side to move may play the empty cell `i` (renju: black's
    /// forbidden points are not legal).
    pub(crate) fn is_legal(&self, i: usize) -> bool {
        self.is_legal_for(i, self.side)
    }

    /// Whether `color` may play the empty cell `i`.
    pub(crate) fn is_legal_for(&self, i: usize, color: Color) -> bool {
        self.is_empty(i)
            && !(self.rule == Rule::Renju
                && color == Color::Black
                && self.may_be_forbidden(i)
                && is_forbidden(&self.board, i))
    }

    /// Whether black's line patterns on the empty cell `i` leave room for
    /// a forbidden move: a four (two fours may share its line, `X.XXX.X`),
    /// two open threes, or an overline, and no five. Most cells have none
    /// of these, and so skip the full check.
    fn may_be_forbidden(&self, i: usize) -> bool {
        let black = self.threat(i, Color::Black);
        !black.is_five()
            && (black.fours > 0
                || black.threes >= 2
                || (0..DIRECTIONS.len())
                    .any(|d| self.pattern(i, Color::Black, d) == Pattern::Overline))
    }

    /// The empty board cells, row by row.
    pub(crate) fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.board.empty_points().map(index)
    }

    /// Cells near stones (or the centre on an empty board), the default
    /// candidates for a move.
    pub(crate) fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        let centre = (self.board.stone_count() == 0).then(|| index(self.board.center()));
        // On an empty board no cell is near a stone: only the centre comes.
        centre.into_iter().chain(cells_of(self.near_stones()))
    }

    /// The empty cells within two rows and two columns of a stone.
    fn near_stones(&self) -> CellSet {
        // Along rows first: a word holds two rows of STRIDE bits, and a
        // shift by two carries no stone from a row's points onto another's.
        const _: () = assert!(2 * STRIDE == 64 && crate::MAX_SIZE + 2 <= STRIDE);
        let along: CellSet = std::array::from_fn(|w| {
            let s = self.stones[w];
            s | s << 1 | s << 2 | s >> 1 | s >> 2
        });
        let word = |w: usize| along.get(w).copied().unwrap_or(0);
        std::array::from_fn(|w| {
            let (below, here, above) = (word(w.wrapping_sub(1)), word(w), word(w + 1));
            // One row away is half a word, two rows a whole one.
            let near = below | here | above | below >> 32 | here << 32 | here >> 32 | above << 32;
            near & self.on_board[w] & !self.stones[w]
        })
    }

    /// Static evaluation from the side to move's view.
    pub(crate) fn evaluate(&self) -> i32 {
        let me = self.side as usize - 1;
        let mover = self.totals[me] as u32 as i32;
        let waiter = (self.totals[1 - me] >> 32) as i32;
        (mover - waiter + self.threat_values[self.threat_mask()]).div_euclid(EVAL_UNIT)
    }

    /// Which decisive threats each side can make, from the side to move's
    /// view, as six bits below [`THREAT_MASKS`]: 1 it has a four point, 2
    /// a four-three point (or double three where that counts), 4 the
    /// opponent has a four point, 8 an open-four point, 16 a four-three
    /// point, and 32 the side to move has an open-four point.
    #[inline]
    pub(crate) fn threat_mask(&self) -> usize {
        let me = self.side as usize - 1;
        let (mine, theirs) = (self.counts[me], self.counts[1 - me]);
        let has = |counts: Counts, bit: u8| usize::from(count(counts, bit) > 0);
        has(mine, FOUR)
            | has(mine, FOUR_THREE) << 1
            | has(theirs, FOUR) << 2
            | has(theirs, FLEX_FOUR) << 3
            | has(theirs, FOUR_THREE) << 4
            | has(mine, FLEX_FOUR) << 5
    }

    /// The opponent's last stone, if it was played since the position was
    /// built.
    pub(crate) fn last_move(&self) -> Option<usize> {
        self.moves.last().copied()
    }

    /// The side to move's own previous stone, if it was played since the
    /// position was built.
    pub(crate) fn own_last_move(&self) -> Option<usize> {
        self.moves.len().checked_sub(2).map(|k| self.moves[k])
    }

    /// What the move-ordering score of the empty cell `i` is read from, for
    /// the side to move (stones placed before the position was built count
    /// as no last stone).
    pub(crate) fn move_features(&self, i: usize) -> MoveFeatures {
        let c = self.side as usize - 1;
        let near = |to: Option<usize>| nearness(point_at(i), to.map(point_at));
        MoveFeatures::new(
            colour_patterns(self.patterns[i], c),
            colour_patterns(self.patterns[i], 1 - c),
            near(self.moves.last().copied()),
            near(self.own_last_move()),
        )
    }

    /// The move-ordering score of the empty cell `i` for the side to move
    /// ([`MoveFeatures::score`]).
    pub(crate) fn move_score(&self, i: usize) -> i32 {
        self.move_features(i).score()
    }

    /// Plays the side to move's stone on the empty cell `i`.
    pub(crate) fn make(&mut self, i: usize) {
        let c = self.side;
        self.undo.push(Undo {
            first_saved: self.saved.len() as u32,
            first_toggle: self.toggles.len() as u32,
            totals: self.totals,
            counts: self.counts,
        });
        self.board.set_cell(i, c as u8);
        self.lines.set(i, c as u8);
        self.hash ^= ZOBRIST[c as usize - 1][i] ^ WHITE_TO_MOVE;
        self.moves.push(i);
        self.side = c.opponent();
        self.stones[i / 64] |= 1 << (i % 64);
        for (d, step) in DIRECTIONS.into_iter().enumerate() {
            // The line's key after the move: every neighbour's window comes from it.
            let (key, pos) = self.lines.line(i, d);
            for k in (-(HALF as isize)..=HALF as isize).filter(|&k| k != 0) {
                if cell_at(key, pos + k) != EMPTY {
                    continue;
                }
                let j = i.wrapping_add_signed(k * step);
                if let Some((old, new, colours)) = self.refresh_line(j, d, window_at(key, pos + k))
                {
                    self.saved.push(SavedCell {
                        cell: j as u16,
                        patterns: old,
                        threats: self.threats[j],
                    });
                    self.set_threats(j, new, colours);
                }
            }
        }
        self.saved.push(SavedCell {
            cell: i as u16,
            patterns: self.patterns[i],
            threats: self.threats[i],
        });
        self.clear_threats(i);
    }

    /// Takes back the last move, putting back what it changed.
    pub(crate) fn unmake(&mut self) {
        let i = self.moves.pop().expect("a move to take back");
        let undo = self.undo.pop().expect("every move saves its undo");
        let c = self.side.opponent();
        self.board.set_cell(i, EMPTY);
        self.lines.set(i, EMPTY);
        self.hash ^= ZOBRIST[c as usize - 1][i] ^ WHITE_TO_MOVE;
        self.side = c;
        self.stones[i / 64] &= !(1 << (i % 64));
        for s in self.saved.drain(undo.first_saved as usize..) {
            self.patterns[s.cell as usize] = s.patterns;
            self.threats[s.cell as usize] = s.threats;
        }
        for t in self.toggles.drain(undo.first_toggle as usize..) {
            toggle(&mut self.marks, t);
        }
        self.totals = undo.totals;
        self.counts = undo.counts;
    }

    /// Recomputes the patterns of the empty cell `j` along direction `d`
    /// from its window `key` there. Returns the cell's old and new patterns
    /// and which colours' changed, if any.
    fn refresh_line(&mut self, j: usize, d: usize, key: u32) -> Option<(u64, u64, [bool; 2])> {
        let (black, white) = self.patterns_by_key.get(key);
        let (black, white) = (black as u64, white as u64);
        // Updated as one word in a register: byte stores followed by a
        // whole-word read would stall store forwarding on every move.
        let old = self.patterns[j];
        let mask = 0xFF << (8 * d) | 0xFF << (32 + 8 * d);
        let new = (old & !mask) | black << (8 * d) | white << (32 + 8 * d);
        if new == old {
            return None;
        }
        self.patterns[j] = new;
        let changed = old ^ new;
        Some((old, new, [changed as u32 != 0, changed >> 32 != 0]))
    }

    /// Recomputes all four lines of cell `i` and its threats.
    fn refresh_cell(&mut self, i: usize) {
        for d in 0..DIRECTIONS.len() {
            self.refresh_line(i, d, self.lines.window(i, d));
        }
        self.set_threats(i, self.patterns[i], BOTH);
    }

    /// Per empty cell, `color`'s four line patterns there as codes, for
    /// tuning.
    #[cfg(feature = "tuning")]
    pub(crate) fn cell_patterns(&self, color: Color) -> impl Iterator<Item = [u8; 4]> + '_ {
        let c = color as usize - 1;
        self.empty_cells()
            .map(move |i| colour_patterns(self.patterns[i], c))
    }

    /// Recomputes the threats of the empty cell `i` from its `patterns` for
    /// the colours marked in `colours`.
    fn set_threats(&mut self, i: usize, patterns: u64, colours: [bool; 2]) {
        for (c, changed) in colours.into_iter().enumerate() {
            if changed {
                let threat = self.threat_tables[c].get(colour_patterns(patterns, c));
                self.replace_threat(i, c, threat);
            }
        }
    }

    /// The threats of cell `i`, just occupied: none.
    fn clear_threats(&mut self, i: usize) {
        for c in 0..2 {
            self.replace_threat(i, c, CellThreat::default());
        }
    }

    /// Sets the threat of colour index `c` on cell `i`, keeping the sums.
    #[inline(always)]
    fn replace_threat(&mut self, i: usize, c: usize, new: CellThreat) {
        let old = self.threats[i][c];
        self.totals[c] = self.totals[c].wrapping_add(new.eval).wrapping_sub(old.eval);
        // Each field stays non-negative, so whole-word wrapping keeps them exact.
        self.counts[c] = self.counts[c]
            .wrapping_add(COUNTED[usize::from(new.counted)])
            .wrapping_sub(COUNTED[usize::from(old.counted)]);
        if (old.counted ^ new.counted) & FOUR != 0 {
            self.flip_four_cell(i, c);
        }
        self.threats[i][c] = new;
    }

    /// Marks or unmarks cell `i` as a four cell of colour index `c`, and
    /// logs it for [`Position::unmake`]. Out of line: most threat changes
    /// leave a cell's four status as it was.
    #[cold]
    #[inline(never)]
    fn flip_four_cell(&mut self, i: usize, c: usize) {
        let t = (i as u32) << 1 | c as u32;
        toggle(&mut self.marks, t);
        self.toggles.push(t);
    }

    /// The cells where `color` would make a four or better, in cell order.
    fn four_cells(&self, color: Color) -> impl Iterator<Item = usize> {
        cells_of(self.marks[color as usize - 1])
    }

    /// The cells where either colour would make a four or better, in cell
    /// order.
    pub(crate) fn four_cells_of_either(&self) -> impl Iterator<Item = usize> {
        let [black, white] = self.marks;
        cells_of(std::array::from_fn(|w| black[w] | white[w]))
    }

    /// The cells where `color` would make five, in cell order.
    pub(crate) fn five_points(&self, color: Color) -> impl Iterator<Item = usize> + '_ {
        self.four_cells(color)
            .filter(move |&i| self.threat(i, color).is_five())
    }

    /// The cells where `color` may legally make a four or better, in cell
    /// order.
    pub(crate) fn four_points(&self, color: Color) -> impl Iterator<Item = usize> + '_ {
        self.four_cells(color)
            .filter(move |&i| self.is_legal_for(i, color))
    }

    /// Whether `color` has a cell where it would make five.
    #[inline]
    pub(crate) fn has_five_point(&self, color: Color) -> bool {
        count(self.counts[color as usize - 1], FIVE) > 0
    }

    /// Whether `color` has a cell where it would make a four or better
    /// (renju legality not checked).
    #[inline]
    pub(crate) fn has_four_point(&self, color: Color) -> bool {
        count(self.counts[color as usize - 1], FOUR) > 0
    }

    /// Whether `color` has a cell where it would make an open four or two
    /// fours (renju legality not checked).
    #[inline]
    pub(crate) fn has_flex_four_point(&self, color: Color) -> bool {
        count(self.counts[color as usize - 1], FLEX_FOUR) > 0
    }

    /// A cell where `color` may legally make an open four or two fours (a win
    /// in three unless the other side has a five first).
    pub(crate) fn flex_four_point(&self, color: Color) -> Option<usize> {
        self.four_cells(color)
            .find(|&i| self.threat(i, color).is_flex_four() && self.is_legal_for(i, color))
    }

    /// The first cell from `from` on where `color` would make a four and an
    /// open three, or two open threes where those count (not for renju
    /// black): a win in five when the other side has no four to play, since
    /// no single stone stops both threats. Renju legality is not checked.
    pub(crate) fn four_three_point(&self, color: Color, from: usize) -> Option<usize> {
        let c = color as usize - 1;
        if count(self.counts[c], FOUR_THREE) == 0 {
            return None;
        }
        self.empty_cells()
            .skip_while(|&i| i < from)
            .find(|&i| self.threats[i][c].counted & FOUR_THREE != 0)
    }

    /// The empty cells within [`HALF`] of cell `i` along direction `d`:
    /// every cell whose stone could change `i`'s pattern on that line.
    pub(crate) fn line_window_empties(&self, i: usize, d: usize) -> impl Iterator<Item = usize> {
        let (key, at) = self.lines.line(i, d);
        let step = DIRECTIONS[d];
        (-(HALF as isize)..=HALF as isize)
            .filter(move |&k| k != 0 && cell_at(key, at + k) == EMPTY)
            .map(move |k| i.wrapping_add_signed(k * step))
    }

    /// Whether cell `i` is on the board (not a wall).
    #[cfg(test)]
    pub(crate) fn on_board(&self, i: usize) -> bool {
        self.board.cell(i) != crate::board::WALL
    }

    /// The point of a cell.
    pub(crate) fn point(i: usize) -> Point {
        point_at(i)
    }

    /// The distance between cells `a` and `b` in king moves: the larger of
    /// the column and row differences.
    pub(crate) fn distance(a: usize, b: usize) -> u32 {
        let (a, b) = (point_at(a), point_at(b));
        u32::from(a.x().abs_diff(b.x()).max(a.y().abs_diff(b.y())))
    }

    /// Recomputes every pattern from scratch and compares (tests and fuzzing).
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn matches_recompute(&self) -> bool {
        let mut fresh = self.clone();
        for i in self.empty_cells().collect::<Vec<_>>() {
            fresh.refresh_cell(i);
        }
        let totals_ok = fresh.totals == self.totals && fresh.counts == self.counts;
        let mut marks: Marks = [[0; MARK_WORDS]; 2];
        for i in self.empty_cells() {
            for c in 0..2 {
                if self.threats[i][c].is_four() {
                    toggle(&mut marks, (i as u32) << 1 | c as u32);
                }
            }
        }
        let marks_ok = marks == self.marks;
        let mut stones: CellSet = [0; MARK_WORDS];
        for (p, _) in self.board.stones() {
            stones[index(p) / 64] |= 1 << (index(p) % 64);
        }
        let stones_ok = stones == self.stones;
        // The candidates, cell by cell: empty cells with a stone in the
        // 5×5 square around them.
        let near = |i: &usize| {
            (-2isize..=2).any(|dy| {
                (-2isize..=2).any(|dx| {
                    let j = i.wrapping_add_signed(dy * STRIDE as isize + dx);
                    !matches!(self.board.cell(j), EMPTY | crate::board::WALL)
                })
            })
        };
        let candidates_ok =
            self.board.stone_count() == 0 || self.candidates().eq(self.empty_cells().filter(near));
        let cells_ok = self
            .empty_cells()
            .all(|i| fresh.patterns[i] == self.patterns[i] && fresh.threats[i] == self.threats[i]);
        totals_ok
            && cells_ok
            && marks_ok
            && stones_ok
            && candidates_ok
            && self.hash
                == self.stone_hash()
                    ^ if self.side == Color::White {
                        WHITE_TO_MOVE
                    } else {
                        0
                    }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;

    #[test]
    fn incremental_patterns_equal_a_recompute_through_a_game() {
        for rule in Rule::ALL {
            let moves = parse_moves("h8 i9 i8 j8 g8 k7 j9 f8 h10 h9 g10 i10 g9 g11 f10").unwrap();
            let game = Game::new(15, rule).unwrap();
            let mut pos = Position::new(&game);
            for &m in &moves {
                pos.make(index(m));
                assert!(pos.matches_recompute(), "{rule} after {m}");
            }
            for _ in &moves {
                pos.unmake();
                assert!(pos.matches_recompute(), "{rule} undo");
            }
            assert_eq!(pos.hash(), Position::new(&game).hash());
        }
    }

    #[test]
    fn the_threat_table_gives_every_order_of_four_patterns_their_threat() {
        for rule in Rule::ALL {
            for c in 0..2 {
                let combos = combos_count(rule, c);
                let (table, values) = (threat_table(rule, c), cell_values(rule, combos));
                for k in 0..CODES.pow(4) {
                    let codes =
                        [1, CODES, CODES.pow(2), CODES.pow(3)].map(|n| (k / n % CODES) as u8);
                    let expected = CellThreat::of(codes, combos, values);
                    assert_eq!(table.get(codes), expected, "{rule} colour {c} {codes:?}");
                }
            }
        }
    }

    /// A small deterministic generator, so a failure names its seed.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn incremental_state_equals_a_recompute_over_random_games() {
        // Every rule on several sizes, games played to the end (or a full
        // board) with random take-backs: after each make and each unmake the
        // patterns, threats, counters, evaluation sums and hash must equal a
        // recompute, and the position must equal one built from the game.
        let mut games = 0;
        for rule in Rule::ALL {
            for size in [5, 6, 9, 15, 19, 26] {
                let count = if size <= 9 { 200 } else { 25 };
                for seed in 0..count {
                    let mut state = 0x9E37_79B9_7F4A_7C15 ^ (seed * 1_000_003 + size as u64);
                    let mut game = Game::new(size, rule).unwrap();
                    let mut pos = Position::new(&game);
                    while !game.is_over() {
                        let legal = game.legal_moves();
                        let p = legal[(xorshift(&mut state) % legal.len() as u64) as usize];
                        game.play(p).unwrap();
                        pos.make(index(p));
                        let context = format!("{rule} {size} seed {seed} after {game:?}");
                        assert!(pos.matches_recompute(), "{context}");
                        if xorshift(&mut state).is_multiple_of(8) {
                            let back = 1 + (xorshift(&mut state) % 3) as usize;
                            for _ in 0..back.min(game.move_count()) {
                                game.undo().unwrap();
                                pos.unmake();
                                assert!(pos.matches_recompute(), "{context}, undo");
                            }
                        }
                        if xorshift(&mut state).is_multiple_of(16) || game.is_over() {
                            let fresh = Position::new(&game);
                            assert_eq!(pos.hash(), fresh.hash(), "{context}");
                            assert_eq!(pos.evaluate(), fresh.evaluate(), "{context}");
                        }
                    }
                    games += 1;
                }
            }
        }
        assert_eq!(games, 4 * (3 * 200 + 3 * 25));
    }

    #[test]
    fn the_pattern_filter_keeps_every_forbidden_point() {
        // Random renju games to the end: on every position, a cell the
        // position calls legal for black is one the full rule check allows.
        let mut forbidden = 0;
        for size in [9, 15] {
            for seed in 0..40 {
                let mut state = 0xD1B5_4A32_D192_ED03 ^ (seed * 7_919 + size as u64);
                let mut game = Game::new(size, Rule::Renju).unwrap();
                let mut pos = Position::new(&game);
                while !game.is_over() {
                    for p in game.board().empty_points() {
                        let banned = game.is_forbidden(p);
                        forbidden += usize::from(banned);
                        assert_eq!(
                            pos.is_legal_for(index(p), Color::Black),
                            !banned,
                            "{p} size {size} seed {seed} in {game:?}"
                        );
                    }
                    let legal = game.legal_moves();
                    let p = legal[(xorshift(&mut state) % legal.len() as u64) as usize];
                    game.play(p).unwrap();
                    pos.make(index(p));
                }
            }
        }
        // The games must reach many forbidden points for the test to say anything.
        assert!(forbidden > 1_000, "only {forbidden} forbidden points seen");
    }

    #[test]
    fn a_position_from_a_game_matches_one_built_move_by_move() {
        let moves = parse_moves("h8 i9 i8 j8 g8").unwrap();
        let game = Game::from_moves(15, Rule::Freestyle, &moves).unwrap();
        let built = Position::new(&game);
        let mut played = Position::new(&Game::new(15, Rule::Freestyle).unwrap());
        for &m in &moves {
            played.make(index(m));
        }
        assert_eq!(built.hash(), played.hash());
        assert_eq!(built.side(), Color::White);
        assert_eq!(built.evaluate(), played.evaluate());
        // g8 h8 i8: black's open four points are f8 and j8? j8 is white: only f8 makes four.
        let f8 = index("f8".parse().unwrap());
        assert_eq!(built.pattern(f8, Color::Black, 0), Pattern::B4);
        assert!(built.on_board(f8));
    }

    #[test]
    fn the_threat_mask_says_which_threats_each_side_can_make() {
        let mask = |moves: &str| {
            let moves = parse_moves(moves).unwrap();
            Position::new(&Game::from_moves(15, Rule::Freestyle, &moves).unwrap()).threat_mask()
        };
        // Open twos and an edge-blocked two make no four.
        assert_eq!(mask("h8 a1 i8 a3"), 0);
        // White to move against black's open three: black has four and
        // open-four points.
        assert_eq!(mask("h8 a1 i8 a3 j8"), 4 | 8);
        // Black to move with a blocked three (a four point at k8) and an
        // open two crossing it there (a four-three point).
        assert_eq!(mask("h8 g8 i8 a1 j8 a3 k10 a15 k9 a13"), 1 | 2);
        // The same from white's side, after a quiet black move.
        assert_eq!(mask("h8 g8 i8 a1 j8 a3 k10 a15 k9 a13 o15"), 4 | 16);
        // Black's own open-four point, white's four point.
        assert_eq!(mask("h8 a1 i8 a2 j8 a3"), 1 | 4 | 32);
    }
}
