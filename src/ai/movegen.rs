//! Move generation: what the threats on the board force at a node (a five
//! to play, a five to block, an open four to make, an open three to answer,
//! checked in that order), and the moves the search tries when nothing
//! decides it.

use super::pattern::Pattern;
use super::position::Position;
use crate::board::DIRECTIONS;
use crate::{Color, Rule};

/// What the threats on the board say about a node.
#[derive(Debug)]
pub(crate) enum Decision {
    /// The outcome is known: a win (plies > 0) or loss (plies < 0) that many
    /// plies away (a five to play, an unstoppable five of theirs, an open
    /// four to make), with the move that realises it, if any.
    Mate(i32, Option<usize>),
    /// Their four must be blocked here.
    Block(usize),
    /// Nothing forced.
    Open,
}

/// A node's outcome when the threats decide it, as in [`Decision::Mate`].
pub(crate) type Decided = Option<(i32, Option<usize>)>;

/// What the threats on the board say about `pos`, for its side to move
/// (`pos` is changed only while a renju black four-three is confirmed).
pub(crate) fn decide(pos: &mut Position) -> Decision {
    let me = pos.side();
    let them = me.opponent();
    if let Some(five) = pos.five_points(me).next() {
        return Decision::Mate(1, Some(five));
    }
    let their_fives = {
        let mut fives = pos.five_points(them);
        (fives.next(), fives.next())
    };
    match their_fives {
        (Some(block), Some(_)) => {
            return Decision::Mate(-2, Some(block).filter(|&b| pos.is_legal(b)))
        }
        (Some(block), None) if !pos.is_legal(block) => return Decision::Mate(-2, None),
        (Some(block), None) => return Decision::Block(block),
        _ => {}
    }
    if let Some(flex) = pos.flex_four_point(me) {
        return Decision::Mate(3, Some(flex));
    }
    // With no four of theirs to interpose, a four-three or double three
    // makes an open four next move whatever they answer.
    if !pos.has_four_point(them) {
        let mut from = 0;
        while let Some(m) = pos.four_three_point(me, from) {
            if pos.is_legal(m) && (!renju_black(pos) || open_four_follows(pos, m)) {
                return Decision::Mate(5, Some(m));
            }
            from = m + 1;
        }
    }
    Decision::Open
}

/// Whether the side to move is renju black, whose open four may be
/// forbidden.
fn renju_black(pos: &Position) -> bool {
    pos.rule() == Rule::Renju && pos.side() == Color::Black
}

/// Whether the four of `m` blocked, the side to move can still make a legal
/// open four: a renju black four-three is real only then.
fn open_four_follows(pos: &mut Position, m: usize) -> bool {
    pos.make(m);
    let block = pos.five_points(pos.side().opponent()).next();
    let follows = block.is_some_and(|b| {
        pos.make(b);
        let open_four = pos.flex_four_point(pos.side()).is_some();
        pos.unmake();
        open_four
    });
    pos.unmake();
    follows
}

/// Adds to `moves` the cells that answer an open three of the opponent's
/// in caro besides its four points: a caro five blocked at both ends does
/// not win, so any stone within five cells of a flex-four point, on a
/// line where it makes a four, may spoil it. Keeps `moves` free of repeats.
fn caro_spoilers(pos: &Position, moves: &mut Vec<usize>) {
    let them = pos.side().opponent();
    for p in pos.four_points(them) {
        if !pos.threat(p, them).is_flex_four() {
            continue;
        }
        for d in 0..DIRECTIONS.len() {
            if pos.pattern(p, them, d) >= Pattern::B4 {
                moves.extend(pos.line_window_empties(p, d).filter(|&i| pos.is_legal(i)));
            }
        }
    }
    moves.sort_unstable();
    moves.dedup();
}

/// The outcome of `pos` when the threats on the board decide it; otherwise
/// `None`, with the moves for the side to move in `moves`.
pub(crate) fn generate(pos: &mut Position, moves: &mut Vec<usize>) -> Decided {
    moves.clear();
    match decide(pos) {
        Decision::Mate(plies, m) => return Some((plies, m)),
        Decision::Block(b) => {
            moves.push(b);
            return None;
        }
        Decision::Open => {}
    }
    if pos.flex_four_point(pos.side().opponent()).is_some() {
        // An open three (or a four-four point) of theirs: only their four
        // points (on their lines) or our own fours can stop it, that is the
        // cells where either side would make a four.
        moves.extend(pos.four_cells_of_either().filter(|&i| pos.is_legal(i)));
        if pos.rule() == Rule::Caro {
            caro_spoilers(pos, moves);
        }
        if !moves.is_empty() {
            return None;
        }
    }
    moves.extend(pos.candidates().filter(|&i| pos.is_legal(i)));
    if moves.is_empty() {
        // Renju: black may have only forbidden points near the stones.
        moves.extend(pos.empty_cells().filter(|&i| pos.is_legal(i)).take(1));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::Game;

    fn decision(rule: Rule, moves: &str) -> Decision {
        let game = Game::from_moves(15, rule, &parse_moves(moves).unwrap()).unwrap();
        decide(&mut Position::new(&game))
    }

    fn cell(name: &str) -> usize {
        crate::board::index(name.parse().unwrap())
    }

    #[test]
    fn a_double_three_wins_in_five_when_the_opponent_has_no_four() {
        // Black g8 h8 and j9 j10: j8 makes two open threes.
        let d = decision(Rule::Freestyle, "g8 a1 h8 o1 j9 a15 j10 o15");
        assert!(matches!(d, Decision::Mate(5, Some(m)) if m == cell("j8")));
        // The same for white under renju, whose threes all count.
        let d = decision(Rule::Renju, "a1 g8 o1 h8 a15 j9 o15 j10 a8");
        assert!(matches!(d, Decision::Mate(5, Some(m)) if m == cell("j8")));
    }

    #[test]
    fn a_four_three_wins_in_five_when_the_opponent_has_no_four() {
        // Black f8 g8 h8 (e8 white) and j9 j10: j8 makes a four on row 8
        // (i8 to five) and an open three on column j.
        let d = decision(Rule::Freestyle, "f8 e8 g8 a1 h8 o1 j9 a15 j10 o15");
        assert!(matches!(d, Decision::Mate(5, Some(m)) if m == cell("j8")));
    }

    #[test]
    fn no_win_in_five_is_claimed_while_the_opponent_has_a_four_to_play() {
        // White's a1 a2 a3 make a four at a4: it could answer with fours.
        let d = decision(Rule::Freestyle, "g8 a1 h8 a2 j9 a3 j10 o15");
        assert!(matches!(d, Decision::Open));
    }

    #[test]
    fn renju_black_wins_in_five_only_by_a_four_three_with_a_legal_open_four() {
        // Black's double three is forbidden.
        assert!(matches!(
            decision(Rule::Renju, "g8 a1 h8 o1 j9 a15 j10 o15"),
            Decision::Open
        ));
        // A four-three whose open four (j7 or j11) stays legal after the block.
        let d = decision(Rule::Renju, "f8 e8 g8 a1 h8 o1 j9 a15 j10 o15");
        assert!(matches!(d, Decision::Mate(5, Some(m)) if m == cell("j8")));
        // h7 makes a four on the diagonal (g6 i8, k10: j9 to five) and a
        // three on column h (h5 h8, h11) that opens to four only at h9,
        // where it would have fives at h6 and h10: a double four on one
        // line, forbidden.
        let fake = "h8 j7 h5 i7 i8 h4 g2 h3 k10 i12 g6 i3 h11 h1";
        let mut pos =
            Position::new(&Game::from_moves(15, Rule::Renju, &parse_moves(fake).unwrap()).unwrap());
        assert_eq!(pos.four_three_point(Color::Black, 0), Some(cell("h7")));
        assert!(pos.is_legal(cell("h7")));
        let d = decide(&mut pos);
        assert!(matches!(d, Decision::Open), "{d:?}");
        // The same stones win under freestyle.
        let d = decision(Rule::Freestyle, fake);
        assert!(
            matches!(d, Decision::Mate(5, Some(m)) if m == cell("h7")),
            "{d:?}"
        );
    }

    /// Whether `m` wins for the side to move within five plies: after it,
    /// every legal reply leaves a five to play, or an open four to make
    /// with no five of theirs to play first.
    fn wins_in_five(pos: &mut Position, m: usize) -> bool {
        let me = pos.side();
        pos.make(m);
        let replies: Vec<usize> = pos.empty_cells().filter(|&r| pos.is_legal(r)).collect();
        let wins = replies.into_iter().all(|r| {
            pos.make(r);
            let won = pos.has_five_point(me)
                || (pos.flex_four_point(me).is_some() && !pos.has_five_point(me.opponent()));
            pos.unmake();
            won
        });
        pos.unmake();
        wins
    }

    /// Plays random games among the stones (each move beside one) under
    /// every rule, `seeds` per rule, up to 80 moves, calling `visit` on
    /// every position before its move.
    fn random_fights(seeds: u64, mut visit: impl FnMut(Rule, u64, &Game, &mut Position)) {
        for rule in Rule::ALL {
            for seed in 0..seeds {
                let mut state = 0x2545_F491_4F6C_DD1D ^ (seed * 7_919 + rule as u64);
                let mut next = || {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state
                };
                let mut game = Game::new(15, rule).unwrap();
                let mut pos = Position::new(&game);
                while !game.is_over() && game.move_count() < 80 {
                    visit(rule, seed, &game, &mut pos);
                    let moves: Vec<usize> = pos.candidates().filter(|&i| pos.is_legal(i)).collect();
                    let m = moves[(next() % moves.len() as u64) as usize];
                    game.play(Position::point(m)).unwrap();
                    pos.make(m);
                }
            }
        }
    }

    #[test]
    fn every_win_in_five_claimed_over_random_fights_holds() {
        // Each position the threats call a win in five is checked against
        // every reply.
        let (mut claims, mut renju_black_claims) = (0, 0);
        random_fights(300, |rule, seed, game, pos| {
            if let Decision::Mate(5, Some(m)) = decide(pos) {
                claims += 1;
                renju_black_claims += usize::from(renju_black(pos));
                assert!(wins_in_five(pos, m), "{rule} seed {seed}: {game:?}");
            }
        });
        assert!(claims > 100, "only {claims} claims checked");
        assert!(
            renju_black_claims > 10,
            "only {renju_black_claims} of renju black"
        );
    }

    #[test]
    fn every_move_left_out_against_an_open_three_loses_to_it() {
        // Wherever an open three (or four-four point) of the opponent's
        // narrows the moves, each legal move left out lets the opponent make
        // five or a legal open four.
        let (mut narrowed, mut left_out) = (0, 0);
        let mut moves = Vec::new();
        random_fights(200, |rule, seed, game, pos| {
            let all: Vec<usize> = pos.candidates().filter(|&i| pos.is_legal(i)).collect();
            let them = pos.side().opponent();
            if generate(pos, &mut moves).is_some()
                || moves.len() == all.len()
                || pos.has_five_point(them)
            {
                // Decided, not narrowed, or a four to block (a rule).
                return;
            }
            narrowed += 1;
            for &m in all.iter().filter(|m| !moves.contains(m)) {
                left_out += 1;
                pos.make(m);
                let won = matches!(decide(pos), Decision::Mate(k, _) if k > 0);
                pos.unmake();
                assert!(
                    won,
                    "{rule} seed {seed}: {game:?} then {}",
                    Position::point(m)
                );
            }
        });
        assert!(
            narrowed > 200 && left_out > 2_000,
            "{narrowed} nodes, {left_out} moves"
        );
    }
}
