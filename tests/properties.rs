//! Random games checked against deliberately naive references: a full-board
//! scan for wins, a window-by-window reading of the renju rules for
//! forbidden points, and save/PSQ round trips.

use gomoku::{Color, Game, GameResult, Point, Rule, Symmetry};
use proptest::prelude::*;

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WALL: u8 = 3;

/// A plain grid copy of a board.
struct Grid {
    n: i32,
    cells: Vec<u8>,
}

impl Grid {
    fn of(game: &Game) -> Grid {
        let n = game.size() as i32;
        let cells = game
            .board()
            .points()
            .map(|p| game.board().stone(p).map_or(EMPTY, |c| c as u8))
            .collect();
        Grid { n, cells }
    }

    fn get(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= self.n || y >= self.n {
            WALL
        } else {
            self.cells[(y * self.n + x) as usize]
        }
    }

    fn set(&mut self, x: i32, y: i32, v: u8) {
        self.cells[(y * self.n + x) as usize] = v;
    }

    /// The 11 cells centred on (x, y) along a direction.
    fn line(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> [u8; 11] {
        std::array::from_fn(|k| {
            let k = k as i32 - 5;
            self.get(x + k * dx, y + k * dy)
        })
    }

    /// The winner by scanning every maximal run on the board.
    fn winner(&self, rule: Rule) -> Option<Color> {
        for y in 0..self.n {
            for x in 0..self.n {
                let c = self.get(x, y);
                if c != 1 && c != 2 {
                    continue;
                }
                for (dx, dy) in DIRS {
                    if self.get(x - dx, y - dy) == c {
                        continue; // not the start of a run
                    }
                    let len = (0..)
                        .take_while(|&k| self.get(x + k * dx, y + k * dy) == c)
                        .count();
                    let other = 3 - c;
                    let blocked = self.get(x - dx, y - dy) == other
                        && self.get(x + len as i32 * dx, y + len as i32 * dy) == other;
                    let wins = match rule {
                        Rule::Freestyle => len >= 5,
                        Rule::Standard => len == 5,
                        Rule::Renju => len == 5 || (c == 2 && len > 5),
                        Rule::Caro => len > 5 || (len == 5 && !blocked),
                    };
                    if wins {
                        return Color::from_code(c as i32);
                    }
                }
            }
        }
        None
    }

    /// Renju: whether black may not play (x, y), read window by window.
    fn forbidden(&mut self, x: i32, y: i32) -> bool {
        if self.get(x, y) != EMPTY {
            return false;
        }
        self.set(x, y, BLACK);
        let lines = DIRS.map(|d| self.line(x, y, d));
        let exact_five = lines.iter().any(|l| (1..=5).any(|s| is_five_window(l, s)));
        let result = if exact_five {
            false
        } else if lines
            .iter()
            .any(|l| (0..=5).any(|s| (s..s + 6).all(|i| l[i] == BLACK) && (s..s + 6).contains(&5)))
        {
            true
        } else {
            let fours: Vec<usize> = lines.iter().map(count_fours).collect();
            if fours.iter().sum::<usize>() >= 2 {
                true
            } else {
                let threes = DIRS
                    .iter()
                    .enumerate()
                    .filter(|&(d, &dir)| fours[d] == 0 && self.real_three(x, y, dir))
                    .count();
                threes >= 2
            }
        };
        self.set(x, y, EMPTY);
        result
    }

    /// Whether the black stone on (x, y) has a real three along `dir`.
    fn real_three(&mut self, x: i32, y: i32, dir: (i32, i32)) -> bool {
        for k in -4..=4 {
            let (qx, qy) = (x + k * dir.0, y + k * dir.1);
            if k == 0 || self.get(qx, qy) != EMPTY {
                continue;
            }
            self.set(qx, qy, BLACK);
            let line = self.line(x, y, dir);
            let q = (5 + k) as usize;
            // A straight four: .XXXX. holding both stones, each end making exactly five.
            let straight = (1..=4usize).any(|s| {
                let inner = s + 1..=s + 4;
                line[s] == EMPTY
                    && line[s + 5] == EMPTY
                    && inner.clone().all(|i| line[i] == BLACK)
                    && inner.contains(&5)
                    && inner.contains(&q)
                    && line[s - 1] != BLACK
                    && line.get(s + 6).is_none_or(|&c| c != BLACK)
            });
            self.set(qx, qy, EMPTY);
            if straight && !self.forbidden(qx, qy) {
                return true;
            }
        }
        false
    }
}

/// Whether cells `s..s+5` of a line are black, hold the centre, and are a run
/// of exactly five.
fn is_five_window(line: &[u8; 11], s: usize) -> bool {
    (s..s + 5).all(|i| line[i] == BLACK)
        && line[s - 1] != BLACK
        && line.get(s + 5).is_none_or(|&c| c != BLACK)
}

/// The number of distinct fours through the centre: stone sets that one more
/// stone turns into exactly five.
fn count_fours(line: &[u8; 11]) -> usize {
    let mut sets = Vec::new();
    for s in 1..=5usize {
        let window = s..s + 5;
        let stones: Vec<usize> = window.clone().filter(|&i| line[i] == BLACK).collect();
        let empties: Vec<usize> = window.clone().filter(|&i| line[i] == EMPTY).collect();
        let five_point = stones.len() == 4 && empties.len() == 1;
        let exact = line[s - 1] != BLACK && line.get(s + 5).is_none_or(|&c| c != BLACK);
        if five_point && exact && !sets.contains(&stones) {
            sets.push(stones);
        }
    }
    sets.len()
}

/// Plays a random dense game: each choice picks a point near an earlier move.
/// Returns the game after every accepted move to `check`.
fn play_random(
    size: usize,
    rule: Rule,
    choices: &[(u16, u8)],
    mut check: impl FnMut(&Game),
) -> Game {
    let mut game = Game::new(size, rule).unwrap();
    for &(a, b) in choices {
        if game.is_over() {
            break;
        }
        let anchor = match game.moves().len() {
            0 => game.board().center(),
            n => game.moves()[a as usize % n],
        };
        let (dx, dy) = ((b % 5) as i64 - 2, (b / 5 % 5) as i64 - 2);
        let Some(p) = Point::try_new(anchor.x() as i64 + dx, anchor.y() as i64 + dy) else {
            continue;
        };
        if game.play(p).is_ok() {
            check(&game);
        }
    }
    game
}

fn rule_strategy() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju),
        Just(Rule::Caro)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn incremental_wins_match_a_full_board_scan(
        size in 5usize..=19,
        rule in rule_strategy(),
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 0..250),
    ) {
        play_random(size, rule, &choices, |g| {
            let naive = Grid::of(g).winner(rule);
            assert_eq!(g.winner(), naive, "{rule} {g:?}");
            if naive.is_none() {
                assert!(g.winning_line().is_empty());
            } else {
                assert!(g.winning_line().len() >= 5);
                assert!(g.winning_line().iter().all(|&p| g.board().stone(p) == g.winner()));
            }
        });
    }

    #[test]
    fn saves_and_psq_records_round_trip(
        size in 5usize..=26,
        rule in rule_strategy(),
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 0..150),
        undos in 0usize..5,
    ) {
        let mut game = play_random(size, rule, &choices, |_| {});
        for _ in 0..undos.min(game.move_count()) {
            game.undo().unwrap();
        }
        let loaded = Game::load(&game.save()).unwrap();
        prop_assert_eq!(&loaded, &game);
        let psq = Game::from_psq(&game.to_psq(), rule).unwrap();
        prop_assert_eq!(psq.moves(), game.moves());
        // SGF keeps everything but the redo list.
        let sgf = Game::from_sgf(&game.to_sgf()).unwrap();
        prop_assert_eq!(sgf.moves(), game.moves());
        prop_assert_eq!(sgf.setup(), game.setup());
        prop_assert_eq!(sgf.result(), game.result());
        prop_assert_eq!(sgf.end_reason(), game.end_reason());
        // A board array keeps the position, refused once someone has won.
        let to_move = Some(game.side_to_move());
        let rows = Game::from_rows(&game.rows(), rule, to_move);
        let columns = Game::from_columns(&game.columns(), rule, to_move);
        if game.winner().is_some() {
            prop_assert!(rows.is_err() && columns.is_err());
        } else {
            prop_assert_eq!(rows.unwrap().rows(), game.rows());
            prop_assert_eq!(columns.unwrap().rows(), game.rows());
        }
    }

    #[test]
    fn declared_endings_survive_every_format(
        rule in rule_strategy(),
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 0..60),
        ending in 0u8..4,
    ) {
        let mut game = play_random(15, rule, &choices, |_| {});
        let side = game.side_to_move();
        let was_over = game.is_over();
        let declared = match ending {
            0 => game.resign(side),
            1 => game.lose_on_time(side),
            2 => game.agree_draw(),
            _ => Ok(()),
        };
        // Refused exactly when the moves had already ended the game.
        prop_assert_eq!(declared.is_err(), ending < 3 && was_over);
        prop_assert_eq!(&Game::load(&game.save()).unwrap(), &game);
        let sgf = Game::from_sgf(&game.to_sgf()).unwrap();
        prop_assert_eq!(sgf.result(), game.result());
        prop_assert_eq!(sgf.end_reason(), game.end_reason());
    }

    #[test]
    fn the_eight_symmetries_keep_every_rule_and_the_canonical_form(
        size in 5usize..=19,
        rule in rule_strategy(),
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 0..80),
    ) {
        let game = play_random(size, rule, &choices, |_| {});
        let canonical = game.canonical().0;
        let mut images = Vec::new();
        for s in Symmetry::ALL {
            let image = game.transformed(s);
            // Results, forbidden points and legal moves map onto each other.
            prop_assert_eq!(image.result(), game.result());
            prop_assert_eq!(image.end_reason(), game.end_reason());
            let mapped = |points: Vec<Point>| {
                let mut v: Vec<Point> = points.into_iter().map(|p| s.apply(p, size)).collect();
                v.sort_by_key(|p| (p.y(), p.x()));
                v
            };
            prop_assert_eq!(mapped(game.forbidden_points()), image.forbidden_points());
            prop_assert_eq!(mapped(game.legal_moves()), image.legal_moves());
            prop_assert_eq!(&image.transformed(s.inverse()), &game);
            // Every image has the same canonical form.
            let (image_canonical, _) = image.canonical();
            prop_assert_eq!(image_canonical.board(), canonical.board());
            images.push(image.rows());
        }
        if game.move_count() == 0 {
            return Ok(());
        }
        prop_assert_eq!(canonical.rows(), images.iter().min().unwrap().clone());
    }

    #[test]
    fn undoing_every_move_restores_the_empty_board(
        rule in rule_strategy(),
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 0..120),
    ) {
        let mut game = play_random(11, rule, &choices, |_| {});
        let full = game.clone();
        let n = game.move_count();
        for _ in 0..n {
            game.undo().unwrap();
        }
        prop_assert_eq!(game.board().stone_count(), 0);
        prop_assert_eq!(game.result(), GameResult::Ongoing);
        for _ in 0..n {
            game.redo().unwrap();
        }
        prop_assert_eq!(game, full);
    }

    #[test]
    fn arbitrary_text_never_panics_the_loaders(text in ".{0,200}") {
        let _ = Game::load(&text);
        let _ = Game::from_psq(&text, Rule::Renju);
        let _ = gomoku::notation::parse_moves(&text);
        let _ = Game::load_all(&text);
        let _ = Game::from_sgf(&text);
        let _ = Game::from_sgf(&format!("(;GM[4]SZ[9]{text})"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn forbidden_points_match_a_window_by_window_reading_of_the_rules(
        size in 7usize..=13,
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 0..160),
    ) {
        play_random(size, Rule::Renju, &choices, |g| {
            let mut grid = Grid::of(g);
            for p in g.board().empty_points() {
                let naive = grid.forbidden(p.x() as i32, p.y() as i32);
                assert_eq!(g.is_forbidden(p), naive, "{p} in\n{}{g:?}", g.board());
            }
        });
    }
}

/// The random renju games above do reach forbidden points, so the comparison
/// is not vacuous.
#[test]
fn random_renju_games_contain_forbidden_points() {
    let mut forbidden = 0;
    let mut seed = 0x2545F4914F6CDD1Du64;
    for _ in 0..100 {
        let choices: Vec<(u16, u8)> = (0..160)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed as u16, (seed >> 16) as u8)
            })
            .collect();
        play_random(11, Rule::Renju, &choices, |g| {
            forbidden += g.forbidden_points().len()
        });
    }
    assert!(forbidden > 100, "only {forbidden} forbidden points met");
}
