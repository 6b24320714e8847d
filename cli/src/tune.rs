//! `gomoku tune`: fits the evaluation weights to the results of saved games
//! (e.g. an arena's `--out` directory of self-play) and prints them as the
//! table to put in `src/ai/eval.rs`.

use gomoku::ai::tune;
use gomoku::Game;

/// The options of `gomoku tune`.
#[derive(clap::Args, Clone, Debug)]
pub struct TuneArgs {
    /// A folder of saved games (e.g. an arena's --out).
    #[arg(long)]
    pub games: std::path::PathBuf,
    /// Passes of gradient descent.
    #[arg(long, default_value_t = 2000)]
    pub epochs: usize,
}

/// `gomoku tune --games DIR`: fits the evaluation weights to saved games.
pub fn run(args: TuneArgs) -> Result<(), String> {
    let dir = args.games.display().to_string();
    let epochs = args.epochs;
    let mut games = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(&args.games)
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    for path in paths {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        games.push(Game::load(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let t = tune(&games, epochs);
    println!(
        "{} games: {} positions fitted, {} held out; scale {:.1}",
        games.len(),
        t.positions.0,
        t.positions.1,
        t.scale
    );
    println!(
        "loss: fitted {:.5} -> {:.5}, held out {:.5} -> {:.5}",
        t.train_loss.0, t.train_loss.1, t.held_out_loss.0, t.held_out_loss.1
    );
    println!("    mover: {:?},", t.weights.mover);
    println!("    waiter: {:?},", t.weights.waiter);
    Ok(())
}
