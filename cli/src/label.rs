//! `gomoku label`: positions labelled by a stronger engine, for `gomoku
//! tune --labels`. Every position of the games in c-gomoku-cli SGF files
//! (after each move but the last) goes to a Gomocup brain held to a node
//! budget, and the value its search reports last for the side to move
//! becomes a chance of winning, `1 / (1 + e^(−value / scale))`, a mate 0
//! or 1. A position met again (each opening is played twice) is labelled
//! once. Output is written game by game, so a run stopped part-way keeps
//! the games it finished.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use gomoku::{Game, Rule};

use crate::brain::Brain;

/// The options of `gomoku label`.
#[derive(clap::Args, Clone, Debug)]
pub struct LabelArgs {
    /// SGF collections (as c-gomoku-cli's `-sgf` writes them) of freestyle
    /// games on 15×15.
    #[arg(long, required = true)]
    pub sgf: Vec<PathBuf>,
    /// The judging brain: a Gomocup-protocol executable that takes `INFO
    /// max_node` and reports its search's value in MESSAGE lines (`Eval
    /// -135` or `Eval +M7` as Rapfi writes it, `score -135` or `score win
    /// in 7` as this engine's brain does).
    #[arg(long)]
    pub brain: PathBuf,
    /// Nodes the brain may search per position.
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// The brain's evaluation units per unit of log-odds (Rapfi's: 200).
    #[arg(long, default_value_t = 200.0)]
    pub scale: f64,
    /// Where to write the labels (default: print them).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// The brain's time limit per position: the node budget is what binds.
const TURN_MS: u64 = 60_000;

/// `gomoku label`: labels every position of the games with the brain's
/// judgement, one line each: the moves as `x,y` pairs, a tab, the chance.
pub fn run(args: LabelArgs) -> Result<(), String> {
    if !(args.scale.is_finite() && args.scale > 0.0) {
        return Err(format!("--scale {} is not a positive number", args.scale));
    }
    let mut games = Vec::new();
    for path in &args.sgf {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let read = Game::all_from_sgf(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(n) = read.iter().position(|g| {
            g.rule() != Rule::Freestyle || g.size() != 15 || !g.setup().stones.is_empty()
        }) {
            return Err(format!(
                "{}: game {} is not freestyle on 15×15 from an empty board, as `tune --labels` reads positions",
                path.display(),
                n + 1
            ));
        }
        games.extend(read);
    }
    let mut brain = Brain::start(&args.brain, Rule::Freestyle, 15, TURN_MS)
        .ok_or_else(|| format!("{} did not answer START", args.brain.display()))?;
    brain
        .set_info("max_node", args.nodes)
        .ok_or("the brain closed its input")?;
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => {
            Box::new(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => Box::new(std::io::stdout()),
    };
    let mut seen = HashSet::new();
    let (mut labelled, mut silent) = (0, 0);
    for (n, game) in games.iter().enumerate() {
        let Some((_, before_last)) = game.moves().split_last() else {
            continue;
        };
        // The position and its moves as `x,y` pairs, one move at a time.
        let mut position = Game::new(15, Rule::Freestyle).map_err(|e| e.to_string())?;
        let mut key = String::new();
        let mut lines = String::new();
        for (k, &p) in before_last.iter().enumerate() {
            position.play(p).map_err(|e| e.to_string())?;
            if k > 0 {
                key.push(' ');
            }
            key += &format!("{},{}", p.x(), p.y());
            if !seen.insert(key.clone()) {
                continue;
            }
            let mut value = None;
            brain
                .choose_noting(&position, &mut |line| {
                    value = reported_value(line).or(value);
                })
                .ok_or_else(|| format!("game {}, move {}: the brain gave no move", n + 1, k + 2))?;
            match value {
                Some(v) => {
                    lines += &format!("{key}\t{:.4}\n", chance(v, args.scale));
                    labelled += 1;
                }
                None => silent += 1,
            }
        }
        out.write_all(lines.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())?;
    }
    eprintln!(
        "{} games: {labelled} positions labelled, {silent} answered without a value (left out)",
        games.len()
    );
    Ok(())
}

/// The side to move's chance of winning at `value` brain units.
fn chance(value: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-value / scale).exp())
}

/// The value a brain's MESSAGE line reports for the side to move, in the
/// brain's units, the last if it names several; a mate is infinite.
fn reported_value(line: &str) -> Option<f64> {
    let mut words = line
        .strip_prefix("MESSAGE")?
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty());
    let mut value = None;
    while let Some(word) = words.next() {
        if word.eq_ignore_ascii_case("eval") || word.eq_ignore_ascii_case("score") {
            let next = words.next();
            value = match next {
                Some("win") => Some(f64::INFINITY),
                Some("loss") => Some(f64::NEG_INFINITY),
                Some(w) => mate(w).or_else(|| w.parse::<i64>().ok().map(|v| v as f64)),
                None => None,
            }
            .or(value);
        }
    }
    value
}

/// A mate as Rapfi writes one: `+M7` (or `M7`) won, `-M4` lost.
fn mate(word: &str) -> Option<f64> {
    let (sign, plies) = match word.strip_prefix('-') {
        Some(rest) => (f64::NEG_INFINITY, rest),
        None => (f64::INFINITY, word.strip_prefix('+').unwrap_or(word)),
    };
    plies.strip_prefix('M')?.parse::<u32>().ok().map(|_| sign)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_as_rapfi_and_this_engine_write_them() {
        let rapfi = "MESSAGE Speed 540K | Depth 13-16 | Eval -128 | Node 20K | Time 37ms";
        assert_eq!(reported_value(rapfi), Some(-128.0));
        let won = "MESSAGE Speed 1K | Depth 3-5 | Eval +M7 | Node 2K | Time 1ms";
        assert_eq!(reported_value(won), Some(f64::INFINITY));
        let lost = "MESSAGE Speed 1K | Depth 3-5 | Eval -M4 | Node 2K | Time 1ms";
        assert_eq!(reported_value(lost), Some(f64::NEG_INFINITY));
        let ours = "MESSAGE depth 8 score 245 nodes 8408 speed 258787 time 32 ms pv g8 h7";
        assert_eq!(reported_value(ours), Some(245.0));
        let mated = "MESSAGE depth 9 score loss in 4 nodes 10 speed 1 time 1 ms pv a1";
        assert_eq!(reported_value(mated), Some(f64::NEG_INFINITY));
        let mates = "MESSAGE depth 9 score win in 3 nodes 10 speed 1 time 1 ms pv a1";
        assert_eq!(reported_value(mates), Some(f64::INFINITY));
        for silent in [
            "MESSAGE Bestline H7 I7 G8",
            "MESSAGE Eval",
            "MESSAGE Eval soon",
            "DEBUG score 5",
            "MESSAGE Eval M",
        ] {
            assert_eq!(reported_value(silent), None, "{silent}");
        }
    }

    #[test]
    fn chances_follow_the_scale_and_mates_are_certain() {
        assert_eq!(chance(0.0, 200.0), 0.5);
        assert!((chance(200.0, 200.0) - 0.731).abs() < 0.001);
        assert!((chance(-200.0, 200.0) - 0.269).abs() < 0.001);
        assert_eq!(chance(f64::INFINITY, 200.0), 1.0);
        assert_eq!(chance(f64::NEG_INFINITY, 200.0), 0.0);
    }
}
