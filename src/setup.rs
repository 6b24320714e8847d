//! Unvalidated start positions: a list of stones and the side to move.

use crate::{Color, Point, Rule, SetupError, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

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

/// How a board array is laid out.
#[derive(Clone, Copy)]
enum Layout {
    /// `board[y][x]`, as printed.
    Rows,
    /// `board[x][y]`.
    Columns,
}

impl Setup {
    /// A set-up from a board array given rows first, as printed:
    /// `rows[y][x]` is 0 (empty), 1 (black) or 2 (white). The side to move
    /// is `to_move`, or inferred from the stone counts: black when they are
    /// equal, white when black has one more.
    ///
    /// ```
    /// use gomoku::{Color, Game, Rule, Setup};
    /// let mut rows = vec![vec![0u8; 15]; 15];
    /// rows[7][7] = 1; // h8, black
    /// let setup = Setup::from_rows(&rows, Rule::Renju, None).unwrap();
    /// assert_eq!(setup.to_move, Color::White);
    /// assert_eq!(Game::from_setup(&setup).unwrap().board().stone_count(), 1);
    /// ```
    pub fn from_rows<T: Copy + Into<i64>>(
        rows: &[impl AsRef<[T]>],
        rule: Rule,
        to_move: Option<Color>,
    ) -> Result<Setup, SetupError> {
        Setup::from_array(rows, Layout::Rows, rule, to_move)
    }

    /// A set-up from a board array given columns first, `columns[x][y]`,
    /// as many course projects keep it; otherwise as [`Setup::from_rows`].
    pub fn from_columns<T: Copy + Into<i64>>(
        columns: &[impl AsRef<[T]>],
        rule: Rule,
        to_move: Option<Color>,
    ) -> Result<Setup, SetupError> {
        Setup::from_array(columns, Layout::Columns, rule, to_move)
    }

    fn from_array<T: Copy + Into<i64>>(
        lines: &[impl AsRef<[T]>],
        layout: Layout,
        rule: Rule,
        to_move: Option<Color>,
    ) -> Result<Setup, SetupError> {
        let size = lines.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SetupError::InvalidSize(size));
        }
        let mut setup = Setup::new(size, rule);
        for (i, line) in lines.iter().enumerate() {
            let line = line.as_ref();
            if line.len() != size {
                return Err(SetupError::NotSquare {
                    lines: size,
                    line: i,
                    length: line.len(),
                });
            }
            for (j, &value) in line.iter().enumerate() {
                let (x, y) = match layout {
                    Layout::Rows => (j, i),
                    Layout::Columns => (i, j),
                };
                let p = Point::new(x as u8, y as u8);
                let value: i64 = value.into();
                match value {
                    0 => {}
                    1 | 2 => setup
                        .stones
                        .push((p, Color::from_code(value as i32).expect("1 or 2"))),
                    _ => return Err(SetupError::InvalidStone { point: p, value }),
                }
            }
        }
        let black = setup.stones.iter().filter(|s| s.1 == Color::Black).count();
        let white = setup.stones.len() - black;
        setup.to_move = match to_move {
            Some(c) => c,
            None if black == white => Color::Black,
            None if black == white + 1 => Color::White,
            None => return Err(SetupError::UnclearTurn { black, white }),
        };
        Ok(setup)
    }
}

impl Default for Setup {
    /// An empty 15×15 freestyle board, black to move.
    fn default() -> Setup {
        Setup::new(DEFAULT_SIZE, Rule::Freestyle)
    }
}
