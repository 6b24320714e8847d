//! A game: board, rule, history, side to move and result.

use std::fmt;

use crate::board::{self, index, point_at};
use crate::rules::{five_line, is_forbidden};
use crate::{
    Board, Color, HistoryError, InvalidSizeError, PlayError, Point, Rule, Setup, SetupError,
    MAX_SIZE, MIN_SIZE,
};

/// How a game stands; the values are the C ABI codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum GameResult {
    /// Still being played.
    #[default]
    Ongoing = 0,
    /// Black made a winning line.
    BlackWon = 1,
    /// White made a winning line.
    WhiteWon = 2,
    /// No winner and no move left: the board is full (or, under renju, every
    /// empty point is forbidden for black, who is to move).
    Draw = 3,
}

impl GameResult {
    /// Every result, in the order of their codes.
    pub const ALL: [GameResult; 4] = [
        GameResult::Ongoing,
        GameResult::BlackWon,
        GameResult::WhiteWon,
        GameResult::Draw,
    ];

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::BlackWon => Some(Color::Black),
            GameResult::WhiteWon => Some(Color::White),
            _ => None,
        }
    }

    /// The result in which `color` has won.
    pub const fn won_by(color: Color) -> GameResult {
        match color {
            Color::Black => GameResult::BlackWon,
            Color::White => GameResult::WhiteWon,
        }
    }

    /// The lowercase name used in save files (`ongoing`, `black`, `white`, `draw`).
    pub const fn name(self) -> &'static str {
        match self {
            GameResult::Ongoing => "ongoing",
            GameResult::BlackWon => "black",
            GameResult::WhiteWon => "white",
            GameResult::Draw => "draw",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Ongoing => "ongoing",
            GameResult::BlackWon => "black won",
            GameResult::WhiteWon => "white won",
            GameResult::Draw => "draw",
        })
    }
}

/// A game of five in a row under one rule.
///
/// Every refused call leaves the game exactly as it was.
///
/// ```
/// use gomoku::{Game, GameResult, Rule, Point};
/// let mut game = Game::new(15, Rule::Freestyle).unwrap();
/// for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
///     game.play(m.parse().unwrap()).unwrap();
/// }
/// assert_eq!(game.result(), GameResult::BlackWon);
/// assert_eq!(game.winning_line().len(), 5);
/// game.undo().unwrap();
/// assert_eq!(game.result(), GameResult::Ongoing);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    board: Board,
    start: Setup,
    moves: Vec<Point>,
    redo: Vec<Point>,
    result: GameResult,
    winning_line: Vec<Point>,
}

impl Game {
    /// A new game on an empty `size × size` board, black to move.
    pub fn new(size: usize, rule: Rule) -> Result<Game, InvalidSizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(InvalidSizeError(size));
        }
        // Built in place rather than through `from_setup`: nothing to check
        // on an empty board, and a new game should cost one board copy.
        Ok(Game {
            board: Board::empty(size),
            start: Setup::new(size, rule),
            moves: Vec::new(),
            redo: Vec::new(),
            result: GameResult::Ongoing,
            winning_line: Vec::new(),
        })
    }

    /// A game starting from a set-up position, checked: stones on the board,
    /// one per point, counts possible for the side to move (it has as many
    /// stones as the other side or one fewer), and nobody has won yet.
    pub fn from_setup(setup: &Setup) -> Result<Game, SetupError> {
        let mut board = Board::new(setup.size).map_err(|e| SetupError::InvalidSize(e.0))?;
        let mut counts = [0usize; 2];
        for &(p, c) in &setup.stones {
            if !board.contains(p) {
                return Err(SetupError::OffBoard(p));
            }
            if board.stone(p).is_some() {
                return Err(SetupError::Duplicate(p));
            }
            board.place(p, c);
            counts[c as usize - 1] += 1;
        }
        let mover = counts[setup.to_move as usize - 1];
        let other = counts[setup.to_move.opponent() as usize - 1];
        if mover != other && mover + 1 != other {
            return Err(SetupError::ImpossibleCounts {
                black: counts[0],
                white: counts[1],
                to_move: setup.to_move,
            });
        }
        for &(p, c) in &setup.stones {
            if five_line(&board, setup.rule, index(p), c).is_some() {
                return Err(SetupError::AlreadyWon(c));
            }
        }
        // One order for the same stones, so equal positions compare equal
        // (and a save, which lists them by colour, loads back equal).
        let mut start = setup.clone();
        start.stones.sort_by_key(|&(p, c)| (c, p.y(), p.x()));
        let mut game = Game {
            board,
            start,
            moves: Vec::new(),
            redo: Vec::new(),
            result: GameResult::Ongoing,
            winning_line: Vec::new(),
        };
        game.result = game.draw_or_ongoing();
        Ok(game)
    }

    /// A game from an empty board after `moves`, black first.
    pub fn from_moves(size: usize, rule: Rule, moves: &[Point]) -> Result<Game, crate::Error> {
        let mut game = Game::new(size, rule)?;
        for &p in moves {
            game.play(p)?;
        }
        Ok(game)
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The rule of this game.
    pub fn rule(&self) -> Rule {
        self.start.rule
    }

    /// The start position (empty unless the game was set up).
    pub fn setup(&self) -> &Setup {
        &self.start
    }

    /// The moves played since the start position, oldest first.
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The number of moves played since the start position.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    /// The moves that [`Game::redo`] would replay, next one first.
    pub fn redo_moves(&self) -> impl Iterator<Item = Point> + '_ {
        self.redo.iter().rev().copied()
    }

    /// Who plays next.
    pub fn side_to_move(&self) -> Color {
        if self.moves.len().is_multiple_of(2) {
            self.start.to_move
        } else {
            self.start.to_move.opponent()
        }
    }

    /// Whether the game is won, lost or drawn.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// The winner, if the game has one.
    pub fn winner(&self) -> Option<Color> {
        self.result.winner()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.result != GameResult::Ongoing
    }

    /// The stones of the winning line, from one end to the other; empty if
    /// nobody has won.
    pub fn winning_line(&self) -> &[Point] {
        &self.winning_line
    }

    /// Whether black may not play `p` now: renju only, black to move or not,
    /// `p` empty and forming a double-three, double-four or overline.
    pub fn is_forbidden(&self, p: Point) -> bool {
        self.rule() == Rule::Renju
            && self.board.is_empty_at(p)
            && is_forbidden(&self.board, index(p))
    }

    /// Every point where black may not play now (renju), row by row.
    pub fn forbidden_points(&self) -> Vec<Point> {
        if self.rule() != Rule::Renju {
            return Vec::new();
        }
        self.board
            .empty_points()
            .filter(|&p| self.is_forbidden(p))
            .collect()
    }

    /// Whether the side to move may play `p` now.
    pub fn is_legal(&self, p: Point) -> bool {
        self.check_move(p).is_ok()
    }

    /// Every point the side to move may play now, row by row; empty once the
    /// game is over.
    pub fn legal_moves(&self) -> Vec<Point> {
        if self.is_over() {
            return Vec::new();
        }
        self.board
            .empty_points()
            .filter(|&p| self.is_legal(p))
            .collect()
    }

    /// Why the side to move may not play `p`, if it may not.
    fn check_move(&self, p: Point) -> Result<(), PlayError> {
        if self.is_over() {
            Err(PlayError::GameOver)
        } else if !self.board.contains(p) {
            Err(PlayError::OffBoard(p))
        } else if self.board.stone(p).is_some() {
            Err(PlayError::Occupied(p))
        } else if self.side_to_move() == Color::Black && self.is_forbidden(p) {
            Err(PlayError::Forbidden(p))
        } else {
            Ok(())
        }
    }

    /// Plays `p` for the side to move. A new move clears the redo list.
    pub fn play(&mut self, p: Point) -> Result<(), PlayError> {
        self.check_move(p)?;
        self.put(p);
        self.redo.clear();
        Ok(())
    }

    /// Takes back the last move and returns it; the game is open again.
    pub fn undo(&mut self) -> Result<Point, HistoryError> {
        let p = self.moves.pop().ok_or(HistoryError::NothingToUndo)?;
        self.board.remove(p);
        self.redo.push(p);
        self.result = GameResult::Ongoing;
        self.winning_line.clear();
        Ok(p)
    }

    /// Replays the last undone move and returns it.
    pub fn redo(&mut self) -> Result<Point, HistoryError> {
        let p = self.redo.pop().ok_or(HistoryError::NothingToRedo)?;
        self.put(p);
        Ok(p)
    }

    /// Puts the mover's stone on `p`, which has been checked, and updates the result.
    fn put(&mut self, p: Point) {
        let color = self.side_to_move();
        self.board.place(p, color);
        self.moves.push(p);
        if let Some((start, step, len)) = five_line(&self.board, self.rule(), index(p), color) {
            self.result = GameResult::won_by(color);
            self.winning_line = (0..len as isize)
                .map(|k| point_at(start.wrapping_add_signed(k * step)))
                .collect();
        } else {
            self.result = self.draw_or_ongoing();
        }
    }

    /// With no winner: a draw if the side to move has no legal point left.
    fn draw_or_ongoing(&self) -> GameResult {
        let stuck = self.board.is_full()
            || (self.rule() == Rule::Renju
                && self.side_to_move() == Color::Black
                && self.board.empty_points().all(|p| self.is_forbidden(p)));
        if stuck {
            GameResult::Draw
        } else {
            GameResult::Ongoing
        }
    }
}

impl Default for Game {
    /// An empty 15×15 freestyle game.
    fn default() -> Game {
        Game::from_setup(&Setup::default()).expect("the default set-up is valid")
    }
}

impl fmt::Display for Game {
    /// Draws the board (`X` black, `O` white) with the last move in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        board::draw(&self.board, self.last_move(), f)
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("size", &self.size())
            .field("rule", &self.rule())
            .field("moves", &crate::notation::format_moves(&self.moves))
            .field("result", &self.result)
            .finish()
    }
}
