//! Fitting the evaluation's weights to game results (Texel tuning) or to
//! a stronger engine's judgement of positions (distillation).
//!
//! Every position of the given games that is not already decided (no five
//! for either side to play, no open four for the side to move to make)
//! becomes a sample: how many empty cells hold each cell parameter, for
//! the side to move and for the side waiting, its threat mask, and the
//! game's result for the side to move (1 win, ½ draw, 0 loss). Labelled
//! positions ([`tune_labelled`]) are samples the same way, with the chance
//! of winning that a stronger engine's search gave the side to move
//! instead of the result: far less noise per position than one game's
//! result. Positions with threats stay in: the threat mask is learned
//! from them. The model is the engine's own evaluation, `win probability =
//! sigmoid(eval / scale)`. The scale is first fitted with the hand-set
//! weights, so that fitted weights keep the engine's units; then the
//! weights and threat values seen in enough samples are fitted by Adam on
//! the cross-entropy, starting from the hand-set ones. A tenth of the
//! games or positions (every tenth) is held out to show whether the fit
//! generalises.
//!
//! A cell parameter is one of two things ([`CellModel`]): a weight per
//! pattern and combination term, which a cell's value sums, or a value of
//! its own for each combination of four line patterns.
//!
//! Two more terms are fitted but are not part of the evaluation: one for the
//! side to move being black, and one for it being the stronger player when
//! one is named. Games against a stronger engine are mostly won by it, so
//! without that term the weights learn what its positions look like rather
//! than what they are worth.

use super::eval::{
    cell_terms, combo_index, weights, Cells, Weights, COMBOS, EVAL_UNIT, HAND_WEIGHTS, TERMS,
    THREAT_MASKS,
};
use super::position::Position;
use crate::board::index;
use crate::{Color, Game, GameResult, Rule};

/// What a cell is worth in a fit: the sum of its terms' weights, or a
/// value of its own for each combination of four line patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellModel {
    /// One weight per term ([`TERMS`] per role).
    Terms,
    /// One value per combination ([`COMBOS`] per role).
    Combos,
}

/// Where each parameter of a fit sits: each cell parameter for the side to
/// move, then for the side waiting, then each threat mask's value, then one
/// for the side to move being black (it absorbs the first move's
/// advantage) and one for it being the stronger player (it absorbs who
/// played); these last two are not part of the evaluation.
impl CellModel {
    /// Cell parameters per role.
    fn cells(self) -> usize {
        match self {
            CellModel::Terms => TERMS,
            CellModel::Combos => COMBOS,
        }
    }
    fn threats(self) -> usize {
        2 * self.cells()
    }
    fn black_to_move(self) -> usize {
        self.threats() + THREAT_MASKS
    }
    fn stronger_to_move(self) -> usize {
        self.black_to_move() + 1
    }
    fn params(self) -> usize {
        self.black_to_move() + 2
    }
}

/// Adam's step for the parameters that start at zero (the threat values and
/// the two terms outside the evaluation), in fifths: a step relative to the
/// start would leave them there.
const ZERO_START_STEP: f64 = 10.0;

/// A parameter keeps its starting value unless this many fitted samples
/// hold it.
const MIN_SAMPLES: usize = 100;

/// One position: its features as (parameter, count) pairs and the result
/// for the side to move.
struct Sample {
    x: Vec<(u16, f32)>,
    y: f32,
}

/// What a fit did.
#[derive(Clone, Debug)]
pub struct Tuning {
    /// The games' rule.
    pub rule: Rule,
    /// Samples fitted, and samples held out.
    pub positions: (usize, usize),
    /// The fitted scale, in evaluation units: eval / scale is the log-odds
    /// of winning.
    pub scale: f64,
    /// What the side to move being black is worth, in evaluation units.
    pub black_term: f64,
    /// What the side to move being the stronger player is worth, in
    /// evaluation units (0 when none is named).
    pub stronger_term: f64,
    /// Mean cross-entropy before and after, on the fitted samples.
    pub train_loss: (f64, f64),
    /// Mean cross-entropy before and after, on the held-out samples.
    pub held_out_loss: (f64, f64),
    /// How many weights and threat values were fitted.
    pub fitted: usize,
    /// The fitted weights as the Rust module the engine reads them from
    /// (`src/ai/eval/freestyle.rs` for freestyle).
    pub source: String,
}

/// Fits the evaluation's weights to the results of `games` (finished games;
/// unfinished ones are skipped) with `epochs` passes of Adam; `stronger`
/// names a player (as the games' player names give it) whose strength a
/// term of its own absorbs. The games must share one rule, and not renju:
/// its black has no combination terms, and one fit covers both colours.
pub fn tune(
    games: &[Game],
    model: CellModel,
    epochs: usize,
    stronger: Option<&str>,
) -> Result<Tuning, String> {
    let rule = one_rule(games.iter().map(Game::rule))?;
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (n, game) in games.iter().enumerate() {
        let samples = if n % 10 == 9 {
            &mut held_out
        } else {
            &mut train
        };
        samples.extend(game_samples(game, model, stronger));
    }
    let what = format!("the results of {} games", games.len());
    let start = to_params(&HAND_WEIGHTS, model);
    Ok(fit_samples(
        rule, model, &start, &train, &held_out, epochs, &what,
    ))
}

/// Fits the evaluation's weights to labelled positions: each the position
/// after a game's moves, with the side to move's chance of winning as a
/// stronger engine's search judged it (0 to 1). Positions already decided
/// are skipped; every tenth is held out. The rules are as in [`tune`].
/// With `refine`, the fit starts from the weights the engine now uses for
/// the rule instead of the hand-set ones, so that what an earlier fit
/// learned from other positions stays where the new ones say nothing.
pub fn tune_labelled(
    positions: &[(Game, f64)],
    model: CellModel,
    epochs: usize,
    refine: bool,
) -> Result<Tuning, String> {
    let rule = one_rule(positions.iter().map(|(g, _)| g.rule()))?;
    let start = if refine {
        if model == CellModel::Terms && matches!(weights(rule).cells, Cells::Combos(_)) {
            return Err(format!(
                "{rule}'s weights are a table of combinations: refine them with --combos"
            ));
        }
        to_params(weights(rule), model)
    } else {
        to_params(&HAND_WEIGHTS, model)
    };
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (n, (game, chance)) in positions.iter().enumerate() {
        let pos = Position::new(game);
        if decided(&pos) {
            continue;
        }
        let sample = Sample {
            x: features(&pos, model),
            y: chance.clamp(0.0, 1.0) as f32,
        };
        if n % 10 == 9 {
            held_out.push(sample);
        } else {
            train.push(sample);
        }
    }
    let what = format!(
        "{} positions labelled by a stronger engine's search",
        positions.len()
    );
    Ok(fit_samples(
        rule, model, &start, &train, &held_out, epochs, &what,
    ))
}

/// The one rule of a fit, or why there is none: the inputs mix rules, or
/// play renju.
fn one_rule(mut rules: impl Iterator<Item = Rule>) -> Result<Rule, String> {
    let rule = rules.next().unwrap_or(Rule::Freestyle);
    if let Some(other) = rules.find(|&r| r != rule) {
        return Err(format!(
            "the games mix rules ({rule} and {other}): fit one rule at a time"
        ));
    }
    if rule == Rule::Renju {
        return Err("renju black has no combination terms; the tuner fits one set of weights for both colours (freestyle, standard or caro)".into());
    }
    Ok(rule)
}

/// Fits the weights to `train` from `start`, reports the loss on both
/// sets, and writes the module; `what` says in its header what the samples
/// came from.
fn fit_samples(
    rule: Rule,
    model: CellModel,
    start: &[f64],
    train: &[Sample],
    held_out: &[Sample],
    epochs: usize,
    what: &str,
) -> Tuning {
    let mut seen = vec![0usize; model.params()];
    for s in train {
        for &(k, _) in &s.x {
            seen[usize::from(k)] += 1;
        }
    }
    let free: Vec<bool> = (0..model.params())
        .map(|k| k >= model.black_to_move() || seen[k] >= MIN_SAMPLES)
        .collect();
    let scale = fit_scale(train, start);
    let fitted = fit(train, model, start, &free, scale, epochs);
    let train_loss = (loss(train, start, scale), loss(train, &fitted, scale));
    let held_out_loss = (loss(held_out, start, scale), loss(held_out, &fitted, scale));
    Tuning {
        rule,
        positions: (train.len(), held_out.len()),
        scale: scale / EVAL_UNIT as f64,
        black_term: fitted[model.black_to_move()] / EVAL_UNIT as f64,
        stronger_term: fitted[model.stronger_to_move()] / EVAL_UNIT as f64,
        train_loss,
        held_out_loss,
        fitted: free[..model.black_to_move()].iter().filter(|&&f| f).count(),
        source: module_source(rule, model, what, held_out_loss, &fitted),
    }
}

/// Whether a position is already decided: a five for either side to
/// play, or an open four for the side to move to make.
fn decided(pos: &Position) -> bool {
    let me = pos.side();
    pos.has_five_point(me) || pos.has_five_point(me.opponent()) || pos.has_flex_four_point(me)
}

/// The samples of one finished game; `stronger` as in [`tune`].
fn game_samples(game: &Game, model: CellModel, stronger: Option<&str>) -> Vec<Sample> {
    let winner = match game.result() {
        GameResult::Ongoing => return Vec::new(),
        r => r.winner(),
    };
    let Ok(start) = Game::from_setup(game.setup()) else {
        return Vec::new();
    };
    // The colour the stronger player has, if exactly one side has its name.
    let stronger_colour = stronger.and_then(|name| {
        let named = |c: Color| game.info().player(c) == Some(name);
        match (named(Color::Black), named(Color::White)) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    });
    let mut pos = Position::new(&start);
    let mut samples = Vec::new();
    for &m in game.moves() {
        let me = pos.side();
        if !decided(&pos) {
            let y = match winner {
                None => 0.5,
                Some(c) if c == me => 1.0,
                Some(_) => 0.0,
            };
            let mut x = features(&pos, model);
            if let Some(c) = stronger_colour {
                x.push((
                    model.stronger_to_move() as u16,
                    if c == me { 1.0 } else { -1.0 },
                ));
            }
            samples.push(Sample { x, y });
        }
        pos.make(index(m));
    }
    samples
}

/// The features of a position: how many empty cells hold each cell term
/// or combination for the side to move (counted positive) and for the side
/// waiting (negative), its threat mask, and ±1 for the side to move being
/// black.
fn features(pos: &Position, model: CellModel) -> Vec<(u16, f32)> {
    let me = pos.side();
    let mut counts = vec![0f32; model.params()];
    for (c, first, sign) in [(me, 0, 1.0), (me.opponent(), model.cells(), -1.0)] {
        for patterns in pos.cell_patterns(c) {
            match model {
                CellModel::Terms => {
                    for (t, n) in cell_terms(patterns, true).into_iter().enumerate() {
                        counts[first + t] += sign * f32::from(n);
                    }
                }
                CellModel::Combos => counts[first + combo_index(patterns)] += sign,
            }
        }
    }
    counts[model.threats() + pos.threat_mask()] = 1.0;
    counts[model.black_to_move()] = if me == Color::Black { 1.0 } else { -1.0 };
    (0..model.params())
        .filter(|&k| counts[k] != 0.0)
        .map(|k| (k as u16, counts[k]))
        .collect()
}

/// The parameters of `weights` in `model` (and no colour or player term).
/// Per-term weights fill either model (a combination is worth the sum of
/// its terms); a table of combinations only fills its own.
fn to_params(weights: &Weights, model: CellModel) -> Vec<f64> {
    let mut p = vec![0f64; model.params()];
    let n = model.cells();
    match (model, &weights.cells) {
        (CellModel::Terms, Cells::Terms { mover, waiter }) => {
            for (p, &w) in p.iter_mut().zip(mover.iter().chain(waiter)) {
                *p = f64::from(w);
            }
        }
        (CellModel::Terms, Cells::Combos(_)) => {
            panic!("a table of combinations has no per-term weights")
        }
        (CellModel::Combos, cells) => {
            for k in 0..COMBOS {
                let [mover, waiter] = cells.value(k, true);
                (p[k], p[n + k]) = (f64::from(mover), f64::from(waiter));
            }
        }
    }
    for (p, &w) in p[model.threats()..].iter_mut().zip(&weights.threats) {
        *p = f64::from(w);
    }
    p
}

/// The fitted weights as the module [`super::eval`] reads.
fn module_source(
    rule: Rule,
    model: CellModel,
    what: &str,
    held_out_loss: (f64, f64),
    p: &[f64],
) -> String {
    let number = |w: f64| format!("{}", w.round());
    let list = |values: &[f64]| {
        values
            .iter()
            .map(|&w| number(w))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Eight items to a row.
    let rows = |items: Vec<String>| -> String {
        items
            .chunks(8)
            .map(|r| format!("        {},\n", r.join(", ")))
            .collect()
    };
    let threats = rows(
        p[model.threats()..model.black_to_move()]
            .iter()
            .map(|&w| number(w))
            .collect(),
    );
    let cells = match model {
        CellModel::Terms => format!(
            "Cells::Terms {{\n\
             \x20       mover: [{}],\n\
             \x20       waiter: [{}],\n\
             \x20   }}",
            list(&p[..TERMS]),
            list(&p[TERMS..2 * TERMS])
        ),
        CellModel::Combos => {
            let pairs = (0..COMBOS)
                .map(|k| format!("[{}]", list(&[p[k], p[COMBOS + k]])))
                .collect();
            format!("Cells::Combos(&[\n{}    ])", rows(pairs))
        }
    };
    format!(
        "//! Evaluation weights for {rule}, fitted by `gomoku tune` to\n\
         //! {what}\n\
         //! (held-out cross-entropy {:.5} -> {:.5}). Generated: fit again\n\
         //! rather than edit.\n\n\
         use super::{{Cells, Weights}};\n\n\
         /// The fitted weights, in fifths of a unit.\n\
         #[rustfmt::skip]\n\
         pub(crate) const WEIGHTS: Weights = Weights {{\n\
         \x20   cells: {cells},\n\
         \x20   threats: [\n{threats}    ],\n\
         }};\n",
        held_out_loss.0, held_out_loss.1,
    )
}

fn eval(s: &Sample, p: &[f64]) -> f64 {
    s.x.iter()
        .map(|&(k, x)| f64::from(x) * p[usize::from(k)])
        .sum()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean cross-entropy of the predictions against the results.
fn loss(samples: &[Sample], p: &[f64], scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let q = sigmoid(eval(s, p) / scale).clamp(1e-9, 1.0 - 1e-9);
            let y = f64::from(s.y);
            -(y * q.ln() + (1.0 - y) * (1.0 - q).ln())
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale that best fits the values `p`, by golden-section search on
/// its logarithm.
fn fit_scale(samples: &[Sample], p: &[f64]) -> f64 {
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

/// Adam on the cross-entropy, from `start`, moving only the `free`
/// parameters. Each cell weight's step is relative to its starting size,
/// so small and large weights move alike, and the weights stay
/// non-negative; the parameters that start at zero step alike.
fn fit(
    samples: &[Sample],
    model: CellModel,
    start: &[f64],
    free: &[bool],
    scale: f64,
    epochs: usize,
) -> Vec<f64> {
    const RATE: f64 = 0.005;
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    let mut p = start.to_vec();
    let steps: Vec<f64> = start
        .iter()
        .enumerate()
        .map(|(k, s)| {
            if k >= model.threats() {
                ZERO_START_STEP
            } else {
                RATE * s.abs().max(2.0)
            }
        })
        .collect();
    let params = model.params();
    let (mut m, mut v) = (vec![0f64; params], vec![0f64; params]);
    let n = samples.len().max(1) as f64;
    for t in 1..=epochs {
        let mut grad = vec![0f64; params];
        for s in samples {
            let error = sigmoid(eval(s, &p) / scale) - f64::from(s.y);
            for &(k, x) in &s.x {
                grad[usize::from(k)] += error * f64::from(x);
            }
        }
        for k in (0..params).filter(|&k| free[k]) {
            let g = grad[k] / (n * scale);
            m[k] = BETA1 * m[k] + (1.0 - BETA1) * g;
            v[k] = BETA2 * v[k] + (1.0 - BETA2) * g * g;
            let m_hat = m[k] / (1.0 - BETA1.powi(t as i32));
            let v_hat = v[k] / (1.0 - BETA2.powi(t as i32));
            p[k] -= steps[k] * m_hat / (v_hat.sqrt() + 1e-12);
            if k < model.threats() {
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

    #[test]
    fn features_reproduce_the_evaluation() {
        let moves = parse_moves("h8 i9 i8 j8 g8 k7 j9 f8 h10 h9 g10").unwrap();
        // Renju is left out: its two colours have tables of their own.
        for rule in Rule::ALL.into_iter().filter(|&r| r != Rule::Renju) {
            // A table of combinations has no per-term layout; every table
            // has the per-combination one.
            let model = CellModel::Combos;
            let mut pos = Position::new(&Game::new(15, rule).unwrap());
            for &m in &moves {
                pos.make(index(m));
                let mut x = features(&pos, model);
                x.retain(|&(k, _)| usize::from(k) != model.black_to_move());
                let s = Sample { x, y: 0.0 };
                let fifths = eval(&s, &to_params(weights(rule), model)) as i32;
                assert_eq!(
                    fifths.div_euclid(EVAL_UNIT),
                    pos.evaluate(),
                    "{rule} after {m}"
                );
            }
        }
    }

    fn games(rule: Rule, lines: &[&str]) -> Vec<Game> {
        lines
            .iter()
            .map(|m| Game::from_moves(15, rule, &parse_moves(m).unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn a_fit_lowers_the_loss_on_games_it_has_seen_and_writes_its_module() {
        // Black wins every game by an open line of four: black's open lines
        // should come to be worth more.
        let lines = [
            "h8 a1 h9 a3 h10 a5 h11 a7 h12",
            "h8 o1 i8 o3 j8 o5 k8 o7 l8",
        ];
        let mut many = Vec::new();
        for _ in 0..20 {
            many.extend(games(Rule::Freestyle, &lines));
        }
        let t = tune(&many, CellModel::Terms, 200, None).unwrap();
        assert!(t.positions.0 >= MIN_SAMPLES, "{t:?}");
        assert!(t.train_loss.1 < t.train_loss.0, "{t:?}");
        assert!(t.fitted > 0, "{t:?}");
        assert!(
            t.source.contains("pub(crate) const WEIGHTS"),
            "{}",
            t.source
        );
    }

    #[test]
    fn a_term_for_the_stronger_player_takes_the_results_it_explains() {
        // The player named "strong" wins every game, as black and as white,
        // from the same kind of positions: only its term tells the games
        // apart.
        let lines = [
            "h8 a1 h9 a3 h10 a5 h11 a7 h12",
            "a1 h8 a3 h9 a5 h10 a7 h11 o15 h12",
        ];
        let mut many = Vec::new();
        for _ in 0..20 {
            for (mut g, winner) in games(Rule::Freestyle, &lines)
                .into_iter()
                .zip([Color::Black, Color::White])
            {
                g.info_mut().set_player(winner, Some("strong"));
                g.info_mut().set_player(winner.opponent(), Some("weak"));
                many.push(g);
            }
        }
        let plain = tune(&many, CellModel::Terms, 200, None).unwrap();
        let named = tune(&many, CellModel::Terms, 200, Some("strong")).unwrap();
        assert_eq!(plain.stronger_term, 0.0);
        assert!(named.stronger_term > 10.0, "{named:?}");
        assert!(
            named.train_loss.1 < plain.train_loss.1,
            "{named:?} {plain:?}"
        );
        // A name no game has adds nothing.
        let absent = tune(&many, CellModel::Terms, 200, Some("nobody")).unwrap();
        assert_eq!(absent.stronger_term, 0.0);
        assert_eq!(absent.train_loss, plain.train_loss);
    }

    #[test]
    fn a_fit_to_labels_follows_them_in_either_model() {
        // Positions where black has an open line of two or three, labelled
        // as a search would judge them: good for black. Each model should
        // fit the labels better than the hand-set weights do.
        let game = &games(Rule::Freestyle, &["h8 a1 h9 a3 h10 a5"])[0];
        let mut positions = Vec::new();
        for _ in 0..40 {
            for n in 1..=game.moves().len() {
                let prefix = Game::from_moves(15, Rule::Freestyle, &game.moves()[..n]).unwrap();
                let black_to_move = n % 2 == 0;
                positions.push((prefix, if black_to_move { 0.9 } else { 0.1 }));
            }
        }
        for (model, table) in [
            (CellModel::Terms, "Cells::Terms"),
            (CellModel::Combos, "Cells::Combos"),
        ] {
            let t = tune_labelled(&positions, model, 200, false).unwrap();
            assert!(t.positions.0 > 100 && t.positions.1 > 10, "{t:?}");
            assert!(t.train_loss.1 < t.train_loss.0, "{model:?} {t:?}");
            assert!(t.held_out_loss.1 < t.held_out_loss.0, "{model:?} {t:?}");
            assert!(t.source.contains(table), "{}", t.source);
            assert!(t.source.contains("labelled"), "{}", t.source);
        }
        let renju = Game::from_moves(15, Rule::Renju, &game.moves()[..2]).unwrap();
        let err = tune_labelled(&[(renju, 0.5)], CellModel::Terms, 1, false).unwrap_err();
        assert!(err.contains("renju"), "{err}");
    }

    #[test]
    fn a_refined_fit_starts_from_the_weights_in_use() {
        let game = &games(Rule::Freestyle, &["h8 a1 h9 a3 h10 a5"])[0];
        let positions: Vec<_> = (1..=game.moves().len())
            .map(|n| {
                let prefix = Game::from_moves(15, Rule::Freestyle, &game.moves()[..n]).unwrap();
                (prefix, 0.5)
            })
            .collect();
        // No passes: the module written is the engine's own, value for value.
        let kept = tune_labelled(&positions, CellModel::Combos, 0, true).unwrap();
        let table = |source: &str| {
            source
                .split_once("pub(crate) const WEIGHTS")
                .map(|(_, table)| table.to_owned())
        };
        assert!(table(&kept.source).is_some(), "{}", kept.source);
        assert_eq!(
            table(&kept.source),
            table(include_str!("eval/freestyle.rs"))
        );
        assert_eq!(kept.train_loss.0, kept.train_loss.1);
        let hand = tune_labelled(&positions, CellModel::Combos, 0, false).unwrap();
        assert_ne!(table(&hand.source), table(&kept.source));
        // Freestyle's table has no per-term weights to start from.
        let err = tune_labelled(&positions, CellModel::Terms, 1, true).unwrap_err();
        assert!(err.contains("--combos"), "{err}");
    }

    #[test]
    fn mixed_rules_and_renju_are_refused() {
        let mut mixed = games(Rule::Freestyle, &["h8 a1 h9"]);
        mixed.extend(games(Rule::Standard, &["h8 a1 h9"]));
        assert!(tune(&mixed, CellModel::Terms, 1, None)
            .unwrap_err()
            .contains("mix"));
        let renju = games(Rule::Renju, &["h8 a1 h9"]);
        assert!(tune(&renju, CellModel::Terms, 1, None)
            .unwrap_err()
            .contains("renju"));
    }
}
