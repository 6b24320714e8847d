//! Line patterns: what one more stone on a cell makes along one line, read
//! from lookup tables built once per rule.
//!
//! A line window is the 10 cells within five steps of a centre cell (the
//! centre itself left out), two bits each: 0 empty, 1 own stone, 2 opponent
//! stone, 3 wall. The table maps that 20-bit key to the [`Pattern`] the own
//! side gets by playing the centre. Patterns are defined recursively: a four
//! has one point that makes five, an open four two; a three is one move from
//! a four (open three: from an open four), and so on down to ones.

use std::sync::OnceLock;

use crate::board::Board;
use crate::Rule;

/// What a stone on the centre cell makes along one line, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Pattern {
    /// No five can be made through the centre along this line.
    #[default]
    Dead = 0,
    /// A run longer than five that does not win (standard; renju black).
    Overline,
    /// Blocked one: one move from a blocked two.
    B1,
    /// Open one.
    F1,
    /// Blocked two: two moves from a four.
    B2,
    /// Open two: one move from an open three.
    F2,
    /// Blocked three: one move from a four.
    B3,
    /// Open three: one move from an open four.
    F3,
    /// Four: one point makes five.
    B4,
    /// Open four: two or more points make five.
    F4,
    /// Five: a win under the rule.
    F5,
}

impl Pattern {
    /// Every pattern, indexed by its code.
    pub(crate) const ALL: [Pattern; 11] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
    ];
}

/// Number of cells read on each side of the centre.
pub(crate) const HALF: usize = 5;
/// Number of distinct window keys.
const KEYS: usize = 1 << (4 * HALF);

/// Cell codes inside a key.
pub(crate) const EMPTY: u32 = 0;
pub(crate) const OWN: u32 = 1;
pub(crate) const OTHER: u32 = 2;
#[cfg(test)]
pub(crate) const WALL: u32 = 3;

/// Which winning rule a table is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Winning {
    /// Five or more (freestyle; white under renju).
    FiveOrMore,
    /// Exactly five (standard; black under renju).
    ExactlyFive,
    /// Caro: exactly five not blocked at both ends by the opponent, or more.
    Caro,
}

/// A pattern table for one winning rule.
pub(crate) struct PatternTable {
    patterns: Box<[Pattern]>,
}

impl PatternTable {
    /// The pattern for a window key.
    #[inline]
    pub(crate) fn get(&self, key: u32) -> Pattern {
        self.patterns[key as usize]
    }
}

/// Black's window key for cell `i` along `step`: board cells already use the
/// key's codes (0 empty, 1 black, 2 white, 3 wall).
#[inline]
pub(crate) fn black_key(board: &Board, i: usize, step: isize) -> u32 {
    let mut key = 0u32;
    let mut shift = 0;
    for k in (-(HALF as isize)..=HALF as isize).filter(|&k| k != 0) {
        key |= u32::from(board.cell(i.wrapping_add_signed(k * step))) << shift;
        shift += 2;
    }
    key
}

/// Swaps own and opponent stones in a window key (black's key to white's).
#[inline]
pub(crate) fn swap_colours(key: u32) -> u32 {
    let lo = key & 0x55555;
    let hi = (key >> 1) & 0x55555;
    let one_of_them = lo ^ hi;
    key ^ (one_of_them | one_of_them << 1)
}

/// The tables for `rule`, `[black, white]`, built on first use.
pub(crate) fn tables(rule: Rule) -> [&'static PatternTable; 2] {
    static TABLES: [OnceLock<PatternTable>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let table = |w: Winning| TABLES[w as usize].get_or_init(|| build(w));
    match rule {
        Rule::Freestyle => [table(Winning::FiveOrMore); 2],
        Rule::Standard => [table(Winning::ExactlyFive); 2],
        Rule::Renju => [table(Winning::ExactlyFive), table(Winning::FiveOrMore)],
        Rule::Caro => [table(Winning::Caro); 2],
    }
}

/// Both colours' patterns for a window key, in one byte: the search board
/// reads a pair for every cell a move changes, and one access into one
/// 1 MiB table misses the cache less than two.
pub(crate) struct PairTable {
    /// Black's pattern code in the low four bits, white's in the high four,
    /// by black's window key.
    codes: Box<[u8]>,
}

impl PairTable {
    /// Black's and white's pattern codes for black's window key `key`.
    #[inline]
    pub(crate) fn get(&self, key: u32) -> (u8, u8) {
        let pair = self.codes[key as usize];
        (pair & 0xF, pair >> 4)
    }
}

/// Pattern codes fit in four bits.
const _: () = assert!(Pattern::ALL.len() <= 16);

/// The pair table of a rule, built on first use.
pub(crate) fn pair_table(rule: Rule) -> &'static PairTable {
    static PAIRS: [OnceLock<PairTable>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let slot = Rule::ALL
        .iter()
        .position(|&r| r == rule)
        .expect("a known rule");
    PAIRS[slot].get_or_init(|| {
        let [black, white] = tables(rule);
        PairTable {
            codes: (0..KEYS as u32)
                .map(|key| black.get(key) as u8 | (white.get(swap_colours(key)) as u8) << 4)
                .collect(),
        }
    })
}

/// A window as 11 cells, the centre (index 5) holding an own stone.
type Line = [u32; 2 * HALF + 1];

fn decode(key: u32) -> Line {
    let mut line = [OWN; 2 * HALF + 1];
    for k in 0..2 * HALF {
        let cell = if k < HALF { k } else { k + 1 };
        line[cell] = (key >> (2 * k)) & 3;
    }
    line
}

fn encode(line: &Line) -> u32 {
    (0..2 * HALF).fold(0, |key, k| {
        let cell = if k < HALF { k } else { k + 1 };
        key | line[cell] << (2 * k)
    })
}

/// The run of own stones through the centre: `(first, last)` cell indices.
fn run(line: &Line) -> (usize, usize) {
    let mut a = HALF;
    while a > 0 && line[a - 1] == OWN {
        a -= 1;
    }
    let mut b = HALF;
    while b < 2 * HALF && line[b + 1] == OWN {
        b += 1;
    }
    (a, b)
}

/// Whether the run through the centre wins; `None` when it is a non-winning
/// overline.
fn five(line: &Line, winning: Winning) -> Option<bool> {
    let (a, b) = run(line);
    let len = b - a + 1;
    if len < 5 {
        return Some(false);
    }
    // A window cell just past the run; the ends of the window count as open.
    let end = |i: Option<usize>| i.and_then(|i| line.get(i).copied()).unwrap_or(EMPTY);
    let blocked = end(a.checked_sub(1)) == OTHER && end(Some(b + 1)) == OTHER;
    match winning {
        Winning::FiveOrMore => Some(true),
        Winning::ExactlyFive if len == 5 => Some(true),
        Winning::ExactlyFive => None,
        Winning::Caro => Some(len > 5 || !blocked),
    }
}

fn build(winning: Winning) -> PatternTable {
    let mut memo: Vec<Option<Pattern>> = vec![None; KEYS];
    for key in 0..KEYS as u32 {
        classify(key, winning, &mut memo);
    }
    PatternTable {
        patterns: memo
            .into_iter()
            .map(|p| p.expect("every key was classified"))
            .collect(),
    }
}

fn classify(key: u32, winning: Winning, memo: &mut [Option<Pattern>]) -> Pattern {
    if let Some(p) = memo[key as usize] {
        return p;
    }
    let line = decode(key);
    let pattern = match five(&line, winning) {
        Some(true) => Pattern::F5,
        None => Pattern::Overline,
        Some(false) => {
            // Each empty cell within four steps: what does the line become
            // with another own stone there?
            let mut best = Pattern::Dead;
            let mut five_points = 0;
            for q in (HALF - 4..=HALF + 4).filter(|&q| q != HALF && line[q] == EMPTY) {
                let mut next = line;
                next[q] = OWN;
                let p = classify(encode(&next), winning, memo);
                if p == Pattern::F5 {
                    five_points += 1;
                }
                best = best.max(p);
            }
            match (five_points, best) {
                (2.., _) => Pattern::F4,
                (1, _) => Pattern::B4,
                (_, Pattern::F4) => Pattern::F3,
                (_, Pattern::B4) => Pattern::B3,
                (_, Pattern::F3) => Pattern::F2,
                (_, Pattern::B3) => Pattern::B2,
                (_, Pattern::F2) => Pattern::F1,
                (_, Pattern::B2) => Pattern::B1,
                _ => Pattern::Dead,
            }
        }
    };
    memo[key as usize] = Some(pattern);
    pattern
}

/// The key of a line written as text, centre `*`: `x` own, `o` other, `#`
/// wall, `.` empty; padded with walls to five cells a side.
#[cfg(test)]
pub(crate) fn key_of(text: &str) -> u32 {
    let centre = text.find('*').expect("a centre");
    let cells: Vec<u32> = text
        .chars()
        .map(|c| match c {
            'x' | '*' => OWN,
            'o' => OTHER,
            '#' => WALL,
            _ => EMPTY,
        })
        .collect();
    let mut line = [WALL; 2 * HALF + 1];
    for (i, &c) in cells.iter().enumerate() {
        let at = i as isize - centre as isize + HALF as isize;
        if (0..line.len() as isize).contains(&at) {
            line[at as usize] = c;
        }
    }
    line[HALF] = OWN;
    encode(&line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::*;

    #[test]
    fn colour_swap_exchanges_own_and_other() {
        assert_eq!(swap_colours(0b11_10_01_00), 0b11_01_10_00);
    }

    #[test]
    fn pair_tables_hold_both_colours_patterns() {
        for rule in Rule::ALL {
            let [black, white] = tables(rule);
            let pairs = pair_table(rule);
            for key in (0..KEYS as u32).step_by(7) {
                let expected = (black.get(key) as u8, white.get(swap_colours(key)) as u8);
                assert_eq!(pairs.get(key), expected, "{rule} key {key:05x}");
            }
        }
    }

    #[test]
    fn shapes_get_their_patterns() {
        let [free, _] = tables(Rule::Freestyle);
        for (text, want) in [
            ("..xx*xx..", F5),
            ("..xx*xxx.", F5),
            ("...x*xx...", F4),
            ("..ox*xx...", B4),
            ("...x*.xx..", B4),
            ("....*xx....", F3),
            ("...x*.x....", F3),
            ("..ox*x.....", B3),
            ("....*x.....", F2),
            ("...o*x.....", B2),
            ("....*......", F1),
            ("#...*o", Dead),
            ("ox.*.xo", B3),
            ("ox*.xo", Dead),
        ] {
            assert_eq!(free.get(key_of(text)), want, "{text}");
        }
    }

    #[test]
    fn exact_five_rules_treat_overlines_apart() {
        let [exact, _] = tables(Rule::Standard);
        assert_eq!(exact.get(key_of(".xx*xxx.")), Overline);
        assert_eq!(exact.get(key_of("..x*xxx..")), F5);
        // x.xx*.x : the point left of the centre makes six, so only one five point.
        assert_eq!(exact.get(key_of("..xx*x.x..")), B4);
        let [black, white] = tables(Rule::Renju);
        assert_eq!(black.get(key_of(".xx*xxx.")), Overline);
        assert_eq!(white.get(key_of(".xx*xxx.")), F5);
    }

    #[test]
    fn caro_fives_need_an_open_end() {
        let [caro, _] = tables(Rule::Caro);
        assert_eq!(caro.get(key_of("oxx*xxo")), Dead);
        assert_eq!(caro.get(key_of("#xx*xxo")), F5);
        assert_eq!(caro.get(key_of("oxx*xx.")), F5);
        assert_eq!(caro.get(key_of("oxx*x.o")), Dead);
        assert_eq!(caro.get(key_of("oxx*x..")), B4);
    }

    /// Every entry agrees with a brute-force count of the five-windows and
    /// five points through the centre (fours and fives checked directly).
    #[test]
    fn fours_and_fives_match_a_brute_force_count() {
        for (rule, colour) in [
            (Rule::Freestyle, 0),
            (Rule::Standard, 0),
            (Rule::Renju, 0),
            (Rule::Renju, 1),
            (Rule::Caro, 0),
        ] {
            let table = tables(rule)[colour];
            let winning = match (rule, colour) {
                (Rule::Freestyle, _) | (Rule::Renju, 1) => Winning::FiveOrMore,
                (Rule::Caro, _) => Winning::Caro,
                _ => Winning::ExactlyFive,
            };
            for key in (0..KEYS as u32).step_by(7) {
                let line = decode(key);
                let want = match five(&line, winning) {
                    Some(true) => F5,
                    None => Overline,
                    Some(false) => {
                        let points = (1..=9)
                            .filter(|&q| q != HALF && line[q] == EMPTY)
                            .filter(|&q| {
                                let mut l = line;
                                l[q] = OWN;
                                five(&l, winning) == Some(true)
                            })
                            .count();
                        match points {
                            0 => continue,
                            1 => B4,
                            _ => F4,
                        }
                    }
                };
                assert_eq!(table.get(key), want, "{rule:?} {colour} {line:?}");
            }
        }
    }
}
