//! A game: board, rule, history, side to move and result.

use std::fmt;

use crate::board::{self, index, point_at};
use crate::rules::{five_line, is_forbidden, is_forbidden_as, Reading};
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

/// Why a game ended. The first four follow from the board; the others are
/// declared ([`Game::resign`], [`Game::lose_on_time`], [`Game::agree_draw`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum EndReason {
    /// A line of exactly five.
    Five = 1,
    /// A line of six or more, where the rule lets it win (freestyle, caro,
    /// and white under renju).
    Overline = 2,
    /// The board filled up with no winner.
    FullBoard = 3,
    /// Renju: black is to move and every empty point is forbidden.
    NoLegalMove = 4,
    /// A player resigned.
    Resignation = 5,
    /// A player ran out of time.
    Timeout = 6,
    /// The players agreed to a draw.
    Agreement = 7,
}

impl EndReason {
    /// Every reason, in the order of their codes.
    pub const ALL: [EndReason; 7] = [
        EndReason::Five,
        EndReason::Overline,
        EndReason::FullBoard,
        EndReason::NoLegalMove,
        EndReason::Resignation,
        EndReason::Timeout,
        EndReason::Agreement,
    ];

    /// The lowercase name used in save files and network messages (`five`,
    /// `overline`, `full`, `no_legal_move`, `resign`, `time`, `agreed`).
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Five => "five",
            EndReason::Overline => "overline",
            EndReason::FullBoard => "full",
            EndReason::NoLegalMove => "no_legal_move",
            EndReason::Resignation => "resign",
            EndReason::Timeout => "time",
            EndReason::Agreement => "agreed",
        }
    }

    /// Whether the players declared this ending rather than the board.
    pub const fn is_declared(self) -> bool {
        matches!(
            self,
            EndReason::Resignation | EndReason::Timeout | EndReason::Agreement
        )
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Five => "five in a row",
            EndReason::Overline => "an overline",
            EndReason::FullBoard => "a full board",
            EndReason::NoLegalMove => "no legal move for black",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "time",
            EndReason::Agreement => "agreement",
        })
    }
}

/// Who played a game and when: a record's details, kept with the game and
/// written to its save text and SGF. Each is one line of text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameInfo {
    /// The black player's name.
    pub black: Option<String>,
    /// The white player's name.
    pub white: Option<String>,
    /// When the game was played, as the writer likes it (SGF uses
    /// `YYYY-MM-DD`).
    pub date: Option<String>,
}

impl GameInfo {
    /// A player's name.
    pub fn player(&self, color: Color) -> Option<&str> {
        match color {
            Color::Black => self.black.as_deref(),
            Color::White => self.white.as_deref(),
        }
    }

    /// Sets or clears a player's name (line breaks become spaces).
    pub fn set_player(&mut self, color: Color, name: Option<&str>) {
        let name = name.map(one_line);
        match color {
            Color::Black => self.black = name,
            Color::White => self.white = name,
        }
    }
}

/// `text` with its line breaks as spaces, trimmed: a value for one line.
pub(crate) fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ").trim().to_string()
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
    reason: Option<EndReason>,
    winning_line: Vec<Point>,
    info: GameInfo,
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
            reason: None,
            winning_line: Vec::new(),
            info: GameInfo::default(),
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
            reason: None,
            winning_line: Vec::new(),
            info: GameInfo::default(),
        };
        game.reason = game.stuck();
        if game.reason.is_some() {
            game.result = GameResult::Draw;
        }
        Ok(game)
    }

    /// A game from a board array given rows first (`rows[y][x]`: 0 empty,
    /// 1 black, 2 white), `to_move` to play, or inferred from the counts
    /// ([`Setup::from_rows`]). Impossible boards are refused.
    pub fn from_rows<T: Copy + Into<i64>>(
        rows: &[impl AsRef<[T]>],
        rule: Rule,
        to_move: Option<Color>,
    ) -> Result<Game, SetupError> {
        Game::from_setup(&Setup::from_rows(rows, rule, to_move)?)
    }

    /// A game from a board array given columns first (`columns[x][y]`).
    pub fn from_columns<T: Copy + Into<i64>>(
        columns: &[impl AsRef<[T]>],
        rule: Rule,
        to_move: Option<Color>,
    ) -> Result<Game, SetupError> {
        Game::from_setup(&Setup::from_columns(columns, rule, to_move)?)
    }

    /// The board as an array of rows, as printed: `rows()[y][x]` is 0
    /// (empty), 1 (black) or 2 (white).
    pub fn rows(&self) -> Vec<Vec<u8>> {
        let n = self.size() as u8;
        (0..n)
            .map(|y| (0..n).map(|x| self.stone_code(Point::new(x, y))).collect())
            .collect()
    }

    /// The board as an array of columns: `columns()[x][y]`.
    pub fn columns(&self) -> Vec<Vec<u8>> {
        let n = self.size() as u8;
        (0..n)
            .map(|x| (0..n).map(|y| self.stone_code(Point::new(x, y))).collect())
            .collect()
    }

    fn stone_code(&self, p: Point) -> u8 {
        self.board.stone(p).map_or(0, |c| c as u8)
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

    /// Why the game ended, `None` while it goes on.
    pub fn end_reason(&self) -> Option<EndReason> {
        self.reason
    }

    /// Who played and when.
    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    /// Who played and when, to change.
    pub fn info_mut(&mut self) -> &mut GameInfo {
        &mut self.info
    }

    /// `loser` resigns: the other side wins. Refused once the game is over.
    pub fn resign(&mut self, loser: Color) -> Result<(), PlayError> {
        self.declare(GameResult::won_by(loser.opponent()), EndReason::Resignation)
    }

    /// `loser` ran out of time: the other side wins. Refused once the game
    /// is over.
    pub fn lose_on_time(&mut self, loser: Color) -> Result<(), PlayError> {
        self.declare(GameResult::won_by(loser.opponent()), EndReason::Timeout)
    }

    /// The players agree to a draw. Refused once the game is over.
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        self.declare(GameResult::Draw, EndReason::Agreement)
    }

    /// Takes `other`'s declared ending (a resignation, timeout or agreed
    /// draw), if it has one, for a copy of it made by replaying its moves.
    pub(crate) fn copy_declared_ending(&mut self, other: &Game) {
        if other.reason.is_some_and(EndReason::is_declared) {
            self.result = other.result;
            self.reason = other.reason;
            self.redo.clear();
        }
    }

    /// Ends an ongoing game by the players' word, like a move clearing the
    /// redo list; `undo` reopens it.
    fn declare(&mut self, result: GameResult, reason: EndReason) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        self.result = result;
        self.reason = Some(reason);
        self.redo.clear();
        Ok(())
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

    /// Whether black may not play `p` now as tournament managers judge it
    /// (Piskvork, c-gomoku-cli): like [`Game::is_forbidden`], except that a
    /// straight-four point that also makes a five does not make a three
    /// real. RIF says it does, so each reading forbids a few points the
    /// other allows; a brain under a referee avoids both.
    pub fn is_forbidden_by_referee(&self, p: Point) -> bool {
        self.rule() == Rule::Renju
            && self.board.is_empty_at(p)
            && is_forbidden_as(&self.board, index(p), Reading::Referee)
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

    /// Takes back the last move and returns it; the game is open again
    /// (also after a resignation, a timeout or an agreed draw).
    pub fn undo(&mut self) -> Result<Point, HistoryError> {
        let p = self.moves.pop().ok_or(HistoryError::NothingToUndo)?;
        self.board.remove(p);
        self.redo.push(p);
        self.result = GameResult::Ongoing;
        self.reason = None;
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
            self.reason = Some(if len == 5 {
                EndReason::Five
            } else {
                EndReason::Overline
            });
            self.winning_line = (0..len as isize)
                .map(|k| point_at(start.wrapping_add_signed(k * step)))
                .collect();
        } else if let Some(reason) = self.stuck() {
            self.result = GameResult::Draw;
            self.reason = Some(reason);
        }
    }

    /// With no winner: why the side to move cannot play, if it cannot.
    fn stuck(&self) -> Option<EndReason> {
        if self.board.is_full() {
            Some(EndReason::FullBoard)
        } else if self.rule() == Rule::Renju
            && self.side_to_move() == Color::Black
            && self.board.empty_points().all(|p| self.is_forbidden(p))
        {
            Some(EndReason::NoLegalMove)
        } else {
            None
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
