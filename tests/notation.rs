//! Save text, Piskvork records and move strings, including every way they
//! can be malformed.

use gomoku::notation::parse_moves;
use gomoku::{Color, EndReason, Game, GameResult, Point, Rule, Setup, Symmetry};

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
    assert!(text.ends_with("result white five\n"));
    let back = Game::load(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.winning_line(), g.winning_line());
}

#[test]
fn end_reasons_players_and_dates_round_trip() {
    let mut g = game(15, Rule::Freestyle, "h8 i9 j10");
    g.info_mut().set_player(Color::Black, Some("小明 (Ming)"));
    g.info_mut().set_player(Color::White, Some("two\nlines"));
    g.info_mut().date = Some("2026-12-01".into());
    g.resign(Color::White).unwrap();
    let text = g.save();
    assert!(
        text.contains("player black 小明 (Ming)\nplayer white two lines\ndate 2026-12-01\n"),
        "{text}"
    );
    assert!(text.ends_with("result black resign\n"), "{text}");
    let back = Game::load(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.end_reason(), Some(EndReason::Resignation));

    let mut timed = game(9, Rule::Renju, "e5");
    timed.lose_on_time(Color::White).unwrap();
    let mut agreed = game(9, Rule::Caro, "e5 d4");
    agreed.agree_draw().unwrap();
    let overline = game(9, Rule::Freestyle, "a1 i9 b1 i8 c1 i7 e1 i6 f1 i4 d1");
    assert_eq!(overline.end_reason(), Some(EndReason::Overline));
    // One move making an overline along a row and a five along a column
    // ends by the five, in every orientation.
    let both = game(
        9,
        Rule::Freestyle,
        "a1 i9 b1 i8 c1 i7 e1 i6 f1 i4 d2 g9 d3 g7 d4 g5 d5 g3 d1",
    );
    for s in Symmetry::ALL {
        let image = both.transformed(s);
        assert_eq!(image.end_reason(), Some(EndReason::Five), "{s:?}");
        assert_eq!(image.winning_line().len(), 5, "{s:?}");
    }
    for g in [timed, agreed, overline] {
        assert_eq!(Game::load(&g.save()).unwrap(), g, "{}", g.save());
    }
}

#[test]
fn a_history_file_is_saves_one_after_another() {
    let first = game(15, Rule::Renju, "h8 i9");
    let mut second = game(9, Rule::Standard, "a1 b1 a2 b2 a3 b3 a4 b4 a5");
    second.info_mut().date = Some("today".into());
    let text = format!("# my games\n{}\n{}", first.save(), second.save());
    assert_eq!(Game::load_all(&text).unwrap(), vec![first.clone(), second]);
    assert_eq!(Game::load_all("").unwrap(), vec![]);
    let broken = format!("{}gomoku-save 1\nsize 15\nrule nope\n", first.save());
    let e = Game::load_all(&broken).unwrap_err();
    assert_eq!(e.line, Some(9), "{e}");
    assert!(e.message.starts_with("game 2: unknown rule"), "{e}");
    assert!(Game::load_all("stray\ngomoku-save 1\n").is_err());
}

#[test]
fn a_declared_or_derived_ending_that_the_moves_deny_is_refused() {
    let cases = [
        (
            "moves h8\nresult ongoing resign",
            "cannot end by \"resign\"",
        ),
        ("moves h8\nresult draw resign", "cannot end by \"resign\""),
        (
            "moves a1 b1 a2 b2 a3 b3 a4 b4 a5\nresult black resign",
            "after the moves: the game is over",
        ),
        (
            "moves a1 b1 a2 b2 a3 b3 a4 b4 a5\nresult black overline",
            "does not match the moves, which give \"black five\"",
        ),
        ("moves h8\nresult ongoing five", "does not match"),
        (
            "moves h8\nresult white sleep",
            "invalid end reason \"sleep\"",
        ),
    ];
    for (tail, expected) in cases {
        let text = format!("gomoku-save 1\nsize 15\nrule freestyle\n{tail}\n");
        let e = Game::load(&text).unwrap_err();
        assert!(e.to_string().contains(expected), "{tail:?}: {e}");
    }
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

#[test]
fn sgf_written_by_hand_from_the_spec_reads_with_and_without_optional_properties() {
    // The bare minimum: a size and three moves.
    let g = Game::from_sgf("(;GM[4]SZ[15];B[hh];W[ii];B[jj])").unwrap();
    assert_eq!(g.rule(), Rule::Freestyle);
    assert_eq!(gomoku::notation::format_moves(g.moves()), "h8i9j10");
    // Everything optional, in another order, with whitespace, an escaped
    // bracket, comments, an unknown property and a variation (the first
    // branch is the main line).
    let text = "\n(;FF[4]CA[UTF-8]GM[4]RU[renju] SZ[15]\n PB[Ming \\] Li]PW[Bob]DT[2026-12-01]EV[club]RE[W+R]\nC[a comment];B[hh]C[centre]\n;W[ii]\n(;B[jj];W[kk])(;B[aa]))";
    let g = Game::from_sgf(text).unwrap();
    assert_eq!(g.rule(), Rule::Renju);
    assert_eq!(g.info().black.as_deref(), Some("Ming ] Li"));
    assert_eq!(g.info().white.as_deref(), Some("Bob"));
    assert_eq!(g.info().date.as_deref(), Some("2026-12-01"));
    assert_eq!(gomoku::notation::format_moves(g.moves()), "h8i9j10k11");
    assert_eq!(g.result(), GameResult::WhiteWon);
    assert_eq!(g.end_reason(), Some(EndReason::Resignation));
    // Set-up stones with the side to move, and a Gomocup rule number as
    // c-gomoku-cli writes it.
    let g = Game::from_sgf("(;GM[4]SZ[9]RU[1]AB[ee][dd]AW[ed]PL[W];W[aa])").unwrap();
    assert_eq!(g.rule(), Rule::Standard);
    assert_eq!(g.setup().stones.len(), 3);
    assert_eq!(g.side_to_move(), Color::Black);
    // A result the moves decide is the moves' own.
    let g =
        Game::from_sgf("(;GM[4]SZ[9];B[aa];W[ba];B[ab];W[bb];B[ac];W[bc];B[ad];W[bd];B[ae]RE[W+])")
            .unwrap();
    assert_eq!(g.result(), GameResult::BlackWon);
}

#[test]
fn an_sgf_collection_reads_every_game_as_a_tournament_manager_writes_it() {
    // Two games as c-gomoku-cli's `-sgf` writes them: one after the other,
    // a Gomocup rule number, the opening and each move's time as comments.
    let text = "(;FF[4]GM[4]GN[1]RU[0]SZ[9]PB[a]PW[b]RE[B+1]TE[Black win by five connection]\n\
;B[aa]C[opening move];W[ba]C[12ms];B[ab]C[9ms];W[bb]C[3ms];B[ac];W[bc];B[ad];W[bd];B[ae])\n\n\
(;FF[4]GM[4]GN[2]RU[1]SZ[9]PB[b]PW[a]RE[0]TE[draw]\n;B[ee];W[ff])\n\n";
    let games = Game::all_from_sgf(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].result(), GameResult::BlackWon);
    assert_eq!(games[0].info().black.as_deref(), Some("a"));
    assert_eq!(games[1].rule(), Rule::Standard);
    assert_eq!(games[1].move_count(), 2);
    assert_eq!(games[1].result(), GameResult::Draw);
    // One game is enough, and the first game of a collection is what
    // `from_sgf` reads.
    assert_eq!(
        Game::all_from_sgf(&games[0].to_sgf()).unwrap(),
        [games[0].clone()]
    );
    assert_eq!(Game::from_sgf(text).unwrap(), games[0]);
    // A bad game names its number; text between games is refused.
    let bad = format!("{text}(;GM[4]SZ[9];B[aa];W[aa])");
    let e = Game::all_from_sgf(&bad).unwrap_err().to_string();
    assert!(e.contains("game 3"), "{e}");
    let e = Game::all_from_sgf(&format!("{text}junk"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("after game 2"), "{e}");
    assert!(Game::all_from_sgf("").is_err());
}

#[test]
fn sgf_round_trips_players_dates_set_ups_and_declared_results() {
    let mut g = game(15, Rule::Caro, "h8 i9 j10");
    g.info_mut().set_player(Color::White, Some("白棋]\\"));
    g.info_mut().date = Some("2026-12-01".into());
    g.lose_on_time(Color::Black).unwrap();
    let text = g.to_sgf();
    assert!(text.starts_with("(;FF[4]GM[4]CA[UTF-8]"), "{text}");
    assert!(
        text.contains("SZ[15]RU[caro]PW[白棋\\]\\\\]DT[2026-12-01]RE[W+T]"),
        "{text}"
    );
    assert!(text.contains(";B[hh];W[ii];B[jj])"), "{text}");
    assert_eq!(Game::from_sgf(&text).unwrap(), g);
    let mut agreed = game(15, Rule::Freestyle, "h8");
    agreed.agree_draw().unwrap();
    assert!(agreed.to_sgf().contains("RE[Draw]"));
    assert_eq!(Game::from_sgf(&agreed.to_sgf()).unwrap(), agreed);
}

#[test]
fn malformed_sgf_says_what_is_wrong() {
    let cases = [
        ("", "not an SGF record"),
        ("(;GM[1]SZ[19];B[aa])", "GM[1]"),
        ("(;GM[4]SZ[15:13])", "only square boards"),
        ("(;GM[4]SZ[30])", "invalid board size 30"),
        (
            "(;GM[4]SZ[15];B[hh];B[ii])",
            "move 2 B[ii]: white is to move",
        ),
        ("(;GM[4]SZ[15];B[hh];W[hh])", "point h8 is occupied"),
        ("(;GM[4]SZ[9];B[zz])", "off the 9×9 board"),
        ("(;GM[4]SZ[15];B[])", "a pass"),
        ("(;GM[4]SZ[15];B[hh]", "unfinished game tree"),
        ("(;GM[4]SZ[15]PB[open", "unfinished property value"),
        ("(;GM[4]RU[chess])", "unknown rule"),
        (
            "(;GM[4]AB[hh][ii][jj])",
            "3 black and 0 white stones cannot have white to move",
        ),
    ];
    for (text, expected) in cases {
        let e = Game::from_sgf(text).unwrap_err();
        assert!(e.to_string().contains(expected), "{text:?}: {e}");
    }
}
