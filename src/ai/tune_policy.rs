//! Fitting the search's move-ordering scores to the moves a player chose.
//!
//! Every move a named player made in the given games, past the opening
//! and where the threats on the board left a choice, becomes a sample: the
//! features of each move the search would try there ([`MoveFeatures`]) and
//! which of them the player picked. The model is the one the search
//! orders by: a move's score is the sum of four parameters (its own
//! combination, the opponent's, and its nearness to the last two stones),
//! and the chance of each move is the softmax of the scores. Adam fits the
//! parameters to the cross-entropy; a tenth of the games (every tenth) is
//! held out to show whether the fit generalises. Games of a stronger
//! engine teach the search which moves are worth trying first.

use super::eval::{move_param, MoveFeatures, COMBOS, MOVE_PARAMS, NEARNESS};
use super::movegen;
use super::position::Position;
use crate::board::index;
use crate::{Color, Game};

/// Moves at the start of a game that are not sampled: tournament
/// openings place up to five stones that no player chose.
const OPENING_PLIES: usize = 5;

/// The scores are written in hundredths of the fitted log-odds.
const SCORE_SCALE: f64 = 100.0;

/// The moves of every sample, one after another, and where each sample's
/// moves start; the chosen move of each sample.
#[derive(Default)]
struct Samples {
    moves: Vec<MoveFeatures>,
    starts: Vec<usize>,
    chosen: Vec<usize>,
}

impl Samples {
    fn len(&self) -> usize {
        self.chosen.len()
    }

    /// The moves of sample `s`.
    fn moves(&self, s: usize) -> &[MoveFeatures] {
        let end = self.starts.get(s + 1).copied().unwrap_or(self.moves.len());
        &self.moves[self.starts[s]..end]
    }
}

/// What a fit did.
#[derive(Clone, Debug)]
pub struct PolicyTuning {
    /// Samples fitted, and samples held out.
    pub positions: (usize, usize),
    /// How often the chosen move scored highest on the held-out samples:
    /// with the scores the engine has now, and with the fitted ones.
    pub held_out_top: (f64, f64),
    /// Mean cross-entropy on the held-out samples: every move alike, and
    /// the fit.
    pub held_out_loss: (f64, f64),
    /// The fitted scores as the Rust module the engine reads them from
    /// (`src/ai/eval/policy.rs`).
    pub source: String,
}

/// Fits the move-ordering scores to the moves `player` made in `games`
/// (matched by the games' player names), with `epochs` passes of Adam.
pub fn tune_policy(games: &[Game], player: &str, epochs: usize) -> Result<PolicyTuning, String> {
    let (mut train, mut held_out) = (Samples::default(), Samples::default());
    let mut played = 0;
    for (g, game) in games.iter().enumerate() {
        let colours: Vec<Color> = [Color::Black, Color::White]
            .into_iter()
            .filter(|&c| game.info().player(c) == Some(player))
            .collect();
        if colours.is_empty() {
            continue;
        }
        played += 1;
        let into = if g % 10 == 9 {
            &mut held_out
        } else {
            &mut train
        };
        add_samples(game, &colours, into);
    }
    if played == 0 {
        return Err(format!("no game has a player named {player:?}"));
    }
    if train.len() == 0 || held_out.len() == 0 {
        return Err(format!(
            "{played} games of {player:?} give too few moves to fit and check ({} and {})",
            train.len(),
            held_out.len()
        ));
    }
    let now: Vec<f64> = (0..MOVE_PARAMS).map(|k| f64::from(move_param(k))).collect();
    let fitted = fit(&train, epochs);
    let uniform = vec![0.0; MOVE_PARAMS];
    let rounded: Vec<f64> = fitted.iter().map(|p| (p * SCORE_SCALE).round()).collect();
    let held_out_top = (top_share(&held_out, &now), top_share(&held_out, &rounded));
    Ok(PolicyTuning {
        positions: (train.len(), held_out.len()),
        held_out_top,
        held_out_loss: (loss(&held_out, &uniform), loss(&held_out, &fitted)),
        source: module_source(player, played, held_out_top, &rounded),
    })
}

/// The samples of `game`: the moves of the `colours` past the opening
/// where the threats left more than one move to try.
fn add_samples(game: &Game, colours: &[Color], into: &mut Samples) {
    let Ok(start) = Game::from_setup(game.setup()) else {
        return;
    };
    let mut pos = Position::new(&start);
    let mut tried = Vec::new();
    for (k, &m) in game.moves().iter().enumerate() {
        let m = index(m);
        if k >= OPENING_PLIES
            && colours.contains(&pos.side())
            && movegen::generate(&mut pos, &mut tried).is_none()
            && tried.len() > 1
        {
            if let Some(chosen) = tried.iter().position(|&t| t == m) {
                into.starts.push(into.moves.len());
                into.chosen.push(chosen);
                into.moves
                    .extend(tried.iter().map(|&t| pos.move_features(t)));
            }
        }
        pos.make(m);
    }
}

/// The moves' scores under parameters `p`.
fn scores<'a>(moves: &'a [MoveFeatures], p: &'a [f64]) -> impl Iterator<Item = f64> + 'a {
    moves.iter().map(|f| f.params().iter().map(|&k| p[k]).sum())
}

/// Mean cross-entropy of the chosen moves under the softmax of the scores
/// `p` (in the fit's units: natural log-odds).
fn loss(samples: &Samples, p: &[f64]) -> f64 {
    let sum: f64 = (0..samples.len())
        .map(|s| {
            let z: Vec<f64> = scores(samples.moves(s), p).collect();
            log_sum_exp(&z) - z[samples.chosen[s]]
        })
        .sum();
    sum / samples.len() as f64
}

fn log_sum_exp(z: &[f64]) -> f64 {
    let top = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    top + z.iter().map(|x| (x - top).exp()).sum::<f64>().ln()
}

/// How often the chosen move has the highest score under `p` (ties count
/// against it).
fn top_share(samples: &Samples, p: &[f64]) -> f64 {
    let top = (0..samples.len())
        .filter(|&s| {
            let z: Vec<f64> = scores(samples.moves(s), p).collect();
            let chosen = z[samples.chosen[s]];
            z.iter().filter(|&&x| x >= chosen).count() == 1
        })
        .count();
    top as f64 / samples.len() as f64
}

/// Adam on the cross-entropy, from all-zero scores.
fn fit(samples: &Samples, epochs: usize) -> Vec<f64> {
    const RATE: f64 = 0.05;
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    let mut p = vec![0f64; MOVE_PARAMS];
    let (mut m, mut v) = (vec![0f64; MOVE_PARAMS], vec![0f64; MOVE_PARAMS]);
    let n = samples.len() as f64;
    let mut z = Vec::new();
    for t in 1..=epochs {
        let mut grad = vec![0f64; MOVE_PARAMS];
        for s in 0..samples.len() {
            let moves = samples.moves(s);
            z.clear();
            z.extend(scores(moves, &p));
            let total = log_sum_exp(&z);
            for (k, (f, &score)) in moves.iter().zip(&z).enumerate() {
                let chosen = if k == samples.chosen[s] { 1.0 } else { 0.0 };
                let error = (score - total).exp() - chosen;
                for param in f.params() {
                    grad[param] += error;
                }
            }
        }
        for k in 0..MOVE_PARAMS {
            let g = grad[k] / n;
            m[k] = BETA1 * m[k] + (1.0 - BETA1) * g;
            v[k] = BETA2 * v[k] + (1.0 - BETA2) * g * g;
            let m_hat = m[k] / (1.0 - BETA1.powi(t as i32));
            let v_hat = v[k] / (1.0 - BETA2.powi(t as i32));
            p[k] -= RATE * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    p
}

/// The fitted scores (in hundredths) as the module [`super::eval`] reads.
/// `top` is [`PolicyTuning::held_out_top`].
fn module_source(player: &str, games: usize, top: (f64, f64), p: &[f64]) -> String {
    let score = |k: usize| (p[k] as i64).clamp(i16::MIN.into(), i16::MAX.into());
    let mut text = format!(
        "//! Move-ordering scores fitted by `gomoku tune --policy` to the moves\n\
         //! {player:?} chose in {games} games: on the held-out tenth, its move\n\
         //! comes first {:.1}% of the time (the scores before: {:.1}%).\n\
         //! Generated: fit again rather than edit.\n\n\
         use super::{{COMBOS, NEARNESS}};\n\n\
         /// By combination index ([`super::combo_index`]): the score of a cell\n\
         /// whose line patterns are that combination for the side to move, then\n\
         /// for the opponent, in hundredths of a log-odds unit.\n\
         #[rustfmt::skip]\n\
         pub(crate) const COMBO_SCORES: [[i16; 2]; COMBOS] = [\n",
        100.0 * top.1,
        100.0 * top.0,
    );
    for row in (0..COMBOS).collect::<Vec<_>>().chunks(8) {
        let cells: Vec<String> = row
            .iter()
            .map(|&k| format!("[{}, {}]", score(k), score(COMBOS + k)))
            .collect();
        text += &format!("    {},\n", cells.join(", "));
    }
    text += "];\n\n\
         /// By [`super::nearness`] to the last stone, then to the mover's own\n\
         /// previous stone.\n\
         #[rustfmt::skip]\n\
         pub(crate) const NEAR_SCORES: [[i16; NEARNESS]; 2] = [\n";
    for side in 0..2 {
        let cells: Vec<String> = (0..NEARNESS)
            .map(|n| score(2 * COMBOS + side * NEARNESS + n).to_string())
            .collect();
        text += &format!("    [{}],\n", cells.join(", "));
    }
    text + "];\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Point, Rule};

    /// Games where "builder" (black) always answers right beside the
    /// last stone of "stranger" (white), who plays on far-apart points.
    fn games() -> Vec<Game> {
        let spots: Vec<Point> = [1, 5, 9, 13]
            .into_iter()
            .flat_map(|y| [1, 5, 9].map(|x| Point::new(x, y)))
            .collect();
        (0..20)
            .map(|k| {
                let mut moves = vec![Point::new(7, 7)];
                for j in 0..spots.len() {
                    let w = spots[(j + k) % spots.len()];
                    moves.extend([w, Point::new(w.x() + 1, w.y())]);
                }
                let mut g = Game::from_moves(15, Rule::Freestyle, &moves).unwrap();
                g.info_mut().set_player(Color::Black, Some("builder"));
                g.info_mut().set_player(Color::White, Some("stranger"));
                g
            })
            .collect()
    }

    #[test]
    fn a_fit_learns_which_moves_a_player_prefers_and_writes_its_module() {
        let t = tune_policy(&games(), "builder", 100).unwrap();
        assert!(t.positions.0 > 0 && t.positions.1 > 0, "{t:?}");
        assert!(t.held_out_loss.1 < t.held_out_loss.0, "{t:?}");
        assert!(t.held_out_top.1 >= 0.8, "{t:?}");
        assert!(t.source.contains("pub(crate) const COMBO_SCORES"));
        assert!(t.source.contains("pub(crate) const NEAR_SCORES"));
        let rows = t.source.matches("], [").count() + t.source.matches("    [").count();
        assert!(rows >= COMBOS / 8, "{}", t.source);
    }

    #[test]
    fn an_unknown_player_is_refused() {
        let e = tune_policy(&games(), "nobody", 1).unwrap_err();
        assert!(e.contains("nobody"), "{e}");
    }
}
