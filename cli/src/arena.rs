//! `gomoku bench`, `gomoku arena`, `gomoku selfplay` and `gomoku openings`:
//! the engine's measuring tools. A match plays every opening twice, colours
//! swapped, on several threads; it reports games, pairs (pentanomial), the
//! Elo difference with its error and, with `--sprt`, stops once decided.
//! `--data` streams a record of every game (see `gomoku::ai::selfplay`) in
//! the order of the games, whatever the threads.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use gomoku::ai::selfplay::{
    balanced_openings, match_openings, play_with, Limits, Record, DEFAULT_MOVE_MS,
    DEFAULT_RANDOM_OPENINGS, DEFAULT_SEED,
};
use gomoku::ai::stats::{Outcome, Sprt, Tally, Verdict};
use gomoku::ai::{bench as run_bench, make_unmake_rate, AiOptions, Engine, BENCH_DEPTH, MAX_LEVEL};
use gomoku::notation::format_opening;
use gomoku::{Color, Game, Point, Rule};
use indicatif::{ProgressBar, ProgressStyle};

use crate::brain;

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

/// How each move is limited, and the game's rule and board.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// Time per move in milliseconds (0: none).
    #[arg(long, default_value_t = DEFAULT_MOVE_MS)]
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
    #[arg(long, default_value_t = gomoku::DEFAULT_SIZE)]
    pub size: usize,
    /// default (the Gomocup 2026 openings), random (balanced, generated), or
    /// a file of Gomocup opening lines.
    #[arg(long, default_value = "default")]
    pub openings: String,
    #[arg(long, help = format!(
        "How many openings (each is played twice) [default: all, or {DEFAULT_RANDOM_OPENINGS} random]"
    ))]
    pub count: Option<usize>,
    /// Games played at once [default: the number of cores].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the random openings and of the levels' ties.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Append a record of every game, with each move's score, to this file
    /// (the format `gomoku tune --data` reads).
    #[arg(long)]
    pub data: Option<PathBuf>,
}

impl GameArgs {
    /// The limits of each move.
    fn limits(&self) -> Limits {
        Limits {
            time_ms: self.time,
            nodes: self.nodes,
            depth: self.depth,
            seed: self.seed,
        }
    }
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
    #[command(flatten)]
    pub game: GameArgs,
    /// Keep every game as a save file in this folder.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Stop once decided: elo0,elo1[,alpha,beta] (α and β 0.05 by default),
    /// H1 being "A is elo1 stronger".
    #[arg(long)]
    pub sprt: Option<Sprt>,
}

/// The options of `gomoku selfplay`.
#[derive(clap::Args, Clone, Debug)]
pub struct SelfplayArgs {
    /// The level playing both sides.
    #[arg(long, default_value_t = MAX_LEVEL)]
    pub level: u8,
    #[command(flatten)]
    pub game: GameArgs,
}

/// The options of `gomoku openings`.
#[derive(clap::Args, Clone, Debug)]
pub struct OpeningsArgs {
    /// How many openings.
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// freestyle, standard, renju or caro.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// Board side.
    #[arg(long, default_value_t = gomoku::DEFAULT_SIZE)]
    pub size: usize,
    /// Seed: the same seed gives the same openings.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
}

/// `gomoku openings`: balanced openings as Gomocup offset lines, one per
/// line, for an arena or for c-gomoku-cli's `-openings type=offset`.
pub fn openings(args: OpeningsArgs) -> Result<(), String> {
    Game::new(args.size, args.rule).map_err(|e| e.to_string())?;
    for opening in balanced_openings(args.rule, args.size, args.count, args.seed) {
        println!("{}", format_opening(&opening, args.size));
    }
    Ok(())
}

/// One side: a level of this engine, or an external Gomocup brain (any
/// `pbrain-*` executable, e.g. an older build of ours, for A/B tests).
#[derive(Clone)]
enum Player {
    Level(AiOptions),
    Brain { path: PathBuf, turn_ms: u64 },
}

impl Player {
    fn parse(spec: &str, limits: &GameArgs) -> Result<Player, String> {
        match spec.parse::<u8>() {
            Ok(level) if level <= MAX_LEVEL => Ok(Player::Level(limits.limits().options(level))),
            Ok(level) => Err(format!("level {level} is not 0 to {MAX_LEVEL}")),
            Err(_) if std::path::Path::new(spec).is_file() => Ok(Player::Brain {
                path: spec.into(),
                turn_ms: if limits.time > 0 { limits.time } else { 1000 },
            }),
            Err(_) => Err(format!(
                "{spec:?} is neither a level nor a brain executable"
            )),
        }
    }

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

    /// The move for the side to move and its score when known, or None if
    /// the side forfeits (a brain that crashed, timed out or answered
    /// nonsense).
    fn choose(&mut self, game: &Game) -> Option<(Point, Option<gomoku::ai::Score>)> {
        match self {
            Mover::Engine(engine, options) => engine
                .best_move(game, options)
                .ok()
                .map(|m| (m.point, Some(m.score))),
            Mover::Brain(b) => b.choose(game).map(|p| (p, None)),
        }
    }
}

/// `gomoku arena`: two players meet on every opening, colours swapped.
pub fn run(args: ArenaArgs) -> Result<(), String> {
    let a = Player::parse(&args.a, &args.game)?;
    let b = Player::parse(&args.b, &args.game)?;
    play_match(&a, &b, &args.game, args.out.as_deref(), args.sprt, false)
}

/// `gomoku selfplay`: a level against itself, every game recorded with
/// each move's score (`--data` is where; standard output without it).
pub fn selfplay(args: SelfplayArgs) -> Result<(), String> {
    let player = Player::parse(&args.level.to_string(), &args.game)?;
    play_match(&player, &player, &args.game, None, None, true)
}

/// Records written in the order of the games, as they finish.
struct DataFile {
    file: Box<dyn Write + Send>,
    next: usize,
    waiting: BTreeMap<usize, String>,
}

impl DataFile {
    fn add(&mut self, job: usize, line: String) {
        self.waiting.insert(job, line);
        while let Some(line) = self.waiting.remove(&self.next) {
            writeln!(self.file, "{line}").ok();
            self.next += 1;
        }
        self.file.flush().ok();
    }
}

/// What the threads share while a match is played.
struct MatchState {
    tally: Tally,
    /// A's outcome of each finished game, by job.
    outcomes: BTreeMap<usize, Outcome>,
    data: Option<DataFile>,
    /// The test's verdict when it was reached, with the LLR and the pairs.
    decision: Option<(Verdict, f64, u32)>,
    /// Why the match stopped before its end, if it did.
    error: Option<String>,
}

fn play_match(
    a: &Player,
    b: &Player,
    args: &GameArgs,
    out: Option<&std::path::Path>,
    sprt: Option<Sprt>,
    records_by_default: bool,
) -> Result<(), String> {
    let openings = match_openings(&args.openings, args.rule, args.size, args.count, args.seed)
        .map_err(|e| e.to_string())?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let data = match &args.data {
        Some(path) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            Some(DataFile {
                file: Box::new(file),
                next: 0,
                waiting: BTreeMap::new(),
            })
        }
        None if records_by_default => {
            // selfplay without --data: the records on standard output.
            Some(DataFile {
                file: Box::new(std::io::stdout()),
                next: 0,
                waiting: BTreeMap::new(),
            })
        }
        None => None,
    };
    let to_stdout = data.is_some() && args.data.is_none();

    // Each opening twice: A black (even jobs), then A white.
    let jobs = openings.len() * 2;
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    let state = Mutex::new(MatchState {
        tally: Tally::default(),
        outcomes: BTreeMap::new(),
        data,
        decision: None,
        error: None,
    });
    let bar = ProgressBar::new(jobs as u64);
    if to_stdout {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed_precise} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                if decided.load(Ordering::Relaxed) {
                    break;
                }
                let job = next.fetch_add(1, Ordering::Relaxed);
                if job >= jobs {
                    break;
                }
                let a_is_black = job.is_multiple_of(2);
                let opening = &openings[job / 2];
                let (record, outcome) = match play_game(args, opening, a, b, a_is_black) {
                    Ok(played) => played,
                    Err(e) => {
                        let mut st = state
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner);
                        st.error.get_or_insert(e);
                        decided.store(true, Ordering::Relaxed);
                        break;
                    }
                };
                if let Some(dir) = out {
                    save_game(dir, job, opening, args.size, a, a_is_black, &record);
                }
                let mut st = state
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if let Some(data) = &mut st.data {
                    data.add(job, record.to_line());
                }
                st.tally.game(outcome);
                st.outcomes.insert(job, outcome);
                let partner = job ^ 1;
                if let Some(&other) = st.outcomes.get(&partner) {
                    let (first, second) = if a_is_black {
                        (outcome, other)
                    } else {
                        (other, outcome)
                    };
                    st.tally.pair(first, second);
                }
                let t = st.tally;
                let mut message = format!("A +{} -{} ={}", t.wins, t.losses, t.draws);
                if let Some((elo, err)) = t.elo() {
                    message += &format!("  Elo {elo:+.0} ± {err:.0}");
                }
                if let Some(test) = &sprt {
                    message += &format!("  LLR {:.2}", test.llr(&t));
                    let verdict = test.verdict(&t);
                    if verdict != Verdict::Continue && st.decision.is_none() {
                        st.decision = Some((verdict, test.llr(&t), t.pairs.iter().sum()));
                        decided.store(true, Ordering::Relaxed);
                    }
                }
                bar.set_message(message);
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    let st = state
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(e) = st.error {
        return Err(e);
    }
    if !to_stdout {
        summary(&st.tally, a, b, args, start.elapsed(), sprt, st.decision);
    }
    Ok(())
}

/// Plays one game from an opening; returns its record and A's outcome, or
/// why it could not be played (a brain that does not start).
fn play_game(
    args: &GameArgs,
    opening: &[Point],
    a: &Player,
    b: &Player,
    a_is_black: bool,
) -> Result<(Record, Outcome), String> {
    let (rule, size) = (args.rule, args.size);
    let a_color = if a_is_black {
        Color::Black
    } else {
        Color::White
    };
    let start = |p: &Player| {
        Mover::new(p, rule, size).ok_or_else(|| format!("{} failed to start", p.describe()))
    };
    let (mut mover_a, mut mover_b) = (start(a)?, start(b)?);
    let mut choose_a = |g: &Game| mover_a.choose(g);
    let mut choose_b = |g: &Game| mover_b.choose(g);
    let (record, forfeit) = if a_is_black {
        play_with(rule, size, opening, &mut choose_a, &mut choose_b)
    } else {
        play_with(rule, size, opening, &mut choose_b, &mut choose_a)
    }
    .map_err(|e| format!("opening {}: {e}", format_opening(opening, size)))?;
    let outcome = match forfeit {
        Some(c) if c == a_color => Outcome::Loss,
        Some(_) => Outcome::Win,
        None => Outcome::for_player(record.result, a_color),
    };
    Ok((record, outcome))
}

fn save_game(
    dir: &std::path::Path,
    job: usize,
    opening: &[Point],
    size: usize,
    a: &Player,
    a_is_black: bool,
    record: &Record,
) {
    let Ok(game) = record.game() else { return };
    let path = dir.join(format!("game-{:04}.txt", job + 1));
    let header = format!(
        "# opening {}: {}\n# A ({}) plays {}\n",
        job / 2 + 1,
        format_opening(opening, size),
        a.describe(),
        if a_is_black { "black" } else { "white" }
    );
    std::fs::write(&path, header + &game.save()).ok();
}

fn summary(
    t: &Tally,
    a: &Player,
    b: &Player,
    args: &GameArgs,
    elapsed: Duration,
    sprt: Option<Sprt>,
    decision: Option<(Verdict, f64, u32)>,
) {
    let limits = match (a, b) {
        (Player::Level(o), _) | (_, Player::Level(o)) => describe(o),
        (Player::Brain { turn_ms, .. }, _) => format!("{turn_ms} ms/move"),
    };
    println!(
        "A = {}, B = {}, {} {}×{}, {limits}, {} games in {:.1} s",
        a.describe(),
        b.describe(),
        args.rule,
        args.size,
        args.size,
        t.games(),
        elapsed.as_secs_f64()
    );
    let elo = t.elo().map_or(String::new(), |(e, err)| {
        format!("  Elo {e:+.0} ± {err:.0}")
    });
    println!(
        "A: +{} -{} ={}  score {:.1}%{elo}",
        t.wins,
        t.losses,
        t.draws,
        t.score() * 100.0
    );
    println!(
        "pairs (A's points 0, ½, 1, 1½, 2): {}",
        t.pairs.map(|n| n.to_string()).join(" ")
    );
    if let Some(test) = sprt {
        let (lower, upper) = test.bounds();
        // The verdict as reached; games still running then count above.
        let (verdict, llr, pairs) =
            decision.unwrap_or((Verdict::Continue, test.llr(t), t.pairs.iter().sum()));
        let verdict = match verdict {
            Verdict::AcceptH1 => "H1 accepted",
            Verdict::AcceptH0 => "H0 accepted",
            Verdict::Continue => "undecided",
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} [{lower:.2}, {upper:.2}] after {pairs} pairs, {verdict}",
            test.elo0, test.elo1, test.alpha, test.beta
        );
    }
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
