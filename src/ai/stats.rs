//! Match statistics: game and pair (pentanomial) counts, the score and
//! Elo difference with its error, and the sequential probability ratio
//! test (SPRT) that stops a match once it is decided.
//!
//! Games are played in pairs: each opening twice, colours swapped. A pair
//! scores 0, ½, 1, 1½ or 2 for player A; its five counts are the
//! pentanomial. Pairs cancel most of an opening's bias, so their variance
//! is the honest one; the SPRT uses it too, with the usual normal
//! approximation of the log-likelihood ratio for logistic Elo.

use crate::{Color, GameResult, ParseError};

/// How a game ended for player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A won.
    Win,
    /// A lost.
    Loss,
    /// A draw.
    Draw,
}

impl Outcome {
    /// How a game with `result` ended for the player of `color` (an
    /// unfinished game counts as a draw).
    pub fn for_player(result: GameResult, color: Color) -> Outcome {
        match result.winner() {
            Some(c) if c == color => Outcome::Win,
            Some(_) => Outcome::Loss,
            None => Outcome::Draw,
        }
    }

    /// A's points: 1, ½ or 0.
    pub fn points(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// The counts of a match so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won, lost, drawn by A.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// Complete pairs by A's points in them: 0, ½, 1, 1½, 2.
    pub pairs: [u32; 5],
}

/// The Elo difference of a score (a fraction of the points).
pub fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10()
}

/// The score of an Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    /// Counts a game.
    pub fn game(&mut self, o: Outcome) {
        match o {
            Outcome::Win => self.wins += 1,
            Outcome::Loss => self.losses += 1,
            Outcome::Draw => self.draws += 1,
        }
    }

    /// Counts a finished pair.
    pub fn pair(&mut self, a: Outcome, b: Outcome) {
        let half_points = ((a.points() + b.points()) * 2.0).round() as usize;
        self.pairs[half_points.min(4)] += 1;
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// A's score over the games, 0 to 1.
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// Count, mean and variance of the pair scores (each pair's points
    /// over 2), `None` before the first pair. A tenth of a pseudo-pair of
    /// each kind keeps a few identical pairs from claiming no variance.
    fn pair_moments(&self) -> Option<(f64, f64, f64)> {
        if self.pairs.iter().sum::<u32>() == 0 {
            return None;
        }
        let counts = self.pairs.map(|c| c as f64 + 0.1);
        let n: f64 = counts.iter().sum();
        let value = |k: usize| k as f64 / 4.0;
        let mean = (0..5).map(|k| counts[k] * value(k)).sum::<f64>() / n;
        let var = (0..5)
            .map(|k| counts[k] * (value(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((n, mean, var))
    }

    /// The Elo difference from the pairs and its 95% error, `None` before
    /// the first pair.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (n, mean, var) = self.pair_moments()?;
        let margin = 1.96 * (var / n).sqrt();
        Some((elo(mean), (elo(mean + margin) - elo(mean - margin)) / 2.0))
    }
}

/// A sequential probability ratio test: H0 "A is `elo0` stronger" against
/// H1 "A is `elo1` stronger", with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: A is at least `elo1` stronger (or so the test says).
    AcceptH1,
    /// H0 accepted.
    AcceptH0,
    /// Not decided yet.
    Continue,
}

impl std::str::FromStr for Sprt {
    type Err = ParseError;

    /// `elo0,elo1` or `elo0,elo1,alpha,beta` (α and β default to 0.05).
    fn from_str(s: &str) -> Result<Sprt, ParseError> {
        let v: Vec<f64> = s
            .split(',')
            .map(|t| {
                t.trim()
                    .parse()
                    .map_err(|_| ParseError::new(format!("invalid number {t:?}")))
            })
            .collect::<Result<_, _>>()?;
        match v[..] {
            [e0, e1] => Sprt::new(e0, e1, 0.05, 0.05),
            [e0, e1, a, b] => Sprt::new(e0, e1, a, b),
            _ => Err(ParseError::new(
                "expected elo0,elo1 or elo0,elo1,alpha,beta",
            )),
        }
    }
}

impl Sprt {
    /// A test of H0 "A is `elo0` stronger" against H1 "A is `elo1`
    /// stronger"; refused unless `elo0 < elo1` and `0 < alpha, beta < 0.5`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, ParseError> {
        let rate = |r: f64| r > 0.0 && r < 0.5;
        // Written so that NaN fails every comparison.
        if !(elo0 < elo1 && rate(alpha) && rate(beta)) {
            return Err(ParseError::new(
                "need elo0 < elo1 and 0 < alpha, beta < 0.5",
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds of the log-likelihood ratio: below the first H0 is
    /// accepted, above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pairs so far (0 before the first).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let Some((n, mean, var)) = tally.pair_moments() else {
            return 0.0;
        };
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// What the test says about the pairs so far.
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let (lower, upper) = self.bounds();
        let llr = self.llr(tally);
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::*;

    fn tally_of(pairs: &[(Outcome, Outcome)]) -> Tally {
        let mut t = Tally::default();
        for &(a, b) in pairs {
            t.game(a);
            t.game(b);
            t.pair(a, b);
        }
        t
    }

    #[test]
    fn outcomes_are_read_from_the_players_side() {
        assert_eq!(Outcome::for_player(GameResult::BlackWon, Color::Black), Win);
        assert_eq!(
            Outcome::for_player(GameResult::BlackWon, Color::White),
            Loss
        );
        assert_eq!(Outcome::for_player(GameResult::WhiteWon, Color::White), Win);
        assert_eq!(Outcome::for_player(GameResult::Draw, Color::Black), Draw);
        assert_eq!(Outcome::for_player(GameResult::Ongoing, Color::White), Draw);
    }

    #[test]
    fn pairs_count_into_the_pentanomial() {
        let t = tally_of(&[
            (Win, Win),
            (Win, Loss),
            (Draw, Loss),
            (Loss, Loss),
            (Win, Draw),
        ]);
        assert_eq!(t.pairs, [1, 1, 1, 1, 1]);
        assert_eq!((t.wins, t.losses, t.draws), (4, 4, 2));
        assert!((t.score() - 0.5).abs() < 1e-9);
        let (e, err) = t.elo().unwrap();
        assert!(e.abs() < 1e-6 && err > 100.0, "{e} ± {err}");
        assert_eq!(Tally::default().elo(), None);
    }

    #[test]
    fn the_sprt_accepts_a_clearly_stronger_player() {
        let sprt: Sprt = "0,10".parse().unwrap();
        let mut pairs = Vec::new();
        let mut verdict = Verdict::Continue;
        // Wins three pairs in four, splits the fourth.
        for k in 0.. {
            pairs.push(if k % 4 == 3 { (Win, Loss) } else { (Win, Win) });
            verdict = sprt.verdict(&tally_of(&pairs));
            if verdict != Verdict::Continue || k > 10_000 {
                break;
            }
        }
        assert_eq!(verdict, Verdict::AcceptH1, "after {} pairs", pairs.len());
        assert!(pairs.len() < 200);
    }

    #[test]
    fn the_sprt_rejects_a_weaker_player() {
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        let pairs: Vec<_> = (0..300)
            .map(|k| {
                if k % 3 == 0 {
                    (Win, Loss)
                } else {
                    (Loss, Loss)
                }
            })
            .collect();
        let first = (1..=pairs.len())
            .find(|&n| sprt.verdict(&tally_of(&pairs[..n])) != Verdict::Continue)
            .unwrap();
        assert_eq!(sprt.verdict(&tally_of(&pairs[..first])), Verdict::AcceptH0);
    }

    #[test]
    fn the_sprt_keeps_going_on_an_even_match_of_few_games() {
        let sprt: Sprt = "0,5".parse().unwrap();
        let pairs: Vec<_> = (0..40)
            .map(|k| match k % 4 {
                0 => (Win, Loss),
                1 => (Loss, Win),
                2 => (Win, Win),
                _ => (Loss, Loss),
            })
            .collect();
        for n in 1..=pairs.len() {
            assert_eq!(
                sprt.verdict(&tally_of(&pairs[..n])),
                Verdict::Continue,
                "{n} pairs"
            );
        }
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944).abs() < 0.01 && (upper - 2.944).abs() < 0.01);
    }

    #[test]
    fn bad_sprt_arguments_are_refused() {
        for bad in [
            "",
            "5",
            "10,0",
            "0,10,0,0.05",
            "0,10,0.6,0.05",
            "a,b",
            "NaN,1",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }
}
