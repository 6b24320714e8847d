//! Move generation: what the threats on the board force at a node (a five
//! to play, a five to block, an open four to make, an open three to answer,
//! checked in that order), and the moves the search tries when nothing
//! decides it.

use super::position::Position;

/// What the threats on the board say about a node.
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

/// What the threats on the board say about `pos`, for its side to move.
pub(crate) fn decide(pos: &Position) -> Decision {
    let me = pos.side();
    let them = me.opponent();
    if let Some(five) = pos.five_points(me).next() {
        return Decision::Mate(1, Some(five));
    }
    let mut their_fives = pos.five_points(them);
    match (their_fives.next(), their_fives.next()) {
        (Some(block), Some(_)) => {
            return Decision::Mate(-2, Some(block).filter(|&b| pos.is_legal(b)))
        }
        (Some(block), None) if !pos.is_legal(block) => return Decision::Mate(-2, None),
        (Some(block), None) => return Decision::Block(block),
        _ => {}
    }
    match pos.flex_four_point(me) {
        Some(flex) => Decision::Mate(3, Some(flex)),
        None => Decision::Open,
    }
}

/// The outcome of `pos` when the threats on the board decide it; otherwise
/// `None`, with the moves for the side to move in `moves`.
pub(crate) fn generate(pos: &Position, moves: &mut Vec<usize>) -> Decided {
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
