//! VCF (victory by continuous fours): every attacking move is a four, so
//! the defender's replies are forced and a plain depth-first search with a
//! table of failures is exact.

use super::{Aborted, Budget, HashTable};
use crate::ai::position::Position;
use crate::{Color, Rule};

/// VCF searches for one attacker, remembering across calls the positions
/// that have none.
pub(crate) struct Vcf {
    attacker: Color,
    /// Positions with no VCF, by the largest number of fours that failed.
    failed: HashTable<u32>,
    line: Vec<usize>,
    /// The attacks of every node on the current line, each node's above its
    /// parent's: the search allocates nothing once this has grown.
    attacks: Vec<usize>,
}

impl Vcf {
    /// VCF searches for `attacker`.
    pub(crate) fn new(attacker: Color) -> Vcf {
        Vcf {
            attacker,
            failed: HashTable::default(),
            line: Vec::new(),
            attacks: Vec::new(),
        }
    }

    /// With the attacker to move in `pos`, a win by at most `fours` attacks
    /// (counted up to the one that cannot be answered): the line, attacker
    /// first, alternating with the forced replies, ending with the five.
    pub(crate) fn find(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        fours: u32,
    ) -> Result<Option<Vec<usize>>, Aborted> {
        debug_assert_eq!(pos.side(), self.attacker);
        self.line.clear();
        Ok(self.attack(pos, budget, fours)?.then(|| self.line.clone()))
    }

    /// Whether the attacker (to move) wins by fours within `fours` attacks.
    fn attack(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        fours: u32,
    ) -> Result<bool, Aborted> {
        budget.tick()?;
        let me = self.attacker;
        let them = me.opponent();
        if fours == 0 {
            return Ok(false);
        }
        if let Some(five) = pos.five_points(me).next() {
            self.line.push(five);
            return Ok(true);
        }
        if self.failed.get(&pos.hash()).is_some_and(|&f| f >= fours) {
            return Ok(false);
        }
        let their_fives = first_two(pos.five_points(them));
        if fours == 1 && their_fives.0.is_none() {
            // The last attack must be an open four or two fours...
            if let Some(m) = pos.flex_four_point(me) {
                pos.make(m);
                let (a, b) = first_two(pos.five_points(me));
                pos.unmake();
                self.line
                    .extend([m, a.expect("a flex four"), b.expect("a flex four")]);
                return Ok(true);
            }
            // ...or, in renju, a white four whose block is forbidden for
            // black: only those are left to try.
            if pos.rule() != Rule::Renju || me == Color::Black {
                return Ok(false);
            }
        }
        let start = self.attacks.len();
        match their_fives {
            (None, _) => {
                self.attacks.extend(pos.four_points(me));
                // Flex fours first, then fours near the last attack.
                let last = self.line.iter().rev().nth(1).copied();
                self.attacks[start..].sort_by_key(|&i| {
                    let t = pos.threat(i, me);
                    let distance = last.map_or(0, |l| Position::distance(l, i));
                    (!t.is_flex_four(), distance, i)
                });
            }
            // Their four must be blocked, and the block must itself be a four.
            (Some(block), None) if pos.threat(block, me).is_four() => self.attacks.push(block),
            _ => {}
        }
        let won = self.try_attacks(pos, budget, fours, start);
        self.attacks.truncate(start);
        if won == Ok(false) {
            self.failed.insert(pos.hash(), fours);
        }
        won
    }

    /// Tries the attacks stacked from `start` in turn.
    fn try_attacks(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        fours: u32,
        start: usize,
    ) -> Result<bool, Aborted> {
        for k in start..self.attacks.len() {
            let m = self.attacks[k];
            if !pos.is_legal(m) {
                continue;
            }
            pos.make(m);
            self.line.push(m);
            let won = self.defend(pos, budget, fours - 1);
            pos.unmake();
            if won != Ok(false) {
                return won;
            }
            self.line.pop();
        }
        Ok(false)
    }

    /// The defender (to move) answers the four just made.
    fn defend(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        fours: u32,
    ) -> Result<bool, Aborted> {
        let me = self.attacker;
        let (block, second) = first_two(pos.five_points(me));
        if let (Some(a), Some(b)) = (block, second) {
            self.line.extend([a, b]);
            return Ok(true);
        }
        if pos.has_five_point(pos.side()) {
            return Ok(false); // the defender makes five first
        }
        let Some(block) = block else {
            return Ok(false); // not a four
        };
        self.line.push(block);
        if !pos.is_legal(block) {
            // Renju: black's only block is forbidden; white plays five.
            return Ok(true);
        }
        if fours == 0 {
            self.line.pop();
            return Ok(false);
        }
        pos.make(block);
        let won = self.attack(pos, budget, fours);
        pos.unmake();
        if won == Ok(false) {
            self.line.pop();
        }
        won
    }
}

/// The first two items of `cells`.
fn first_two(mut cells: impl Iterator<Item = usize>) -> (Option<usize>, Option<usize>) {
    let first = cells.next();
    (first, first.and_then(|_| cells.next()))
}
