//! The resident memory of 10 000 live game handles, through the Rust API
//! and through the C ABI, with one AI move each at level 2 (which needs no
//! table), each measured in a fresh process. Run: `cargo bench --bench memory`.

use gomoku::ai::{AiOptions, Engine};
use gomoku::ffi::*;
use gomoku::{Game, Rule};

const HANDLES: usize = 10_000;

/// This process's resident set in MiB, from /proc (Linux).
fn resident_mib() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    pages * 4096.0 / (1 << 20) as f64
}

/// Makes the handles through the Rust API and prints what they cost.
fn rust_handles() {
    let base = resident_mib();
    let options = AiOptions {
        level: 2,
        ..AiOptions::default()
    };
    let mut live = Vec::with_capacity(HANDLES);
    for _ in 0..HANDLES {
        let mut game = Box::new(Game::new(15, Rule::Renju).unwrap());
        let mut engine = Engine::new();
        game.play(engine.best_move(&game, &options).unwrap().point)
            .unwrap();
        live.push((game, engine));
    }
    report("Rust games with engines", resident_mib() - base);
}

/// Makes the handles through the C ABI and prints what they cost.
fn c_handles() {
    let base = resident_mib();
    let mut o = GomokuAiOptions::default();
    unsafe { gomoku_ai_options_init(&mut o) };
    o.level = 2;
    let mut live = Vec::with_capacity(HANDLES);
    for _ in 0..HANDLES {
        let g = gomoku_new(15, GomokuRule::Renju as i32);
        let (mut x, mut y) = (0, 0);
        unsafe {
            assert_eq!(gomoku_ai_move(g, &o, &mut x, &mut y), 0);
            assert_eq!(gomoku_play(g, x, y), 0);
        }
        live.push(g);
    }
    report("C handles", resident_mib() - base);
    for g in live {
        unsafe { gomoku_free(g) };
    }
}

fn report(what: &str, mib: f64) {
    let each = mib * (1 << 20) as f64 / HANDLES as f64;
    println!("{HANDLES} {what}: {mib:.1} MiB resident ({each:.0} bytes each)");
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("rust") => rust_handles(),
        Some("c") => c_handles(),
        // Under `cargo bench`: each kind in a process of its own.
        _ => {
            let me = std::env::current_exe().expect("the bench's own path");
            for kind in ["rust", "c"] {
                let status = std::process::Command::new(&me).arg(kind).status();
                assert!(status.is_ok_and(|s| s.success()), "{kind} run failed");
            }
        }
    }
}
