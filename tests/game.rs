//! The game contract: play, undo, redo, results, set-ups, and refusals that
//! change nothing.

use gomoku::notation::parse_moves;
use gomoku::{Color, Game, GameResult, HistoryError, PlayError, Point, Rule, Setup, SetupError};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn game(size: usize, rule: Rule, moves: &str) -> Game {
    Game::from_moves(size, rule, &parse_moves(moves).unwrap()).unwrap()
}

#[test]
fn black_moves_first_and_sides_alternate() {
    let mut g = Game::new(15, Rule::Freestyle).unwrap();
    assert_eq!(g.side_to_move(), Color::Black);
    g.play(pt("h8")).unwrap();
    assert_eq!(g.side_to_move(), Color::White);
    assert_eq!(g.board().stone(pt("h8")), Some(Color::Black));
    assert_eq!(g.last_move(), Some(pt("h8")));
    assert_eq!(g.move_count(), 1);
}

#[test]
fn refused_moves_say_why_and_change_nothing() {
    let mut g = game(15, Rule::Freestyle, "h8 i9");
    let before = g.clone();
    assert_eq!(
        g.play(Point::new(15, 0)),
        Err(PlayError::OffBoard(Point::new(15, 0)))
    );
    assert_eq!(g.play(pt("h8")), Err(PlayError::Occupied(pt("h8"))));
    assert_eq!(g, before);
    assert!(PlayError::Occupied(pt("h8")).to_string().contains("h8"));
}

#[test]
fn a_forbidden_move_is_refused_for_black_only() {
    let mut g = game(15, Rule::Renju, "i8 a1 j8 a3 k9 a5 k10 a7");
    // k8 makes i8-j8-k8 and k8-k9-k10: two open threes.
    let before = g.clone();
    assert!(g.is_forbidden(pt("k8")));
    assert_eq!(g.play(pt("k8")), Err(PlayError::Forbidden(pt("k8"))));
    assert_eq!(g, before);
    assert_eq!(g.forbidden_points(), vec![pt("k8")]);
    assert!(!g.legal_moves().contains(&pt("k8")));
    // White may play there.
    g.play(pt("o15")).unwrap();
    assert!(g.is_legal(pt("a15")));
    g.play(pt("k8")).unwrap();
}

#[test]
fn forbidden_points_are_empty_under_other_rules() {
    let g = game(15, Rule::Freestyle, "i8 a1 j8 a3 k9 a5 k10 a7");
    assert!(!g.is_forbidden(pt("k8")));
    assert!(g.forbidden_points().is_empty());
}

#[test]
fn a_win_ends_the_game_and_undo_reopens_it() {
    let mut g = game(15, Rule::Freestyle, "a1 b1 a2 b2 a3 b3 a4 b4");
    g.play(pt("a5")).unwrap();
    assert_eq!(g.result(), GameResult::BlackWon);
    assert_eq!(g.winner(), Some(Color::Black));
    assert!(g.is_over());
    let line = g.winning_line().to_vec();
    assert_eq!(line, parse_moves("a1a2a3a4a5").unwrap());
    let before = g.clone();
    assert_eq!(g.play(pt("h8")), Err(PlayError::GameOver));
    assert_eq!(g, before);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.undo(), Ok(pt("a5")));
    assert_eq!(g.result(), GameResult::Ongoing);
    assert!(g.winning_line().is_empty());
    assert_eq!(g.redo(), Ok(pt("a5")));
    assert_eq!(g.winning_line(), &line[..]);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = game(9, Rule::Standard, "e5 d4 f6");
    assert_eq!(g.undo(), Ok(pt("f6")));
    assert_eq!(g.undo(), Ok(pt("d4")));
    assert_eq!(g.redo_moves().collect::<Vec<_>>(), vec![pt("d4"), pt("f6")]);
    assert_eq!(g.redo(), Ok(pt("d4")));
    assert_eq!(g.moves(), &[pt("e5"), pt("d4")]);
    // A new move clears the redo list.
    g.play(pt("a1")).unwrap();
    assert_eq!(g.redo(), Err(HistoryError::NothingToRedo));
    for _ in 0..3 {
        g.undo().unwrap();
    }
    let empty = g.clone();
    assert_eq!(g.undo(), Err(HistoryError::NothingToUndo));
    assert_eq!(g, empty);
    assert_eq!(g.board().stone_count(), 0);
}

#[test]
fn a_full_board_without_a_winner_is_a_draw() {
    // Rows alternate XXOOX / OOXXO: no five anywhere on a 5×5 board.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    let mut black = Vec::new();
    let mut white = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            if c == 'X' {
                black.push(p)
            } else {
                white.push(p)
            }
        }
    }
    for rule in Rule::ALL {
        let mut g = Game::new(5, rule).unwrap();
        for i in 0..25 {
            let p = if i % 2 == 0 {
                black[i / 2]
            } else {
                white[i / 2]
            };
            assert_eq!(g.result(), GameResult::Ongoing);
            g.play(p).unwrap();
        }
        assert_eq!(g.result(), GameResult::Draw, "{rule}");
        assert_eq!(g.winner(), None);
        assert_eq!(g.play(pt("a1")), Err(PlayError::GameOver));
        g.undo().unwrap();
        assert_eq!(g.result(), GameResult::Ongoing);
    }
}

#[test]
fn set_up_positions_are_validated() {
    let mut s = Setup::new(15, Rule::Freestyle);
    s.stones = vec![
        (pt("h8"), Color::Black),
        (pt("h9"), Color::White),
        (pt("i8"), Color::Black),
    ];
    s.to_move = Color::White;
    let g = Game::from_setup(&s).unwrap();
    assert_eq!(g.side_to_move(), Color::White);
    assert_eq!(g.move_count(), 0);
    assert_eq!(g.board().stone_count(), 3);

    s.to_move = Color::Black;
    assert_eq!(
        Game::from_setup(&s),
        Err(SetupError::ImpossibleCounts {
            black: 2,
            white: 1,
            to_move: Color::Black
        })
    );
    let mut dup = Setup::new(15, Rule::Freestyle);
    dup.stones = vec![(pt("h8"), Color::Black), (pt("h8"), Color::White)];
    assert_eq!(Game::from_setup(&dup), Err(SetupError::Duplicate(pt("h8"))));
    let mut off = Setup::new(9, Rule::Freestyle);
    off.stones = vec![(pt("j10"), Color::Black)];
    off.to_move = Color::White;
    assert_eq!(Game::from_setup(&off), Err(SetupError::OffBoard(pt("j10"))));
    assert_eq!(
        Game::from_setup(&Setup::new(4, Rule::Freestyle)),
        Err(SetupError::InvalidSize(4))
    );

    let mut won = Setup::from_moves(
        15,
        Rule::Freestyle,
        &parse_moves("a1 b1 a2 b2 a3 b3 a4 b4 a5").unwrap(),
    );
    assert_eq!(
        Game::from_setup(&won),
        Err(SetupError::AlreadyWon(Color::Black))
    );
    won.rule = Rule::Standard;
    assert_eq!(
        Game::from_setup(&won),
        Err(SetupError::AlreadyWon(Color::Black))
    );
}

#[test]
fn white_may_move_first_when_the_game_says_so() {
    let mut s = Setup::new(15, Rule::Freestyle);
    s.to_move = Color::White;
    let mut g = Game::from_setup(&s).unwrap();
    g.play(pt("h8")).unwrap();
    assert_eq!(g.board().stone(pt("h8")), Some(Color::White));
    assert_eq!(g.side_to_move(), Color::Black);
}

#[test]
fn undo_stops_at_the_set_up_position() {
    let s = Setup::from_moves(15, Rule::Renju, &parse_moves("h8 h9").unwrap());
    let mut g = Game::from_setup(&s).unwrap();
    g.play(pt("i8")).unwrap();
    g.undo().unwrap();
    assert_eq!(g.undo(), Err(HistoryError::NothingToUndo));
    assert_eq!(g.board().stone_count(), 2);
}

#[test]
fn wins_are_found_on_every_edge_and_corner_of_every_size() {
    for size in 5..=26u8 {
        let last = size - 1;
        // Each line: five points along an edge or a corner diagonal.
        let lines: Vec<Vec<Point>> = vec![
            (0..5).map(|i| Point::new(i, 0)).collect(),
            (0..5).map(|i| Point::new(last, last - i)).collect(),
            (0..5).map(|i| Point::new(last - i, last)).collect(),
            (0..5).map(|i| Point::new(0, i)).collect(),
            (0..5).map(|i| Point::new(i, i)).collect(),
            (0..5).map(|i| Point::new(last - i, i)).collect(),
            (0..5).map(|i| Point::new(i, last - i)).collect(),
            (0..5).map(|i| Point::new(last - i, last - i)).collect(),
        ];
        for line in lines {
            for rule in Rule::ALL {
                let mut g = Game::new(size as usize, rule).unwrap();
                // White answers off the line; four stones cannot win, and the
                // line starts in a corner, so caro cannot block both its ends.
                let spare: Vec<Point> = g.board().points().filter(|p| !line.contains(p)).collect();
                for (k, &p) in line.iter().enumerate() {
                    g.play(p).unwrap();
                    if k < 4 {
                        g.play(spare[k]).unwrap();
                    }
                }
                assert_eq!(
                    g.result(),
                    GameResult::BlackWon,
                    "size {size} {rule} {line:?}"
                );
                let mut got = g.winning_line().to_vec();
                got.sort();
                let mut want = line.clone();
                want.sort();
                assert_eq!(got, want);
            }
        }
    }
}

#[test]
fn board_arrays_in_both_layouts_give_the_game_the_moves_give() {
    let moves = gomoku::notation::parse_moves("h8 i9 j8 a1 c3").unwrap();
    let played = Game::from_moves(15, Rule::Renju, &moves).unwrap();
    let mut rows = vec![vec![0u8; 15]; 15];
    for (k, p) in moves.iter().enumerate() {
        rows[p.y() as usize][p.x() as usize] = if k % 2 == 0 { 1 } else { 2 };
    }
    assert_eq!(played.rows(), rows);
    let columns: Vec<Vec<u8>> = (0..15)
        .map(|x| (0..15).map(|y| rows[y][x]).collect())
        .collect();
    assert_eq!(played.columns(), columns);
    for game in [
        Game::from_rows(&rows, Rule::Renju, None).unwrap(),
        Game::from_columns(&columns, Rule::Renju, None).unwrap(),
    ] {
        assert_eq!(game.board(), played.board());
        assert_eq!(
            game.side_to_move(),
            Color::White,
            "3 black, 2 white: white to move"
        );
        assert_eq!(game.rule(), Rule::Renju);
    }
    // Arrays of i32 as a C or Java host holds them, fixed-size arrays too.
    let ints: Vec<[i32; 15]> = rows
        .iter()
        .map(|r| std::array::from_fn(|x| i32::from(r[x])))
        .collect();
    assert_eq!(
        Game::from_rows(&ints, Rule::Renju, None).unwrap().board(),
        played.board()
    );
    // The side to move can be given where the counts allow it.
    let given = Game::from_rows(&rows, Rule::Renju, Some(Color::White)).unwrap();
    assert_eq!(given.side_to_move(), Color::White);
    assert!(Game::from_rows(&rows, Rule::Renju, Some(Color::Black)).is_err());
}

#[test]
fn impossible_board_arrays_are_refused_with_the_reason() {
    let empty = vec![vec![0u8; 9]; 9];
    let with = |changes: &[(usize, usize, u8)]| {
        let mut b = empty.clone();
        for &(x, y, v) in changes {
            b[y][x] = v;
        }
        b
    };
    let cases: Vec<(Vec<Vec<u8>>, &str)> = vec![
        (vec![vec![0u8; 4]; 4], "invalid board size 4"),
        (vec![vec![0u8; 9]; 27], "invalid board size 27"),
        (
            vec![
                vec![0u8; 9],
                vec![0u8; 8],
                vec![0u8; 9],
                vec![0u8; 9],
                vec![0u8; 9],
            ],
            "not square: 5 lines, but line 0 has 9",
        ),
        (with(&[(2, 3, 7)]), "invalid stone 7 at c4"),
        (
            with(&[(0, 0, 1), (1, 0, 1), (2, 0, 1)]),
            "3 black and 0 white stones: no side can be to move",
        ),
        (with(&[(0, 0, 2)]), "0 black and 1 white stones"),
        (
            with(&[
                (0, 0, 1),
                (1, 0, 1),
                (2, 0, 1),
                (3, 0, 1),
                (4, 0, 1),
                (0, 5, 2),
                (1, 5, 2),
                (2, 5, 2),
                (3, 5, 2),
            ]),
            "black has already won",
        ),
    ];
    for (board, expected) in cases {
        let e = Game::from_rows(&board, Rule::Freestyle, None).unwrap_err();
        assert!(
            e.to_string().contains(expected),
            "{e} (expected {expected:?})"
        );
    }
}

#[test]
fn referees_read_a_straight_four_point_that_makes_five_as_no_three() {
    // h8 would make two threes: i8 j8 on row 8, whose only straight-four
    // point g8 also completes black's five g4-g8, and h9 h10 on column h.
    // RIF 9.3 counts the first three (a five is a legal move): h8 is a
    // forbidden double three. Piskvork's and c-gomoku-cli's referees do not.
    let mut g = game(
        15,
        Rule::Renju,
        "i8 l8 j8 a1 g4 a3 g5 a5 g6 a7 g7 a9 h9 a11 h10 a13",
    );
    let h8 = pt("h8");
    assert!(g.is_forbidden(h8));
    assert!(!g.is_forbidden_by_referee(h8));
    assert!(g.play(h8).is_err(), "the library follows RIF");
    // Elsewhere the readings agree.
    for p in g.board().empty_points().filter(|&p| p != h8) {
        assert_eq!(g.is_forbidden(p), g.is_forbidden_by_referee(p), "{p}");
    }
}
