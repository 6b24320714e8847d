//! What a game handle costs, beside a play+undo pair measured in the same
//! run: creating and freeing one (the Rust `Game` with its `Engine`, and the
//! C ABI's `gomoku_new`/`gomoku_free`), and the first AI move at level 5,
//! which allocates the table, with tables of several sizes. Run: `cargo bench --bench handles`. The memory of 10 000 live
//! handles: `cargo bench --bench memory`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku::ai::{AiOptions, Engine};
use gomoku::ffi::*;
use gomoku::{Game, Point, Rule};

/// A renju middle game, black to move: a move is checked for forbidden
/// shapes, as in the course projects' usual rule.
const RENJU_GAME: &str = "h8 h9 i8 i9 j9 a1 j10 a2 g8 a4 k11 a6 f7 o1 f9 o3";

fn rust(c: &mut Criterion) {
    let mut g = Game::new(15, Rule::Freestyle).unwrap();
    let p = Point::new(7, 7);
    c.bench_function("rust: play+undo, first move", |b| {
        b.iter(|| {
            g.play(black_box(p)).unwrap();
            g.undo().unwrap()
        })
    });
    let moves = gomoku::notation::parse_moves(RENJU_GAME).unwrap();
    let mut renju = Game::from_moves(15, Rule::Renju, &moves).unwrap();
    let q: Point = "e6".parse().unwrap();
    c.bench_function("rust: play+undo, renju black in the middle game", |b| {
        b.iter(|| {
            renju.play(black_box(q)).unwrap();
            renju.undo().unwrap()
        })
    });
    c.bench_function("rust: create+free a game and its engine", |b| {
        b.iter(|| {
            let game = Game::new(black_box(15), Rule::Freestyle).unwrap();
            let engine = Engine::new();
            black_box((&game, &engine));
        })
    });
}

fn c_abi(c: &mut Criterion) {
    let g = gomoku_new(15, GomokuRule::Freestyle as i32);
    c.bench_function("c: gomoku_play+gomoku_undo, first move", |b| {
        b.iter(|| unsafe {
            assert_eq!(gomoku_play(g, black_box(7), 7), 0);
            assert_eq!(gomoku_undo(g), 0);
        })
    });
    let renju = gomoku_new(15, GomokuRule::Renju as i32);
    let moves = std::ffi::CString::new(RENJU_GAME).unwrap();
    assert_eq!(unsafe { gomoku_play_moves(renju, moves.as_ptr()) }, 0);
    c.bench_function(
        "c: gomoku_play+gomoku_undo, renju black in the middle game",
        |b| {
            b.iter(|| unsafe {
                assert_eq!(gomoku_play(renju, black_box(4), 5), 0);
                assert_eq!(gomoku_undo(renju), 0);
            })
        },
    );
    unsafe { gomoku_free(renju) };
    c.bench_function("c: gomoku_new+gomoku_free", |b| {
        b.iter(|| unsafe {
            let h = gomoku_new(black_box(15), GomokuRule::Freestyle as i32);
            gomoku_free(black_box(h));
        })
    });
    unsafe { gomoku_free(g) };
}

fn first_ai_move(c: &mut Criterion) {
    let game = Game::from_moves(
        15,
        Rule::Freestyle,
        &gomoku::notation::parse_moves("h8 i9 j8").unwrap(),
    )
    .unwrap();
    let options = AiOptions {
        level: 5,
        max_depth: Some(4),
        ..AiOptions::default()
    };
    let mut group = c.benchmark_group("first ai_move of a new engine, level 5, depth 4");
    group.sample_size(20);
    for mib in [1, 16, 256] {
        let options = AiOptions {
            table_mib: mib,
            ..options.clone()
        };
        group.bench_function(format!("{mib} MiB table"), |b| {
            b.iter(|| Engine::new().best_move(&game, &options).unwrap())
        });
    }
    group.finish();
}

criterion_group!(handles, rust, c_abi, first_ai_move);
criterion_main!(handles);
