//! Core costs per operation: play+undo, a winning move, renju forbidden
//! checks, save and load. Run: `cargo bench --bench core`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku::notation::parse_moves;
use gomoku::{Game, Point, Rule};

/// A dense renju middle game with forbidden points for black.
const RENJU_GAME: &str = "h8 h9 i8 i9 j9 a1 j10 a2 g8 a4 k11 a6 f7 o1 f9 o3";

fn game(rule: Rule, moves: &str) -> Game {
    Game::from_moves(15, rule, &parse_moves(moves).unwrap()).unwrap()
}

fn benches(c: &mut Criterion) {
    let mut g = game(Rule::Freestyle, "h8 i9 j10 h9 h10 g10");
    let p: Point = "k11".parse().unwrap();
    c.bench_function("play+undo", |b| {
        b.iter(|| {
            g.play(black_box(p)).unwrap();
            g.undo().unwrap()
        })
    });

    let mut win = game(Rule::Freestyle, "a1 b1 a2 b2 a3 b3 a4 b4");
    let five: Point = "a5".parse().unwrap();
    c.bench_function("play+undo winning move", |b| {
        b.iter(|| {
            win.play(black_box(five)).unwrap();
            win.undo().unwrap()
        })
    });

    let renju = game(Rule::Renju, RENJU_GAME);
    assert!(!renju.forbidden_points().is_empty());
    let candidate: Point = "h7".parse().unwrap();
    assert!(renju.is_forbidden(candidate));
    c.bench_function("is_forbidden (a forbidden point)", |b| {
        b.iter(|| renju.is_forbidden(black_box(candidate)))
    });
    c.bench_function("forbidden_points (whole board)", |b| {
        b.iter(|| renju.forbidden_points())
    });

    let text = renju.save();
    c.bench_function("save", |b| b.iter(|| black_box(&renju).save()));
    c.bench_function("load", |b| b.iter(|| Game::load(black_box(&text)).unwrap()));
}

criterion_group!(core, benches);
criterion_main!(core);
