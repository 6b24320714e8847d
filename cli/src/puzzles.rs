//! `gomoku vcf`: solve puzzle files in the quintet case format and compare
//! with their expected verdicts: VCF puzzles with the VCF solver, VCT
//! puzzles with the VCT solver (up to the case's threat limit) and then the
//! engine at one second.

use std::time::{Duration, Instant};

use gomoku::ai::{solve_vcf, solve_vct, AiOptions, Engine, Score, VcfResult};
use gomoku::notation::Puzzle;

fn describe(result: VcfResult) -> (bool, String) {
    match result {
        VcfResult::Win(line) => (true, format!("{} plies", line.len())),
        VcfResult::NoWin => (false, "no win".into()),
        VcfResult::Aborted => (false, "aborted".into()),
    }
}

/// The options of `gomoku vcf`.
#[derive(clap::Args, Clone, Debug)]
pub struct VcfArgs {
    /// Puzzle files in the quintet case format.
    #[arg(required = true)]
    pub files: Vec<String>,
}

/// `gomoku vcf FILE...`: the threat solvers on puzzle files.
pub fn run(args: VcfArgs) -> Result<(), String> {
    let files = &args.files;
    let mut right = 0;
    let mut times = Vec::new();
    // Wins to find, found, and found within a second.
    let (mut wins, mut won, mut won_fast) = (0, 0, 0);
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let puzzle = Puzzle::parse(&text).map_err(|e| format!("{path}: {e}"))?;
        let start = Instant::now();
        let (found, detail) = if puzzle.mode == "vcf" {
            describe(solve_vcf(&puzzle.game, puzzle.limit, 50_000_000))
        } else {
            // VCT: the threat solver (up to the case's threat limit) first,
            // then the engine for a second.
            match solve_vct(&puzzle.game, puzzle.limit, puzzle.threat_limit, 1_000_000) {
                VcfResult::Win(line) => (true, format!("vct solver: {} plies", line.len())),
                _ => {
                    let options = AiOptions {
                        time: Some(Duration::from_secs(1)),
                        ..AiOptions::default()
                    };
                    let m = Engine::new()
                        .best_move(&puzzle.game, &options)
                        .map_err(|e| e.to_string())?;
                    (
                        matches!(m.score, Score::Win(_)),
                        format!("engine: {} score {} depth {}", m.point, m.score, m.depth),
                    )
                }
            }
        };
        let elapsed = start.elapsed();
        times.push(elapsed);
        right += usize::from(found == puzzle.expect_win);
        if puzzle.expect_win {
            wins += 1;
            won += usize::from(found);
            won_fast += usize::from(found && elapsed <= Duration::from_secs(1));
        }
        let name = std::path::Path::new(path)
            .file_stem()
            .map_or(path.clone(), |s| s.to_string_lossy().into_owned());
        println!(
            "{name:<32} {} {:<5} expected {:<6} found {:<5} {:>8.1} ms  {detail}",
            puzzle.mode,
            puzzle.game.side_to_move().to_string(),
            if puzzle.expect_win { "win" } else { "no win" },
            if found { "win" } else { "none" },
            elapsed.as_secs_f64() * 1000.0,
        );
    }
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "{right}/{} cases agree with their expected verdict; median time {:.1} ms",
        files.len(),
        median.as_secs_f64() * 1000.0
    );
    println!("{won}/{wins} wins found, {won_fast} of them within a second");
    Ok(())
}
