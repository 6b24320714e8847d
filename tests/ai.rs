//! The AI contract: every level wins when it can, blocks when it must, never
//! plays an illegal point, is deterministic, respects its limits and stops
//! on request.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use gomoku::ai::{
    self, solve_vcf, solve_vct, AiError, AiMove, AiOptions, Engine, Score, VcfResult, MAX_LEVEL,
};
use gomoku::notation::parse_moves;
use gomoku::{Game, Point, Rule};

fn game(rule: Rule, moves: &str) -> Game {
    Game::from_moves(15, rule, &parse_moves(moves).unwrap()).unwrap()
}

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn quick(level: u8) -> AiOptions {
    AiOptions {
        level,
        max_depth: Some(4),
        ..AiOptions::default()
    }
}

#[test]
fn every_level_takes_its_five() {
    // Black has four on row 8 (h8..k8, g8 blocked by white): l8 wins; white
    // threatens nothing.
    let g = game(Rule::Freestyle, "h8 g8 i8 a1 j8 a3 k8 a5");
    for level in 1..=MAX_LEVEL {
        let m = ai::best_move(&g, &quick(level)).unwrap();
        assert_eq!(m.point, pt("l8"), "level {level}");
    }
}

#[test]
fn every_level_moves_beside_a_five_that_did_not_win() {
    // Standard: black's six on row 8 (c8..h8) is an overline, no win, and
    // the game goes on with whole windows of black stones on the board.
    let g = game(Rule::Standard, "c8 a1 d8 a3 e8 a5 g8 a7 h8 a9 f8 o1");
    assert_eq!(g.result(), gomoku::GameResult::Ongoing);
    for level in 1..=MAX_LEVEL {
        let m = ai::best_move(&g, &quick(level)).unwrap();
        assert!(
            g.board().stone(m.point).is_none(),
            "level {level}: {}",
            m.point
        );
    }
}

#[test]
fn every_level_blocks_the_opponents_five() {
    // White has a1..a4; black to move has an open three of its own.
    let g = game(Rule::Freestyle, "h8 a1 i8 a2 j8 a3 o15 a4");
    for level in 1..=MAX_LEVEL {
        let m = ai::best_move(&g, &quick(level)).unwrap();
        assert_eq!(m.point, pt("a5"), "level {level}");
    }
}

#[test]
fn no_level_plays_a_forbidden_point() {
    // k8 would be black's double three; make it the classic levels' favourite
    // by giving it every neighbour.
    let g = game(Rule::Renju, "i8 a1 j8 a3 k9 a5 k10 a7");
    assert!(g.is_forbidden(pt("k8")));
    for level in 1..=MAX_LEVEL {
        for seed in 0..4 {
            let m = ai::best_move(
                &g,
                &AiOptions {
                    seed,
                    ..quick(level)
                },
            )
            .unwrap();
            assert!(g.is_legal(m.point), "level {level} played {}", m.point);
        }
    }
}

#[test]
fn the_engine_sees_an_open_four_coming() {
    // Black h8 i8 j8 open: black to move makes an open four and wins.
    let g = game(Rule::Freestyle, "h8 a1 i8 a3 j8 a5 o15 a7");
    // White to move? No: 8 moves, black to move.
    let m = ai::best_move(&g, &quick(MAX_LEVEL)).unwrap();
    assert!([pt("g8"), pt("k8")].contains(&m.point), "{}", m.point);
    assert!(matches!(m.score, Score::Win(_)), "{:?}", m.score);
}

#[test]
fn the_engine_defends_an_open_three() {
    // White to move: black has an open three h8 i8 j8.
    let g = game(Rule::Freestyle, "h8 h9 i8 a1 j8");
    let m = ai::best_move(&g, &quick(MAX_LEVEL)).unwrap();
    assert!(
        [pt("g8"), pt("k8"), pt("f8"), pt("l8")].contains(&m.point),
        "{}",
        m.point
    );
}

#[test]
fn the_engine_defends_a_four_three_point() {
    // White to move: black's k8 would make a four (h8 i8 j8, g8 white) and
    // an open three (k9 k10) at once. White's j9 and i7 keep it defensible
    // (with them in corners instead black wins whatever white does).
    let g = game(Rule::Freestyle, "h8 g8 i8 j9 j8 i7 k9 a15 k10");
    let m = ai::best_move(&g, &quick(MAX_LEVEL)).unwrap();
    let k8 = pt("k8");
    let (dx, dy) = (m.point.x().abs_diff(k8.x()), m.point.y().abs_diff(k8.y()));
    assert!(
        dx == 0 || dy == 0 || dx == dy,
        "{} is off k8's lines",
        m.point
    );
    assert!(!matches!(m.score, Score::Loss(_)), "{:?}", m.score);
}

/// The point level 2's pattern weights score highest, when only one does.
fn pattern_weight_favourite(g: &Game) -> Point {
    let map = ai::score_map(g, 2);
    let top = map.iter().map(|s| s.1).max().unwrap();
    let best: Vec<Point> = map.iter().filter(|s| s.1 == top).map(|s| s.0).collect();
    assert_eq!(best.len(), 1, "{best:?}");
    best[0]
}

#[test]
fn level_two_starts_a_win_by_threes_its_scores_would_miss() {
    // Black to move has no VCF, but a VCT beginning at l10; the pattern
    // weights alone prefer m8.
    let g = game(Rule::Freestyle, "k10 i10 j7 j9 k8 k9 l9 i6 m10 n11");
    assert_eq!(solve_vcf(&g, 12, 0), VcfResult::NoWin);
    assert_eq!(pattern_weight_favourite(&g), pt("m8"));
    let m = ai::best_move(&g, &quick(2)).unwrap();
    assert_eq!(m.point, pt("l10"));
    let VcfResult::Win(line) = solve_vct(&g, 5, 1, 0) else {
        panic!("no vct")
    };
    assert_eq!(line[0], m.point);
}

#[test]
fn level_two_passes_over_a_point_that_leaves_the_opponent_a_win_by_threes() {
    // White to move: after i9, the best-scored point, black wins by threes.
    let g = game(Rule::Freestyle, "i6 h6 f8 h8 h7 f9 j5 k4 i7");
    let favourite = pattern_weight_favourite(&g);
    assert_eq!(favourite, pt("i9"));
    let mut after = g.clone();
    after.play(favourite).unwrap();
    assert!(matches!(solve_vct(&after, 5, 1, 0), VcfResult::Win(_)));
    let m = ai::best_move(&g, &quick(2)).unwrap();
    let mut after = g.clone();
    after.play(m.point).unwrap();
    assert_eq!(solve_vct(&after, 5, 1, 0), VcfResult::NoWin, "{}", m.point);
}

#[test]
fn moves_are_deterministic_for_a_seed() {
    let g = game(Rule::Standard, "h8 i9 g9 i7");
    for level in 1..=MAX_LEVEL {
        let options = AiOptions {
            seed: 42,
            ..quick(level)
        };
        let a = ai::best_move(&g, &options).unwrap();
        let b = ai::best_move(&g, &options).unwrap();
        assert_eq!((a.point, a.nodes), (b.point, b.nodes), "level {level}");
    }
}

#[test]
fn invalid_levels_and_finished_games_are_refused() {
    let g = game(Rule::Freestyle, "h8");
    assert_eq!(
        ai::best_move(
            &g,
            &AiOptions {
                level: MAX_LEVEL + 1,
                ..AiOptions::default()
            }
        ),
        Err(AiError::InvalidLevel(MAX_LEVEL + 1))
    );
    let won = game(Rule::Freestyle, "a1 b1 a2 b2 a3 b3 a4 b4 a5");
    assert_eq!(
        ai::best_move(&won, &AiOptions::default()),
        Err(AiError::GameOver)
    );
}

#[test]
fn an_engine_holds_no_table_until_a_search_needs_one() {
    let g = game(Rule::Freestyle, "h8 i9");
    let mut engine = Engine::new();
    assert_eq!(engine.table_mib(), 0);
    for level in 1..=2 {
        engine.best_move(&g, &quick(level)).unwrap();
        assert_eq!(engine.table_mib(), 0, "level {level} needs no table");
    }
    let sized = |mib| AiOptions {
        table_mib: mib,
        ..quick(MAX_LEVEL)
    };
    engine.best_move(&g, &sized(3)).unwrap();
    assert_eq!(engine.table_mib(), 3, "allocated at the size asked for");
    engine.best_move(&g, &sized(3)).unwrap();
    assert_eq!(engine.table_mib(), 3, "kept between moves");
    engine.best_move(&g, &sized(0)).unwrap();
    assert_eq!(engine.table_mib(), 1, "at least one MiB");
    engine.clear();
    assert_eq!(engine.table_mib(), 0, "clear gives the memory back");
    let refused = engine.best_move(&g, &sized(usize::MAX >> 1));
    assert!(
        matches!(refused, Err(AiError::OutOfMemory(_))),
        "{refused:?}"
    );
    assert_eq!(engine.table_mib(), 0);
    assert!(engine.best_move(&g, &quick(MAX_LEVEL)).is_ok());
}

#[test]
fn a_prepared_engine_searches_as_a_new_one() {
    let next = game(Rule::Renju, "h8 j9 g7");
    let options = AiOptions {
        table_mib: 2,
        ..quick(MAX_LEVEL)
    };
    let mut engine = Engine::new();
    // A search of the same position leaves entries a new game must not see.
    engine.best_move(&next, &options).unwrap();
    engine.prepare(&next, 2).unwrap();
    assert_eq!(engine.table_mib(), 2, "allocated at the size asked for");
    let prepared = engine.best_move(&next, &options).unwrap();
    let fresh = Engine::new().best_move(&next, &options).unwrap();
    let seen = |m: &AiMove| (m.point, m.score, m.depth, m.nodes, m.pv.clone());
    assert_eq!(
        seen(&prepared),
        seen(&fresh),
        "nothing of the earlier search is left"
    );
    assert!(matches!(
        engine.prepare(&next, usize::MAX >> 1),
        Err(AiError::OutOfMemory(_))
    ));
    assert_eq!(engine.table_mib(), 0, "no table when none could be had");
}

#[test]
fn node_and_depth_limits_are_respected() {
    let g = game(Rule::Freestyle, "h8 i9 i8 g8 j10 j9 k9 h10");
    let m = ai::best_move(
        &g,
        &AiOptions {
            max_nodes: Some(5_000),
            ..AiOptions::default()
        },
    )
    .unwrap();
    assert!(m.nodes <= 5_000, "{}", m.nodes);
    // Level 2's threat solving counts nodes too.
    let m = ai::best_move(
        &g,
        &AiOptions {
            max_nodes: Some(300),
            ..quick(2)
        },
    )
    .unwrap();
    assert!(m.nodes > 0 && m.nodes <= 300, "{}", m.nodes);
    let m = ai::best_move(
        &g,
        &AiOptions {
            max_depth: Some(3),
            ..AiOptions::default()
        },
    )
    .unwrap();
    assert!(m.depth <= 3);
    assert!(g.is_legal(m.point));
}

#[test]
fn a_time_limit_bounds_the_search() {
    let g = game(Rule::Freestyle, "h8 i9 i8 g8 j10 j9 k9 h10");
    // Build the tables first so only the search is timed.
    ai::best_move(&g, &quick(3)).unwrap();
    let start = Instant::now();
    let m = ai::best_move(
        &g,
        &AiOptions {
            time: Some(Duration::from_millis(200)),
            ..AiOptions::default()
        },
    )
    .unwrap();
    // Generous: CI machines are shared; the budget is the contract, not speed.
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert!(g.is_legal(m.point));
}

#[test]
fn stop_from_another_thread_returns_a_legal_move() {
    let g = game(Rule::Freestyle, "h8 i9 i8 g8 j10 j9 k9 h10");
    let mut engine = Engine::new();
    let handle = engine.stop_handle();
    let done = Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        handle.stop();
        flag.store(true, Ordering::SeqCst);
    });
    let m = engine
        .best_move(
            &g,
            &AiOptions {
                time: Some(Duration::from_secs(60)),
                ..AiOptions::default()
            },
        )
        .unwrap();
    stopper.join().unwrap();
    assert!(
        done.load(Ordering::SeqCst),
        "the search ended before it was stopped"
    );
    assert!(g.is_legal(m.point));
}

#[test]
fn progress_reports_each_depth() {
    let g = game(Rule::Renju, "h8 i9 j8 i7 i8 g8 j10 j9");
    let mut depths = Vec::new();
    let m = Engine::new()
        .best_move_with_progress(
            &g,
            &AiOptions {
                max_depth: Some(5),
                ..AiOptions::default()
            },
            &mut |p| {
                assert!(!p.pv.is_empty());
                depths.push(p.depth)
            },
        )
        .unwrap();
    assert_eq!(depths, (1..=depths.len() as u32).collect::<Vec<_>>());
    assert_eq!(m.pv[0], m.point);
}

#[test]
fn score_maps_cover_the_legal_points() {
    let g = game(Rule::Renju, "i8 a1 j8 a3 k9 a5 k10 a7");
    for level in 1..=MAX_LEVEL {
        let map = ai::score_map(&g, level);
        assert_eq!(map.len(), g.legal_moves().len(), "level {level}");
        assert!(map.iter().all(|(p, _)| *p != pt("k8")));
    }
}

#[test]
fn the_vcf_solver_finds_continuous_fours_and_knows_when_there_are_none() {
    // Black: four stones in a broken line plus a second line: a two-step VCF.
    let g = game(Rule::Freestyle, "h8 a1 i8 a3 j8 a5");
    let VcfResult::Win(line) = solve_vcf(&g, 3, 0) else {
        panic!("no vcf")
    };
    let mut replay = g.clone();
    for p in &line {
        replay.play(*p).unwrap();
    }
    assert_eq!(replay.winner(), Some(gomoku::Color::Black));
    let quiet = game(Rule::Freestyle, "h8 i9");
    assert_eq!(solve_vcf(&quiet, 10, 0), VcfResult::NoWin);
}

#[test]
fn the_vcf_solver_agrees_with_every_shared_vcf_case() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vcf");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let puzzle =
            gomoku::notation::Puzzle::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let result = solve_vcf(&puzzle.game, puzzle.limit, 0);
        match (&result, puzzle.expect_win) {
            (VcfResult::Win(line), true) => {
                // The line is playable: attacker fours, forced blocks, and the
                // attacker wins at the end (or the defender cannot block).
                let mut g = puzzle.game.clone();
                for p in line {
                    if g.play(*p).is_err() {
                        break;
                    }
                }
                let attacker = puzzle.game.side_to_move();
                assert!(
                    g.winner() == Some(attacker) || g.is_forbidden(*line.last().unwrap()),
                    "{path:?}"
                );
            }
            (VcfResult::NoWin, false) => {}
            _ => panic!("{path:?}: {result:?}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 6);
}

/// The bench node count: changes only when the search changes. Update it
/// (and say `Bench: N` in the commit message) when a search change is meant.
const BENCH_NODES: u64 = 71_341;

#[test]
fn the_bench_node_count_is_pinned() {
    let result = ai::bench(ai::BENCH_DEPTH);
    assert_eq!(
        result.nodes, BENCH_NODES,
        "signature {:08x}",
        result.signature
    );
}

/// Self-play under every rule from varied openings: every move the levels
/// choose is legal (renju black never lands on a forbidden point), and games
/// end with a result.
#[test]
fn self_play_games_stay_legal_under_every_rule() {
    let openings = [
        "h8",
        "h8 i9 g9",
        "h8 h9 i8 g7 j7",
        "g7 h8 i9 j10",
        "a1 o15 h8",
    ];
    for (n, rule) in Rule::ALL.into_iter().enumerate() {
        for (k, opening) in openings.iter().enumerate() {
            let mut g = game(rule, opening);
            let levels = [1 + (k as u8 % 2), 3 + (n as u8 % 3)];
            while !g.is_over() {
                let level = levels[g.move_count() % 2];
                let options = AiOptions {
                    level,
                    max_depth: Some(2),
                    seed: k as u64,
                    ..AiOptions::default()
                };
                let m = ai::best_move(&g, &options).unwrap();
                assert!(
                    g.is_legal(m.point),
                    "{rule} level {level} chose {} in {g:?}",
                    m.point
                );
                g.play(m.point).unwrap();
            }
            assert!(g.result() != gomoku::GameResult::Ongoing);
        }
    }
}

#[test]
fn the_vct_solver_proves_wins_by_threats_and_no_false_ones() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vct");
    for (name, win) in [
        ("vct_black", true),
        ("vct_black_short", false),
        ("vct_white", true),
        ("vct_white_short", false),
        // Threat limit 2: the wins need moves that prepare a four-three.
        ("vct_game_black_l03_2", true),
        ("vct_game_black_l03_2_short", false),
        ("vct_game_white_l04_2", true),
        ("vct_game_white_l04_2_short", false),
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{name}.txt")).unwrap();
        let puzzle = gomoku::notation::Puzzle::parse(&text).unwrap();
        let result = ai::solve_vct(&puzzle.game, puzzle.limit, puzzle.threat_limit, 2_000_000);
        match (&result, win) {
            (VcfResult::Win(line), true) => {
                // Replayed, the line wins, or ends where black's only block
                // is forbidden.
                let mut g = puzzle.game.clone();
                for &p in line {
                    if g.play(p).is_err() {
                        assert!(g.is_forbidden(p), "{name}: {p} is illegal");
                        break;
                    }
                }
                assert!(
                    g.winner() == Some(puzzle.game.side_to_move())
                        || g.is_forbidden(line[line.len() - 1]),
                    "{name}: {line:?}"
                );
                if puzzle.threat_limit == 2 {
                    let threes_only = ai::solve_vct(&puzzle.game, puzzle.limit, 1, 2_000_000);
                    assert_eq!(threes_only, VcfResult::NoWin, "{name} by threes alone");
                }
            }
            (VcfResult::NoWin, false) => {}
            _ => panic!("{name}: {result:?}"),
        }
    }
}
