//! `gomoku tune`: fits the evaluation's weights to the results of saved
//! games (an arena's `--out` directory of self-play, or the SGF file of a
//! c-gomoku-cli match between any engines) and writes them as the module
//! the engine reads (`src/ai/eval/freestyle.rs` for freestyle); with
//! `--policy NAME`, fits the search's move-ordering scores to the moves the
//! player NAME chose instead (`src/ai/eval/policy.rs`).

use gomoku::ai::selfplay::Record;
use gomoku::ai::{tune, tune_labelled, tune_policy, CellModel, Tuning};
use gomoku::notation::parse_moves;
use gomoku::{Game, Rule};

/// The options of `gomoku tune`.
#[derive(clap::Args, Clone, Debug)]
#[command(group = clap::ArgGroup::new("input").required(true).multiple(true).args(["games", "data", "sgf", "labels"]))]
pub struct TuneArgs {
    /// A folder of saved games (e.g. an arena's --out).
    #[arg(long)]
    pub games: Option<std::path::PathBuf>,
    /// Files of game records (as `selfplay` and `arena --data` write them).
    #[arg(long)]
    pub data: Vec<std::path::PathBuf>,
    /// SGF collections (as c-gomoku-cli's `-sgf` writes them).
    #[arg(long)]
    pub sgf: Vec<std::path::PathBuf>,
    /// Files of labelled freestyle positions, one per line: the moves (as
    /// `x,y` pairs or letter notation), a tab, and the side to move's
    /// chance of winning (0 to 1) as a stronger engine's search judged it.
    /// The evaluation is fitted to the labels instead of game results.
    #[arg(long, conflicts_with_all = ["games", "data", "sgf", "policy", "stronger"])]
    pub labels: Vec<std::path::PathBuf>,
    /// Where to write the fitted values' Rust module (default: print it).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Fit the move-ordering scores to the moves of the player so named
    /// (as the games' player names give it) instead of the evaluation.
    #[arg(long, value_name = "NAME")]
    pub policy: Option<String>,
    /// The stronger player of the games (as their player names give it):
    /// a term of its own, not part of the evaluation, takes the share of
    /// the results that says who played rather than what the position is.
    #[arg(long, value_name = "NAME", conflicts_with = "policy")]
    pub stronger: Option<String>,
    /// Fit a value for every combination of four line patterns on a cell
    /// (2,002 values) instead of one weight per pattern and combination
    /// term (28).
    #[arg(long, conflicts_with = "policy")]
    pub combos: bool,
    /// With --labels: start from the weights the engine now uses instead
    /// of the hand-set ones, so that the fit keeps what an earlier fit
    /// learned where the new positions say little.
    #[arg(long, requires = "labels")]
    pub refine: bool,
    /// Passes of gradient descent.
    #[arg(long, default_value_t = 2000)]
    pub epochs: usize,
}

/// `gomoku tune`: fits the evaluation's weights to saved games and
/// records.
pub fn run(args: TuneArgs) -> Result<(), String> {
    let epochs = args.epochs;
    let model = if args.combos {
        CellModel::Combos
    } else {
        CellModel::Terms
    };
    if !args.labels.is_empty() {
        let mut positions = Vec::new();
        for path in &args.labels {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            for (n, line) in text.lines().enumerate() {
                let labelled = labelled_position(line)
                    .map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
                positions.extend(labelled);
            }
        }
        let t = tune_labelled(&positions, model, epochs, args.refine)?;
        report(&format!("{} labelled positions", positions.len()), &t);
        return write(&args.out, &t.source);
    }
    let mut games = Vec::new();
    if let Some(dir) = &args.games {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        paths.sort();
        for path in paths {
            games.extend(games_in(&path, |text| Game::load(text).map(|g| vec![g]))?);
        }
    }
    for path in &args.data {
        games.extend(games_in(path, |text| {
            Record::parse_all(text)?.iter().map(Record::game).collect()
        })?);
    }
    for path in &args.sgf {
        games.extend(games_in(path, Game::all_from_sgf)?);
    }
    if let Some(player) = &args.policy {
        let t = tune_policy(&games, player, epochs.min(MAX_POLICY_EPOCHS))?;
        println!(
            "{} games: {} moves fitted, {} held out; held out: first {:.1}% -> {:.1}%, \
             cross-entropy {:.4} (any move alike) -> {:.4}",
            games.len(),
            t.positions.0,
            t.positions.1,
            100.0 * t.held_out_top.0,
            100.0 * t.held_out_top.1,
            t.held_out_loss.0,
            t.held_out_loss.1
        );
        return write(&args.out, &t.source);
    }
    let t = tune(&games, model, epochs, args.stronger.as_deref())?;
    report(&format!("{} {} games", games.len(), t.rule), &t);
    write(&args.out, &t.source)
}

/// One line of a `--labels` file: the position after its moves, with its
/// label; `None` for a blank line.
fn labelled_position(line: &str) -> Result<Option<(Game, f64)>, String> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let (moves, label) = line
        .split_once('\t')
        .ok_or("expected the moves, a tab and a chance of winning")?;
    let chance: f64 = label
        .trim()
        .parse()
        .ok()
        .filter(|c| (0.0..=1.0).contains(c))
        .ok_or_else(|| format!("{label:?} is not a chance between 0 and 1"))?;
    let moves = parse_moves(moves).map_err(|e| e.to_string())?;
    let game = Game::from_moves(15, Rule::Freestyle, &moves).map_err(|e| e.to_string())?;
    Ok(Some((game, chance)))
}

/// Prints what a fit of the evaluation did, on `what`.
fn report(what: &str, t: &Tuning) {
    println!(
        "{what}: {} positions fitted, {} held out; scale {:.1}; {} weights fitted; \
         black to move {:+.0}, stronger to move {:+.0}",
        t.positions.0, t.positions.1, t.scale, t.fitted, t.black_term, t.stronger_term
    );
    println!(
        "loss: fitted {:.5} -> {:.5}, held out {:.5} -> {:.5}",
        t.train_loss.0, t.train_loss.1, t.held_out_loss.0, t.held_out_loss.1
    );
}

/// Passes of Adam for the move-ordering fit: it converges in a few hundred.
const MAX_POLICY_EPOCHS: usize = 300;

/// Writes a fitted module to `out`, or prints it.
fn write(out: &Option<std::path::PathBuf>, source: &str) -> Result<(), String> {
    match out {
        Some(path) => {
            std::fs::write(path, source).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("written: {}", path.display());
        }
        None => print!("{source}"),
    }
    Ok(())
}

/// The games of the file at `path`, as `parse` reads its text; errors name
/// the file.
fn games_in(
    path: &std::path::Path,
    parse: impl Fn(&str) -> Result<Vec<Game>, gomoku::ParseError>,
) -> Result<Vec<Game>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}
