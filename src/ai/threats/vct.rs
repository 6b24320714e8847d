//! VCT (victory by continuous threats) by depth-first proof-number search.
//!
//! The attacker's moves are threats: moves after which, were the defender to
//! pass, the attacker would win by at most `threat_limit` fours: a four
//! always; with 1 also open threes (and moves that make a double-four
//! point); with 2 also moves that prepare a four-three. The defender answers a
//! four by blocking it; any other threat by a move in its *defence set*: the
//! cells of the threatened four line, the points where the defender would
//! get a four along it, and the defender's own fours. A move outside that set
//! leaves the threatened line working, so it loses and need not be searched.
//! A defender with a VCF of its own ignores the threat and wins.
//!
//! Whether a move is a threat is settled lazily, at the defence node after
//! it: an attacking node lists every move that may be one by its line
//! patterns, and only the moves the search visits pay for the VCF probe.
//!
//! The tree is an AND/OR tree with wide defender nodes; proof-number search
//! (df-pn, with the 1 + ε threshold trick) goes where the proof looks
//! cheapest and reuses every node it has seen through its table.

use std::cmp::Reverse;
use std::rc::Rc;

use super::{Aborted, Budget, HashTable, Vcf};
use crate::ai::pattern::Pattern;
use crate::ai::position::Position;
use crate::board::DIRECTIONS;
use crate::{Color, Rule};

/// Most fours of a defender's own VCF, looked for at each defence. Longer
/// ones need no search of their own: the defender's fours are in every
/// defence set, so the tree finds them too. On the 70 proven cases of
/// `gomoku vcf`, 2 solved 55 within a million nodes and 4 solved 53.
const DEFENDER_FOURS: u32 = 2;
/// The proof number of an attacking move not searched yet, by the open
/// threes it makes (0, 1, 2 or more) when it makes no four: a four has one
/// answer, an open three a few, and most moves that make neither threaten
/// nothing. On the 70 proven cases of `gomoku vcf`: `[1, 1, 1]` solved 55
/// within a million nodes, `[3, 1, 1]` 57 (54–56 within a second on an
/// idle two-core machine), `[3, 2, 1]` 57 (56–57 within a second, in 6–13%
/// less time over them, side by side), `[4, 2, 1]` 57 (55 within a second).
const THREAT_PROOF: [u32; 3] = [3, 2, 1];
/// Proof and disproof numbers at least this large mean "never".
const INFINITE: u32 = u32::MAX / 4;

/// A node's proof and disproof numbers.
#[derive(Clone, Copy, Debug)]
struct Numbers {
    proof: u32,
    disproof: u32,
}

impl Numbers {
    const UNKNOWN: Numbers = Numbers {
        proof: 1,
        disproof: 1,
    };
    const PROVEN: Numbers = Numbers {
        proof: 0,
        disproof: INFINITE,
    };
    const DISPROVEN: Numbers = Numbers {
        proof: INFINITE,
        disproof: 0,
    };
}

/// What a node holds before its children are searched.
enum Expansion {
    /// Its value is known.
    Decided(Numbers),
    /// The moves to search.
    Moves(Vec<usize>),
}

/// A VCT proof for the side to move in `pos` with at most `attacks`
/// attacking moves, each threatening a VCF of at most `threat_limit` fours
/// (1 or more): the winning line, or `None` when there is none.
pub(crate) fn prove(
    pos: &mut Position,
    budget: &mut Budget,
    attacks: u32,
    threat_limit: u32,
) -> Result<Option<Vec<usize>>, Aborted> {
    debug_assert!(threat_limit >= 1);
    let attacker = pos.side();
    let mut prover = Prover {
        attacker,
        threat_limit,
        vcf: Vcf::new(attacker),
        defender_vcf: Vcf::new(attacker.opponent()),
        table: HashTable::default(),
        expansions: HashTable::default(),
    };
    prover.search(pos, budget, attacks, true, INFINITE, INFINITE)?;
    if prover.lookup(pos.hash(), attacks, true).proof != 0 {
        return Ok(None);
    }
    let mut line = Vec::new();
    prover.proof_line(pos, budget, attacks, true, &mut line)?;
    Ok(Some(line))
}

struct Prover {
    attacker: Color,
    /// Most fours in the VCF a threat threatens.
    threat_limit: u32,
    vcf: Vcf,
    defender_vcf: Vcf,
    /// Numbers by position and attacks left.
    table: HashTable<Numbers>,
    /// The moves of nodes searched before, by the same key: df-pn comes
    /// back to a node many times, and its threat probes are the costly part.
    expansions: HashTable<Rc<[usize]>>,
}

impl Prover {
    /// The table key of a position (by its hash) with `attacks` left.
    fn key(hash: u64, attacks: u32) -> u64 {
        hash ^ u64::from(attacks + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The numbers of the position with `hash`, `attacks` left.
    fn lookup(&self, hash: u64, attacks: u32, attacking: bool) -> Numbers {
        self.table
            .get(&Prover::key(hash, attacks))
            .copied()
            .unwrap_or(Prover::unvisited(attacks, attacking))
    }

    /// The numbers of a node not searched yet.
    fn unvisited(attacks: u32, attacking: bool) -> Numbers {
        if attacking && attacks == 0 {
            // A node with no attacks left cannot be proven.
            Numbers::DISPROVEN
        } else {
            Numbers::UNKNOWN
        }
    }

    /// The numbers of the child after `m` at a node (`attacking` or not),
    /// the child with `attacks` left. An attacking move not searched yet
    /// that makes no four starts at its [`THREAT_PROOF`].
    fn child(&self, pos: &Position, m: usize, attacks: u32, attacking: bool) -> Numbers {
        let known = self.table.get(&Prover::key(pos.hash_after(m), attacks));
        known.copied().unwrap_or_else(|| {
            let t = pos.threat(m, self.attacker);
            if attacking && !t.is_four() {
                Numbers {
                    proof: THREAT_PROOF[usize::from(t.threes.min(2))],
                    disproof: 1,
                }
            } else {
                Prover::unvisited(attacks, !attacking)
            }
        })
    }

    /// Attacks left after `m` is played at a node (`attacking` or not).
    fn child_attacks(attacks: u32, attacking: bool) -> u32 {
        if attacking {
            attacks - 1
        } else {
            attacks
        }
    }

    /// Searches the node until its proof number reaches `max_proof` or its
    /// disproof number `max_disproof`, then stores its numbers.
    fn search(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        attacks: u32,
        attacking: bool,
        max_proof: u32,
        max_disproof: u32,
    ) -> Result<(), Aborted> {
        budget.tick()?;
        let key = Prover::key(pos.hash(), attacks);
        let moves = match self.expansions.get(&key) {
            Some(moves) => Rc::clone(moves),
            None => match self.expand(pos, budget, attacks, attacking)? {
                Expansion::Decided(n) => {
                    self.table.insert(key, n);
                    return Ok(());
                }
                Expansion::Moves(moves) => {
                    let moves: Rc<[usize]> = moves.into();
                    self.expansions.insert(key, Rc::clone(&moves));
                    moves
                }
            },
        };
        let next = Prover::child_attacks(attacks, attacking);
        loop {
            // The node's numbers from its children's, and the child to follow.
            let (mut sum, mut best, mut second, mut best_move) = (0u32, INFINITE, INFINITE, None);
            let mut best_other = 0;
            for &m in moves.iter() {
                let child = self.child(pos, m, next, attacking);
                // At an attacking node the proof number is the minimum over
                // the children and the disproof number the sum; at a
                // defending node the other way round.
                let (min_side, sum_side) = if attacking {
                    (child.proof, child.disproof)
                } else {
                    (child.disproof, child.proof)
                };
                sum = sum.saturating_add(sum_side).min(INFINITE);
                if min_side < best {
                    second = best;
                    best = min_side;
                    best_move = Some(m);
                    best_other = sum_side;
                } else if min_side < second {
                    second = min_side;
                }
            }
            let numbers = if attacking {
                Numbers {
                    proof: best,
                    disproof: sum,
                }
            } else {
                Numbers {
                    proof: sum,
                    disproof: best,
                }
            };
            self.table.insert(key, numbers);
            if numbers.proof >= max_proof || numbers.disproof >= max_disproof {
                return Ok(());
            }
            let m = best_move.expect("an undecided node has a child to search");
            // 1 + ε: let the child run until it is an eighth worse than the
            // second-best, so the search does not flip between siblings.
            let (max_min, max_sum) = if attacking {
                (max_proof, max_disproof)
            } else {
                (max_disproof, max_proof)
            };
            let child_min = max_min.min(second.saturating_add(1 + second / 8));
            let child_sum = max_sum - sum + best_other;
            let (child_proof, child_disproof) = if attacking {
                (child_min, child_sum)
            } else {
                (child_sum, child_min)
            };
            pos.make(m);
            let result = self.search(pos, budget, next, !attacking, child_proof, child_disproof);
            pos.unmake();
            result?;
        }
    }

    /// The moves of a node, or its value when the board decides it.
    fn expand(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        attacks: u32,
        attacking: bool,
    ) -> Result<Expansion, Aborted> {
        if attacking {
            self.attacker_moves(pos, budget, attacks)
        } else {
            self.defences(pos, budget, attacks)
        }
    }

    /// The attacker (to move): a five or a VCF proves the node; otherwise its
    /// threats, or only the block of the defender's four if that threatens.
    fn attacker_moves(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        attacks: u32,
    ) -> Result<Expansion, Aborted> {
        let me = self.attacker;
        let them = me.opponent();
        if pos.has_five_point(me) {
            return Ok(Expansion::Decided(Numbers::PROVEN));
        }
        if attacks == 0 {
            return Ok(Expansion::Decided(Numbers::DISPROVEN));
        }
        let their_fives: Vec<usize> = pos.five_points(them).take(2).collect();
        if their_fives.is_empty() {
            if self.vcf.find(pos, budget, attacks)?.is_some() {
                return Ok(Expansion::Decided(Numbers::PROVEN));
            }
            if attacks == 1 {
                // One attack left wins only by a flex four, and there is none.
                return Ok(Expansion::Decided(Numbers::DISPROVEN));
            }
        }
        let candidates = match their_fives[..] {
            [] => pos
                .candidates()
                .filter(|&i| pos.threat(i, me).best >= Pattern::F2)
                .collect(),
            [block] => vec![block],
            _ => Vec::new(),
        };
        // A threat of `k` fours needs `k` attacks after it.
        let limit = self.threat_limit.min(attacks - 1);
        let mut threats: Vec<usize> = candidates
            .into_iter()
            .filter(|&m| pos.is_legal(m) && self.may_threaten(pos, m, limit))
            .collect();
        if threats.is_empty() {
            return Ok(Expansion::Decided(Numbers::DISPROVEN));
        }
        // df-pn follows the first of equal children: fours first, then
        // open threes, then the rest by value.
        threats.sort_by_key(|&m| {
            let t = pos.threat(m, me);
            (Reverse(t.fours), Reverse(t.threes), Reverse(t.value), m)
        });
        Ok(Expansion::Moves(threats))
    }

    /// Whether the attacker's move `m` may threaten a win by a VCF of at
    /// most `limit` fours, as far as the board shows without playing it.
    /// Whether it does is settled at the defence node after it, and only if
    /// the search goes there: most of a node's moves never need it.
    fn may_threaten(&self, pos: &Position, m: usize, limit: u32) -> bool {
        let me = self.attacker;
        let t = pos.threat(m, me);
        if t.is_four() {
            return true;
        }
        if limit == 0 {
            return false;
        }
        // Twos only make no open four or double four point, and the first
        // four of a two-four VCF after them must be one the attacker
        // already had, on a line through them. Otherwise the VCF would not
        // need the move, and this position has none (it was solved before
        // its threats were generated, unless the attacker must block a
        // four first).
        let twos_only_fail = t.best < Pattern::B3
            && (limit == 1 || (limit == 2 && !four_point_on_lines(pos, m, me)));
        pos.has_five_point(me.opponent()) || !twos_only_fail
    }

    /// With the defender to move, the attacker's win by at most `limit`
    /// fours were the defender to pass: what the last move threatens.
    fn threatened_vcf(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        limit: u32,
    ) -> Result<Option<Vec<usize>>, Aborted> {
        let me = self.attacker;
        pos.pass();
        let line = if !pos.has_four_point(me)
            || (limit == 2 && !pos.has_flex_four_point(me) && !has_four_with_three(pos, me))
        {
            // No four to make is no VCF; a VCF of two fours needs a first
            // four that also makes a three on another line, for the second
            // four to be open or double.
            Ok(None)
        } else {
            self.vcf.find(pos, budget, limit)
        };
        pos.pass();
        line
    }

    /// The defender (to move) after a threat: its five wins, an open four or
    /// two fours lose, a four is blocked; any other threat is answered from
    /// its defence set, unless the defender has a VCF of its own.
    fn defences(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        attacks: u32,
    ) -> Result<Expansion, Aborted> {
        let me = pos.side();
        let attacker = self.attacker;
        if pos.has_five_point(me) {
            return Ok(Expansion::Decided(Numbers::DISPROVEN));
        }
        let fives: Vec<usize> = pos.five_points(attacker).take(2).collect();
        match fives[..] {
            [_, _] => return Ok(Expansion::Decided(Numbers::PROVEN)),
            [block] if !pos.is_legal(block) => return Ok(Expansion::Decided(Numbers::PROVEN)),
            [block] => return Ok(Expansion::Moves(vec![block])),
            _ => {}
        }
        let Some(line) = self.threatened_vcf(pos, budget, self.threat_limit.min(attacks))? else {
            // The last move threatens nothing: the defender is free.
            return Ok(Expansion::Decided(Numbers::DISPROVEN));
        };
        if self
            .defender_vcf
            .find(pos, budget, DEFENDER_FOURS)?
            .is_some()
        {
            return Ok(Expansion::Decided(Numbers::DISPROVEN));
        }
        let mut set = self.defence_set(pos, &line);
        set.extend(pos.four_points(me));
        set.sort_unstable();
        set.dedup();
        set.retain(|&i| pos.is_legal(i));
        if set.is_empty() {
            return Ok(Expansion::Decided(Numbers::PROVEN));
        }
        Ok(Expansion::Moves(set))
    }

    /// The cells where the defender (to move) could stop the attacker's VCF
    /// `line` (played as if the defender passed): the line's cells, the
    /// points where the defender would have a four along it, and the
    /// attacker's five points at its end (for renju black defending, every
    /// cell on the lines through the last point, where forbidden points end
    /// the line).
    fn defence_set(&self, pos: &mut Position, line: &[usize]) -> Vec<usize> {
        let defender = pos.side();
        let mut set: Vec<usize> = line.to_vec();
        pos.pass();
        let mut made = 0;
        for &m in &line[..line.len() - 1] {
            if pos.side() == self.attacker {
                set.extend(pos.four_points(defender));
            }
            pos.make(m);
            made += 1;
        }
        set.extend(pos.five_points(self.attacker).take(4));
        for _ in 0..made {
            pos.unmake();
        }
        pos.pass();
        if pos.rule() == Rule::Renju && defender == Color::Black {
            set.extend(line_cells(pos, line[line.len() - 1]));
        }
        set
    }

    /// Appends the proven node's winning line: the attacker's proving moves
    /// and, at each defence, the first defence's reply.
    fn proof_line(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        attacks: u32,
        attacking: bool,
        line: &mut Vec<usize>,
    ) -> Result<(), Aborted> {
        if attacking {
            if let Some(five) = pos.five_points(self.attacker).next() {
                line.push(five);
                return Ok(());
            }
            if !pos.has_five_point(self.attacker.opponent()) {
                if let Some(vcf) = self.vcf.find(pos, budget, attacks)? {
                    line.extend(vcf);
                    return Ok(());
                }
            }
        } else {
            let fives: Vec<usize> = pos.five_points(self.attacker).take(2).collect();
            match fives[..] {
                [a, b] => {
                    line.extend([a, b]);
                    return Ok(());
                }
                [block] if !pos.is_legal(block) => {
                    line.push(block);
                    return Ok(());
                }
                _ => {}
            }
        }
        let Expansion::Moves(moves) = self.expand(pos, budget, attacks, attacking)? else {
            return Ok(());
        };
        let next = Prover::child_attacks(attacks, attacking);
        for m in moves {
            if self.lookup(pos.hash_after(m), next, !attacking).proof == 0 {
                pos.make(m);
                line.push(m);
                let result = self.proof_line(pos, budget, next, !attacking, line);
                pos.unmake();
                return result;
            }
        }
        Ok(())
    }
}

/// The empty cells on the four lines through `i`, within five steps (not
/// `i` itself).
fn line_cells(pos: &Position, i: usize) -> impl Iterator<Item = usize> + '_ {
    (0..DIRECTIONS.len()).flat_map(move |d| pos.line_window_empties(i, d))
}

/// Whether `color` has a legal four point that also makes a three or better
/// along another line.
fn has_four_with_three(pos: &Position, color: Color) -> bool {
    pos.four_points(color).any(|f| {
        (0..DIRECTIONS.len())
            .filter(|&d| pos.pattern(f, color, d) >= Pattern::B3)
            .nth(1)
            .is_some()
    })
}

/// Whether `color` has a four to make on a line through `i`, within five steps.
fn four_point_on_lines(pos: &Position, i: usize, color: Color) -> bool {
    pos.has_four_point(color) && line_cells(pos, i).any(|j| pos.threat(j, color).is_four())
}
