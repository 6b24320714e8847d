//! Save text, Piskvork records and move strings, including every way they
//! can be malformed.

use gomoku::notation::parse_moves;
use gomoku::{Color, Game, GameResult, Point, Rule, Setup};

fn game(size: usize, rule: Rule, moves: &str) -> Game {
    Game::from_moves(size, rule, &parse_moves(moves).unwrap()).unwrap()
}

#[test]
fn save_text_is_readable_and_round_trips() {
    let g = game(15, Rule::Renju, "h8 i9 j10");
    let text = g.save();
    assert_eq!(
        text,
        "gomoku-save 1\nsize 15\nrule renju\nfirst black\nmoves h8 i9 j10\nresult ongoing\n"
    );
    assert_eq!(Game::load(&text).unwrap(), g);
}

#[test]
fn set_up_stones_and_results_round_trip() {
    let mut s = Setup::new(9, Rule::Caro);
    s.stones = vec![
        (Point::new(4, 4), Color::Black),
        (Point::new(3, 3), Color::White),
    ];
    s.to_move = Color::White;
    let mut g = Game::from_setup(&s).unwrap();
    for m in parse_moves("a1 b2 a2 b3 a3 b4 a4 b5 a5").unwrap() {
        g.play(m).unwrap();
    }
    assert_eq!(g.result(), GameResult::WhiteWon);
    let text = g.save();
    assert!(text.contains("black e5\nwhite d4\n"), "{text}");
    assert!(text.contains("first white\n"));
    assert!(text.ends_with("result white\n"));
    let back = Game::load(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.winning_line(), g.winning_line());
}

#[test]
fn comments_blank_lines_and_key_order_do_not_matter() {
    let text =
        "# my game\n\ngomoku-save 1\nresult ongoing\nmoves h8\n  rule   freestyle\nsize 15\n";
    let g = Game::load(text).unwrap();
    assert_eq!(g.moves(), &[Point::new(7, 7)]);
}

#[test]
fn malformed_saves_name_the_line_and_what_is_wrong() {
    let cases = [
        ("", None, "empty"),
        ("hello\n", Some(1), "not a gomoku save"),
        ("gomoku-save 2\n", Some(1), "unsupported save version"),
        (
            "gomoku-save 1\nsize 15\nrule renju\nmoves\n",
            None,
            "missing \"result\"",
        ),
        ("gomoku-save 1\nsize x\n", Some(2), "invalid size"),
        (
            "gomoku-save 1\nsize 4\nrule renju\nmoves\nresult ongoing\n",
            Some(2),
            "invalid board size 4",
        ),
        (
            "gomoku-save 1\nsize 15\nrule chess\n",
            Some(3),
            "unknown rule",
        ),
        ("gomoku-save 1\nsize 15\nsize 15\n", Some(3), "duplicate"),
        ("gomoku-save 1\ncolour red\n", Some(2), "unknown key"),
        (
            "gomoku-save 1\nsize 15\nrule freestyle\nmoves h8 h8\nresult ongoing\n",
            Some(4),
            "move 2 (h8): point h8 is occupied",
        ),
        (
            "gomoku-save 1\nsize 9\nrule freestyle\nmoves h8 z9\nresult ongoing\n",
            Some(4),
            "off the board",
        ),
        (
            "gomoku-save 1\nsize 15\nrule freestyle\nmoves h8 q\nresult ongoing\n",
            Some(4),
            "invalid move",
        ),
        (
            "gomoku-save 1\nsize 15\nrule freestyle\nmoves h8\nresult black\n",
            Some(5),
            "does not match",
        ),
        (
            "gomoku-save 1\nsize 15\nrule freestyle\nmoves\nresult maybe\n",
            Some(5),
            "invalid result",
        ),
        (
            "gomoku-save 1\nsize 15\nrule freestyle\nblack h8 i8\nmoves\nresult ongoing\n",
            Some(4),
            "cannot have black to move",
        ),
        (
            "gomoku-save 1\nsize 15\nrule freestyle\nfirst green\n",
            Some(4),
            "invalid colour",
        ),
    ];
    for (text, line, needle) in cases {
        let e = Game::load(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(needle), "{text:?}: {e}");
    }
}

#[test]
fn renju_saves_refuse_forbidden_moves() {
    let text =
        "gomoku-save 1\nsize 15\nrule renju\nmoves i8 a1 j8 a3 k9 a5 k10 a7 k8\nresult ongoing\n";
    let e = Game::load(text).unwrap_err();
    assert!(e.to_string().contains("forbidden"), "{e}");
}

#[test]
fn psq_records_round_trip() {
    let g = game(20, Rule::Freestyle, "j10 k11 l12");
    let psq = g.to_psq();
    assert_eq!(
        psq,
        "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n12,12,0\n-1\n"
    );
    assert_eq!(Game::from_psq(&psq, Rule::Freestyle).unwrap(), g);
}

#[test]
fn psq_records_from_piskvork_are_read() {
    let text = "Piskvorky 15x15, 11:11, 0\r\n8,8,1000\r\n9,9,250\r\n7,9\r\n-1\r\npbrain-one.exe\r\npbrain-two.exe\r\n0\r\n";
    let g = Game::from_psq(text, Rule::Standard).unwrap();
    assert_eq!(g.moves(), &parse_moves("h8 i9 g9").unwrap()[..]);
    assert_eq!(g.rule(), Rule::Standard);
}

#[test]
fn malformed_psq_records_are_refused() {
    for (text, needle) in [
        ("", "empty"),
        ("Gomoku 15x15\n", "not a psq header"),
        ("Piskvorky 15x20, 11:11, 0\n", "not square"),
        ("Piskvorky 30x30, 11:11, 0\n", "invalid board size"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", "occupied"),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n",
            "off the board",
        ),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n0,1,0\n", "off the board"),
        ("Piskvorky 15x15, 11:11, 0\n8\n", "expected"),
        ("Piskvorky 15x15, 11:11, 0\n8,x,0\n", "invalid number"),
    ] {
        let e = Game::from_psq(text, Rule::Freestyle).unwrap_err();
        assert!(e.to_string().contains(needle), "{text:?}: {e}");
    }
}

#[test]
fn set_up_games_export_to_psq_as_alternating_moves() {
    let s = Setup::from_moves(15, Rule::Freestyle, &parse_moves("h8 i9 j10").unwrap());
    let mut g = Game::from_setup(&s).unwrap();
    g.play("a1".parse().unwrap()).unwrap();
    let back = Game::from_psq(&g.to_psq(), Rule::Freestyle).unwrap();
    assert_eq!(back.moves(), &parse_moves("h8 i9 j10 a1").unwrap()[..]);
}

#[test]
fn the_redo_list_is_saved_too() {
    let mut g = game(15, Rule::Freestyle, "a1 b1 a2 b2 a3 b3 a4 b4 a5");
    g.undo().unwrap();
    g.undo().unwrap();
    let text = g.save();
    assert!(text.contains("redo b4 a5\n"), "{text}");
    let mut back = Game::load(&text).unwrap();
    assert_eq!(back, g);
    back.redo().unwrap();
    back.redo().unwrap();
    assert_eq!(back.result(), GameResult::BlackWon);
    let bad = text.replace("redo b4 a5", "redo b4 b4");
    assert!(Game::load(&bad)
        .unwrap_err()
        .to_string()
        .contains("redo move 2 (b4)"));
}
