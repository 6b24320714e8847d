//! `gomoku bench` and `gomoku arena`: the engine's measuring tools.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use gomoku::ai::{
    bench as run_bench, make_unmake_rate, AiOptions, Engine, Score, BENCH_DEPTH, MAX_LEVEL,
};
use gomoku::notation::{format_opening, parse_opening};
use gomoku::{Color, Game, GameResult, Point, Rule};

use crate::brain;

/// The Gomocup 2026 freestyle 15×15 openings, the arena's default.
const DEFAULT_OPENINGS: &str = include_str!("../../tests/data/openings-freestyle15.txt");

/// The options of `gomoku bench`.
#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// Search depth of every bench position.
    #[arg(long, default_value_t = BENCH_DEPTH)]
    pub depth: u32,
}

/// `gomoku bench [--depth N]`: the search bench and the make+unmake rate.
pub fn bench(args: BenchArgs) -> Result<(), String> {
    let depth = args.depth;
    let r = run_bench(depth);
    println!(
        "depth {depth}: {} nodes in {:.3} s, {} nodes/s\nBench: {} (signature {:08x})",
        r.nodes,
        r.elapsed.as_secs_f64(),
        r.nodes_per_second(),
        r.nodes,
        r.signature
    );
    println!("make+unmake: {} pairs/s", make_unmake_rate(200));
    Ok(())
}

/// One side: a level of this engine, or an external Gomocup brain (any
/// `pbrain-*` executable, e.g. an older build of ours, for A/B tests).
#[derive(Clone)]
enum Player {
    Level(AiOptions),
    Brain {
        path: std::path::PathBuf,
        turn_ms: u64,
    },
}

impl Player {
    fn describe(&self) -> String {
        match self {
            Player::Level(o) => format!("level {}", o.level),
            Player::Brain { path, .. } => path.display().to_string(),
        }
    }
}

/// A side ready to move in one game.
enum Mover {
    Engine(Engine, AiOptions),
    Brain(brain::Brain),
}

impl Mover {
    fn new(player: &Player, rule: Rule, size: usize) -> Option<Mover> {
        Some(match player {
            Player::Level(o) => Mover::Engine(Engine::new(), o.clone()),
            Player::Brain { path, turn_ms } => {
                Mover::Brain(brain::Brain::start(path, rule, size, *turn_ms)?)
            }
        })
    }

    /// The move for the side to move, or None if the side forfeits (a brain
    /// that crashed, timed out or answered nonsense).
    fn choose(&mut self, game: &Game) -> Option<Point> {
        match self {
            Mover::Engine(engine, options) => engine.best_move(game, options).ok().map(|m| m.point),
            Mover::Brain(b) => b.choose(game),
        }
    }
}

/// How a game ended for player A.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Win,
    Loss,
    Draw,
}

/// The options of `gomoku arena`.
#[derive(clap::Args, Clone, Debug)]
pub struct ArenaArgs {
    /// Player A: a level (1 to 5) or a Gomocup brain executable.
    #[arg(long, default_value_t = MAX_LEVEL.to_string())]
    pub a: String,
    /// Player B: a level or a brain.
    #[arg(long, default_value = "2")]
    pub b: String,
    /// Time per move in milliseconds (0: none).
    #[arg(long, default_value_t = 100)]
    pub time: u64,
    /// Nodes per move (0: no limit).
    #[arg(long, default_value_t = 0)]
    pub nodes: u64,
    /// Depth per move (0: no limit).
    #[arg(long, default_value_t = 0)]
    pub depth: u32,
    /// freestyle, standard, renju or caro.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    pub size: usize,
    /// default (the Gomocup 2026 openings), random (balanced, generated), or
    /// a file of Gomocup opening lines.
    #[arg(long, default_value = "default")]
    pub openings: String,
    /// How many openings (each is played twice) [default: all, or 50 random].
    #[arg(long)]
    pub count: Option<usize>,
    /// Games played at once [default: the number of cores].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Keep every game as a save file in this folder.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Seed of the random openings and of the levels' ties.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `gomoku arena`: two players meet on every opening, colours swapped.
pub fn run(args: ArenaArgs) -> Result<(), String> {
    let ArenaArgs {
        time,
        nodes,
        depth,
        rule,
        size,
        seed,
        ..
    } = args;
    let player = |spec: &str| -> Result<Player, String> {
        match spec.parse::<u8>() {
            Ok(level) => Ok(Player::Level(AiOptions {
                level,
                time: (time > 0).then(|| Duration::from_millis(time)),
                max_nodes: (nodes > 0).then_some(nodes),
                max_depth: (depth > 0).then_some(depth),
                seed,
                ..AiOptions::default()
            })),
            Err(_) if std::path::Path::new(spec).is_file() => Ok(Player::Brain {
                path: spec.into(),
                turn_ms: if time > 0 { time } else { 1000 },
            }),
            Err(_) => Err(format!(
                "{spec:?} is neither a level nor a brain executable"
            )),
        }
    };
    let a = player(&args.a)?;
    let b = player(&args.b)?;
    let openings = match args.openings.as_str() {
        "default" => read_openings(DEFAULT_OPENINGS, size)?,
        "random" => random_openings(rule, size, args.count.unwrap_or(50), seed),
        path => read_openings(
            &std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?,
            size,
        )?,
    };
    let count = args.count.unwrap_or(openings.len()).min(openings.len());
    let openings = &openings[..count];
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let out = args.out;
    if let Some(dir) = &out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }

    // Each opening twice: A black (even jobs), then A white.
    let jobs = openings.len() * 2;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let job = next.fetch_add(1, Ordering::Relaxed);
                if job >= jobs {
                    break;
                }
                let a_is_black = job.is_multiple_of(2);
                let (game, outcome) = play_game(rule, size, &openings[job / 2], &a, &b, a_is_black);
                if let Some(dir) = &out {
                    let path = dir.join(format!("game-{:04}.txt", job + 1));
                    let header = format!(
                        "# opening {}: {}\n# A ({}) plays {}\n",
                        job / 2 + 1,
                        format_opening(&openings[job / 2], size),
                        a.describe(),
                        if a_is_black { "black" } else { "white" }
                    );
                    std::fs::write(&path, header + &game.save()).ok();
                }
                let mut all = results.lock().expect("no thread panics holding the lock");
                all.push(outcome);
                progress(&all, jobs);
            });
        }
    });
    eprintln!();
    let all = results.into_inner().expect("threads finished");
    summary(&all, &a, &b, start.elapsed());
    Ok(())
}

/// Plays one game from an opening; returns the game and its outcome for A.
fn play_game(
    rule: Rule,
    size: usize,
    opening: &[Point],
    a: &Player,
    b: &Player,
    a_is_black: bool,
) -> (Game, Outcome) {
    let mut game = Game::new(size, rule).expect("the size was checked");
    for &p in opening {
        if game.play(p).is_err() {
            break;
        }
    }
    let a_color = if a_is_black {
        Color::Black
    } else {
        Color::White
    };
    let (Some(mut mover_a), Some(mut mover_b)) =
        (Mover::new(a, rule, size), Mover::new(b, rule, size))
    else {
        eprintln!("a brain failed to start");
        return (game, Outcome::Draw);
    };
    while !game.is_over() {
        let a_to_move = game.side_to_move() == a_color;
        let mover = if a_to_move {
            &mut mover_a
        } else {
            &mut mover_b
        };
        match mover.choose(&game).map(|p| game.play(p)) {
            Some(Ok(())) => {}
            _ => {
                return (
                    game,
                    if a_to_move {
                        Outcome::Loss
                    } else {
                        Outcome::Win
                    },
                )
            }
        }
    }
    let outcome = match game.result() {
        GameResult::Draw | GameResult::Ongoing => Outcome::Draw,
        r if r.winner() == Some(a_color) => Outcome::Win,
        _ => Outcome::Loss,
    };
    (game, outcome)
}

fn tally(all: &[Outcome]) -> (usize, usize, usize) {
    let count = |o| all.iter().filter(|&&x| x == o).count();
    (
        count(Outcome::Win),
        count(Outcome::Loss),
        count(Outcome::Draw),
    )
}

/// A one-line progress bar on standard error.
fn progress(all: &[Outcome], jobs: usize) {
    let (w, l, d) = tally(all);
    let width = 30;
    let filled = all.len() * width / jobs.max(1);
    eprint!(
        "\r[{}{}] {}/{jobs}  A +{w} -{l} ={d}",
        "#".repeat(filled),
        ".".repeat(width - filled),
        all.len()
    );
    std::io::stderr().flush().ok();
}

fn summary(all: &[Outcome], a: &Player, b: &Player, elapsed: Duration) {
    let (w, l, d) = tally(all);
    let n = all.len().max(1) as f64;
    let score = (w as f64 + d as f64 / 2.0) / n;
    let variance = (w as f64 * (1.0 - score).powi(2)
        + d as f64 * (0.5 - score).powi(2)
        + l as f64 * score.powi(2))
        / n;
    let margin = 1.96 * (variance / n).sqrt();
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10();
    let limits = match (a, b) {
        (Player::Level(o), _) | (_, Player::Level(o)) => describe(o),
        (Player::Brain { turn_ms, .. }, _) => format!("{turn_ms} ms/move"),
    };
    println!(
        "A = {}, B = {}, {limits}, {} games in {:.1} s",
        a.describe(),
        b.describe(),
        all.len(),
        elapsed.as_secs_f64()
    );
    println!(
        "A: +{w} -{l} ={d}  score {:.1}%  Elo {:+.0} ± {:.0}",
        score * 100.0,
        elo(score),
        (elo(score + margin) - elo(score - margin)) / 2.0
    );
}

fn describe(o: &AiOptions) -> String {
    let mut parts = Vec::new();
    if let Some(t) = o.time {
        parts.push(format!("{} ms/move", t.as_millis()));
    }
    if let Some(n) = o.max_nodes {
        parts.push(format!("{n} nodes/move"));
    }
    if let Some(d) = o.max_depth {
        parts.push(format!("depth ≤ {d}"));
    }
    if parts.is_empty() {
        parts.push("level defaults".into());
    }
    parts.join(", ")
}

fn read_openings(text: &str, size: usize) -> Result<Vec<Vec<Point>>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| parse_opening(l, size).map_err(|e| format!("opening {l:?}: {e}")))
        .collect()
}

/// Balanced random openings: three to five stones near the centre, kept when
/// a depth-4 search sees neither side clearly ahead.
fn random_openings(rule: Rule, size: usize, count: usize, seed: u64) -> Vec<Vec<Point>> {
    let mut state = seed ^ 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let c = (size / 2) as i64;
    let mut openings = Vec::new();
    let mut engine = Engine::new();
    while openings.len() < count {
        let stones = 3 + 2 * (next() % 2) as usize;
        let mut game = Game::new(size, rule).expect("the size was checked");
        let mut moves = Vec::new();
        while moves.len() < stones {
            let p = Point::try_new(c + (next() % 7) as i64 - 3, c + (next() % 7) as i64 - 3)
                .expect("near the centre");
            if game.play(p).is_ok() {
                moves.push(p);
            }
        }
        let options = AiOptions {
            level: MAX_LEVEL,
            max_depth: Some(4),
            ..AiOptions::default()
        };
        let balanced = engine
            .best_move(&game, &options)
            .is_ok_and(|m| matches!(m.score, Score::Value(v) if v.abs() < 200));
        if balanced && !openings.contains(&moves) {
            openings.push(moves);
        }
    }
    openings
}
