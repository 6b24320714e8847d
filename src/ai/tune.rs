//! Fitting the evaluation weights to game results (Texel tuning).
//!
//! Every position of the given games where the evaluation would be asked
//! (no five to play or block, no open four to make) becomes a sample: its
//! evaluation terms for both sides and the game's result for the side to
//! move (1 win, ½ draw, 0 loss). The model is the engine's own evaluation,
//! `win probability = sigmoid(eval / scale)`. The scale is first fitted with
//! the current weights, so that fitted weights keep the engine's units; then
//! the weights are fitted by Adam on the cross-entropy. A tenth of the games
//! (every tenth) is held out to show whether the fit generalises.

use super::eval::{Weights, EVAL_UNIT, TERMS, WEIGHTS};
use super::position::Position;
use super::threats::{Budget, SolveLimits, Vcf};
use crate::board::index;
use crate::{Color, Game, GameResult};

/// Features per sample: both sides' terms, then the side to move's colour
/// (it absorbs the first move's advantage and is not part of the result).
const FEATURES: usize = 2 * TERMS + 1;

/// Limits of the VCF searches that tell threat positions from quiet ones.
const VCF_ATTACKS: u32 = 20;
const VCF_NODES: u64 = 20_000;

/// One position: its features and the result for the side to move.
struct Sample {
    x: [f32; FEATURES],
    y: f32,
}

/// What a fit did.
#[derive(Clone, Debug)]
pub struct Tuning {
    /// Samples fitted, and samples held out.
    pub positions: (usize, usize),
    /// The fitted scale, in evaluation units: eval / scale is the log-odds
    /// of winning.
    pub scale: f64,
    /// Mean cross-entropy before and after, on the fitted samples.
    pub train_loss: (f64, f64),
    /// Mean cross-entropy before and after, on the held-out samples.
    pub held_out_loss: (f64, f64),
    /// The fitted weights.
    pub weights: Weights,
}

/// Fits the evaluation weights to the results of `games` (finished games;
/// unfinished ones are skipped) with `epochs` passes of Adam.
pub fn tune(games: &[Game], epochs: usize) -> Tuning {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (n, game) in games.iter().enumerate() {
        let samples = if n % 10 == 9 {
            &mut held_out
        } else {
            &mut train
        };
        samples.extend(game_samples(game));
    }
    let start = to_params(&WEIGHTS);
    let scale = fit_scale(&train, &start);
    let fitted = fit(&train, &start, scale, epochs);
    Tuning {
        positions: (train.len(), held_out.len()),
        scale: scale / EVAL_UNIT as f64,
        train_loss: (loss(&train, &start, scale), loss(&train, &fitted, scale)),
        held_out_loss: (
            loss(&held_out, &start, scale),
            loss(&held_out, &fitted, scale),
        ),
        weights: to_weights(&fitted),
    }
}

/// The samples of one finished game.
fn game_samples(game: &Game) -> Vec<Sample> {
    let winner = match game.result() {
        GameResult::Ongoing => return Vec::new(),
        r => r.winner(),
    };
    let Ok(start) = Game::from_setup(game.setup()) else {
        return Vec::new();
    };
    let mut pos = Position::new(&start);
    let mut samples = Vec::new();
    for &m in game.moves() {
        let me = pos.side();
        let them = me.opponent();
        let quiet = !pos.has_five_point(me)
            && !pos.has_five_point(them)
            && !pos.has_flex_four_point(me)
            && !has_vcf(&mut pos)
            && {
                pos.pass();
                let theirs = has_vcf(&mut pos);
                pos.pass();
                !theirs
            };
        if quiet {
            let y = match winner {
                None => 0.5,
                Some(c) if c == me => 1.0,
                Some(_) => 0.0,
            };
            samples.push(Sample {
                x: features(&pos),
                y,
            });
        }
        pos.make(index(m));
    }
    samples
}

/// Whether the side to move may win by continuous fours (or the search for
/// one ran out of nodes): such positions are the threat search's, not the
/// evaluation's.
fn has_vcf(pos: &mut Position) -> bool {
    let limits = SolveLimits::new(VCF_ATTACKS, VCF_NODES);
    let mut budget = Budget::new(&limits);
    Vcf::new(pos.side())
        .find(pos, &mut budget, VCF_ATTACKS)
        .map_or(true, |line| line.is_some())
}

/// The features of a position: the side to move's terms, the waiting
/// side's terms negated, and ±1 for the side to move being black.
fn features(pos: &Position) -> [f32; FEATURES] {
    let me = pos.side();
    let mut x = [0f32; FEATURES];
    for (k, n) in pos.eval_terms(me).into_iter().enumerate() {
        x[k] = n as f32;
    }
    for (k, n) in pos.eval_terms(me.opponent()).into_iter().enumerate() {
        x[TERMS + k] = -(n as f32);
    }
    x[2 * TERMS] = if me == Color::Black { 1.0 } else { -1.0 };
    x
}

fn to_params(w: &Weights) -> [f64; FEATURES] {
    let mut p = [0f64; FEATURES];
    for k in 0..TERMS {
        p[k] = w.mover[k] as f64;
        p[TERMS + k] = w.waiter[k] as f64;
    }
    p
}

fn to_weights(p: &[f64; FEATURES]) -> Weights {
    let round = |k: usize| p[k].round() as i32;
    Weights {
        mover: std::array::from_fn(round),
        waiter: std::array::from_fn(|k| round(TERMS + k)),
    }
}

fn eval(s: &Sample, p: &[f64; FEATURES]) -> f64 {
    s.x.iter().zip(p).map(|(&x, &w)| x as f64 * w).sum()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean cross-entropy of the predictions against the results.
fn loss(samples: &[Sample], p: &[f64; FEATURES], scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let q = sigmoid(eval(s, p) / scale).clamp(1e-9, 1.0 - 1e-9);
            let y = s.y as f64;
            -(y * q.ln() + (1.0 - y) * (1.0 - q).ln())
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale that best fits the weights `p`, by golden-section search on
/// its logarithm.
fn fit_scale(samples: &[Sample], p: &[f64; FEATURES]) -> f64 {
    let f = |log: f64| loss(samples, p, log.exp());
    let (mut lo, mut hi) = (1f64.ln(), 100_000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Adam on the cross-entropy, from `start`. Each weight's step is relative
/// to its starting size, so small and large weights move alike; weights
/// stay non-negative.
fn fit(samples: &[Sample], start: &[f64; FEATURES], scale: f64, epochs: usize) -> [f64; FEATURES] {
    const RATE: f64 = 0.005;
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    let mut p = *start;
    let steps: [f64; FEATURES] = std::array::from_fn(|k| RATE * start[k].abs().max(2.0));
    let (mut m, mut v) = ([0f64; FEATURES], [0f64; FEATURES]);
    let n = samples.len().max(1) as f64;
    for t in 1..=epochs {
        let mut grad = [0f64; FEATURES];
        for s in samples {
            let error = sigmoid(eval(s, &p) / scale) - s.y as f64;
            for (g, &x) in grad.iter_mut().zip(&s.x) {
                *g += error * x as f64;
            }
        }
        for k in 0..FEATURES {
            let g = grad[k] / (n * scale);
            m[k] = BETA1 * m[k] + (1.0 - BETA1) * g;
            v[k] = BETA2 * v[k] + (1.0 - BETA2) * g * g;
            let m_hat = m[k] / (1.0 - BETA1.powi(t as i32));
            let v_hat = v[k] / (1.0 - BETA2.powi(t as i32));
            p[k] -= steps[k] * m_hat / (v_hat.sqrt() + 1e-12);
            if k < 2 * TERMS {
                p[k] = p[k].max(0.0);
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::Rule;

    #[test]
    fn features_reproduce_the_evaluation() {
        let moves = parse_moves("h8 i9 i8 j8 g8 k7 j9 f8 h10 h9 g10").unwrap();
        for rule in Rule::ALL {
            let mut pos = Position::new(&Game::new(15, rule).unwrap());
            let weights = to_params(&WEIGHTS);
            for &m in &moves {
                pos.make(index(m));
                let mut x = features(&pos);
                x[2 * TERMS] = 0.0;
                let s = Sample { x, y: 0.0 };
                let fifths = eval(&s, &weights) as i32;
                assert_eq!(
                    fifths.div_euclid(EVAL_UNIT),
                    pos.evaluate(),
                    "{rule} after {m}"
                );
            }
        }
    }

    #[test]
    fn a_fit_lowers_the_loss_on_games_it_has_seen() {
        // Black wins every game by an open line of four: black's open lines
        // should come to be worth more.
        let games: Vec<Game> = [
            "h8 a1 h9 a3 h10 a5 h11 a7 h12",
            "h8 o1 i8 o3 j8 o5 k8 o7 l8",
        ]
        .iter()
        .map(|m| Game::from_moves(15, Rule::Freestyle, &parse_moves(m).unwrap()).unwrap())
        .collect();
        let t = tune(&games, 200);
        assert!(t.positions.0 > 0);
        assert!(t.train_loss.1 < t.train_loss.0, "{t:?}");
    }
}
