//! Unvalidated start positions: a list of stones and the side to move.

use crate::{Color, Point, Rule, DEFAULT_SIZE};

/// A start position as given by a user, an opening book or the Gomocup `BOARD`
/// command; [`crate::Game::from_setup`] validates it.
///
/// ```
/// use gomoku::{Color, Game, Point, Rule, Setup};
/// let mut setup = Setup::new(15, Rule::Renju);
/// setup.stones.push((Point::new(7, 7), Color::Black));
/// setup.to_move = Color::White;
/// let game = Game::from_setup(&setup).unwrap();
/// assert_eq!(game.side_to_move(), Color::White);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board side, 5 to 26.
    pub size: usize,
    /// The rule the game is played under.
    pub rule: Rule,
    /// The stones on the board before the first move.
    pub stones: Vec<(Point, Color)>,
    /// Who plays next.
    pub to_move: Color,
}

impl Setup {
    /// An empty board with black to move.
    pub fn new(size: usize, rule: Rule) -> Setup {
        Setup {
            size,
            rule,
            stones: Vec::new(),
            to_move: Color::Black,
        }
    }

    /// The set-up reached by playing `moves` alternately from an empty board,
    /// black first: stones in move order and the side to move after them.
    pub fn from_moves(size: usize, rule: Rule, moves: &[Point]) -> Setup {
        let colors = [Color::Black, Color::White];
        Setup {
            size,
            rule,
            stones: moves
                .iter()
                .enumerate()
                .map(|(i, &p)| (p, colors[i % 2]))
                .collect(),
            to_move: colors[moves.len() % 2],
        }
    }
}

impl Default for Setup {
    /// An empty 15×15 freestyle board, black to move.
    fn default() -> Setup {
        Setup::new(DEFAULT_SIZE, Rule::Freestyle)
    }
}
