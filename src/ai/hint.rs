//! Hints that teach: the engine's move and, for the best few points, the
//! shapes a stone there makes and the opponent's shapes it breaks, named
//! as the tutorials name them (连五, 活四, 冲四, 活三, 眠三, 活二), and the
//! forced win (VCF or VCT) the move starts, where there is one.

use std::fmt::Write as _;

use super::pattern::Pattern;
use super::position::Position;
use super::{solve_vcf, solve_vct, AiError, AiOptions, Engine, Score, VcfResult};
use crate::board::index;
use crate::{Color, Game, Language, Point};

/// How many candidate points a hint explains.
pub const HINT_POINTS: usize = 5;

/// A shape on one line through a point; the values are the C ABI codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Shape {
    /// Two stones with room for an open three (活二).
    OpenTwo = 1,
    /// Three stones with one way to a four (眠三).
    Three = 2,
    /// Three stones that become an open four (活三).
    OpenThree = 3,
    /// Four stones with one point to five (冲四).
    Four = 4,
    /// Four stones with two points to five (活四).
    OpenFour = 5,
    /// Five in a row (连五).
    Five = 6,
}

impl Shape {
    /// Every shape, weakest first (the order of their codes).
    pub const ALL: [Shape; 6] = [
        Shape::OpenTwo,
        Shape::Three,
        Shape::OpenThree,
        Shape::Four,
        Shape::OpenFour,
        Shape::Five,
    ];

    /// The shape a stone on a point makes along a line, if any worth naming.
    fn made(pattern: Pattern) -> Option<Shape> {
        Some(match pattern {
            Pattern::F5 => Shape::Five,
            Pattern::F4 => Shape::OpenFour,
            Pattern::B4 => Shape::Four,
            Pattern::F3 => Shape::OpenThree,
            Pattern::B3 => Shape::Three,
            Pattern::F2 => Shape::OpenTwo,
            _ => return None,
        })
    }

    /// The opponent's shape a stone on a point breaks, from what the
    /// opponent would make there: their five point blocks a four, their
    /// open-four point an open three, and so on.
    fn broken(pattern: Pattern) -> Option<Shape> {
        Some(match pattern {
            Pattern::F5 => Shape::Four,
            Pattern::F4 => Shape::OpenThree,
            Pattern::B4 => Shape::Three,
            Pattern::F3 => Shape::OpenTwo,
            _ => return None,
        })
    }

    /// The shape's name.
    pub const fn name(self, language: Language) -> &'static str {
        match (language, self) {
            (Language::English, Shape::Five) => "five",
            (Language::English, Shape::OpenFour) => "open four",
            (Language::English, Shape::Four) => "four",
            (Language::English, Shape::OpenThree) => "open three",
            (Language::English, Shape::Three) => "three",
            (Language::English, Shape::OpenTwo) => "open two",
            (Language::Chinese, Shape::Five) => "连五",
            (Language::Chinese, Shape::OpenFour) => "活四",
            (Language::Chinese, Shape::Four) => "冲四",
            (Language::Chinese, Shape::OpenThree) => "活三",
            (Language::Chinese, Shape::Three) => "眠三",
            (Language::Chinese, Shape::OpenTwo) => "活二",
        }
    }
}

/// Lines that combine on one point; the values are the C ABI codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Combination {
    /// A four and an open three (四三): wins unless the four is blocked
    /// with a threat.
    FourThree = 1,
    /// Two fours (双四): wins.
    DoubleFour = 2,
    /// Two open threes (双三).
    DoubleThree = 3,
}

impl Combination {
    /// Every combination, in the order of their codes.
    pub const ALL: [Combination; 3] = [
        Combination::FourThree,
        Combination::DoubleFour,
        Combination::DoubleThree,
    ];

    /// The combination's name.
    pub const fn name(self, language: Language) -> &'static str {
        match (language, self) {
            (Language::English, Combination::FourThree) => "four-three",
            (Language::English, Combination::DoubleFour) => "double four",
            (Language::English, Combination::DoubleThree) => "double three",
            (Language::Chinese, Combination::FourThree) => "四三",
            (Language::Chinese, Combination::DoubleFour) => "双四",
            (Language::Chinese, Combination::DoubleThree) => "双三",
        }
    }
}

/// Why a point is worth playing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointReason {
    /// The point.
    pub point: Point,
    /// The side to move's shapes a stone here makes, strongest first, one
    /// per line.
    pub makes: Vec<Shape>,
    /// How those lines combine, if they do.
    pub combination: Option<Combination>,
    /// The opponent's shapes a stone here breaks, strongest first.
    pub blocks: Vec<Shape>,
    /// The point's threat value (as in [`super::score_map`]), higher is better.
    pub value: i64,
}

/// A forced win: every reply is forced, or every defence fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum ForcedWinKind {
    /// Victory by continuous fours (VCF).
    Vcf = 1,
    /// Victory by continuous threats, threes and fours (VCT).
    Vct = 2,
}

impl ForcedWinKind {
    /// Both kinds, in the order of their codes.
    pub const ALL: [ForcedWinKind; 2] = [ForcedWinKind::Vcf, ForcedWinKind::Vct];

    /// The short name players use (`VCF`, `VCT`).
    pub const fn name(self) -> &'static str {
        match self {
            ForcedWinKind::Vcf => "VCF",
            ForcedWinKind::Vct => "VCT",
        }
    }
}

/// A forced win found for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedWin {
    /// By fours alone, or by threats.
    pub kind: ForcedWinKind,
    /// The line: the mover's moves and the forced replies, alternately,
    /// ending with the five.
    pub line: Vec<Point>,
}

/// A hint for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The side the hint is for.
    pub mover: Color,
    /// The point to play: the first of a forced win if one was found, else
    /// the engine's choice.
    pub best: Point,
    /// The engine's score for the position.
    pub score: Score,
    /// The best few points with their reasons, `best` first.
    pub candidates: Vec<PointReason>,
    /// The forced win `best` starts, if one was found.
    pub forced_win: Option<ForcedWin>,
}

impl Hint {
    /// The reason of `best`.
    pub fn best_reason(&self) -> &PointReason {
        &self.candidates[0]
    }

    /// Why a point is good, as a short sentence: "h8: makes a four-three
    /// and blocks white's open three" or "h8：形成四三，挡住白棋的活三".
    pub fn explain(&self, reason: &PointReason, language: Language) -> String {
        let opponent = language.color(self.mover.opponent());
        let mut parts = Vec::new();
        let makes = match (reason.combination, reason.makes.first()) {
            (Some(c), _) => Some(c.name(language).to_string()),
            (None, Some(&s)) => Some(s.name(language).to_string()),
            (None, None) => None,
        };
        if let Some(m) = makes {
            parts.push(match language {
                Language::English => format!("makes {} {m}", article(&m)),
                Language::Chinese => format!("形成{m}"),
            });
        }
        if let Some(&b) = reason.blocks.first() {
            parts.push(match (language, b) {
                (Language::English, Shape::Four) => format!("stops {opponent}'s five"),
                (Language::English, _) => format!("blocks {opponent}'s {}", b.name(language)),
                (Language::Chinese, Shape::Four) => format!("挡住{opponent}的连五"),
                (Language::Chinese, _) => format!("挡住{opponent}的{}", b.name(language)),
            });
        }
        if parts.is_empty() {
            parts.push(match language {
                Language::English => "develops the position".into(),
                Language::Chinese => "积蓄力量".into(),
            });
        }
        match language {
            Language::English => format!("{}: {}", reason.point, parts.join(" and ")),
            Language::Chinese => format!("{}：{}", reason.point, parts.join("，")),
        }
    }

    /// The whole hint as text: the move, why, and the forced win it starts.
    pub fn describe(&self, language: Language) -> String {
        let mut text = self.explain(self.best_reason(), language);
        if let Some(win) = &self.forced_win {
            let line: Vec<String> = win.line.iter().map(Point::to_string).collect();
            let _ = match (language, win.kind) {
                (Language::English, ForcedWinKind::Vcf) => {
                    write!(text, "; wins by continuous fours: {}", line.join(" "))
                }
                (Language::English, ForcedWinKind::Vct) => {
                    write!(text, "; wins by continuous threats: {}", line.join(" "))
                }
                (Language::Chinese, ForcedWinKind::Vcf) => {
                    write!(text, "；连续冲四取胜（VCF）：{}", line.join(" "))
                }
                (Language::Chinese, ForcedWinKind::Vct) => {
                    write!(text, "；连续进攻取胜（VCT）：{}", line.join(" "))
                }
            };
        }
        text
    }
}

/// "a" or "an" before an English shape name.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// The node budget of each forced-win search in a hint.
const FORCED_WIN_NODES: u64 = 200_000;

impl Engine {
    /// A hint for the side to move: the engine's move (searched with
    /// `options`), a forced win if a short search finds one, and the reasons
    /// of the best few points.
    pub fn hint(&mut self, game: &Game, options: &AiOptions) -> Result<Hint, AiError> {
        let chosen = self.best_move(game, options)?;
        let forced_win = match solve_vcf(game, 16, FORCED_WIN_NODES) {
            VcfResult::Win(line) => Some(ForcedWin {
                kind: ForcedWinKind::Vcf,
                line,
            }),
            _ => match solve_vct(game, 6, 1, FORCED_WIN_NODES) {
                VcfResult::Win(line) => Some(ForcedWin {
                    kind: ForcedWinKind::Vct,
                    line,
                }),
                _ => None,
            },
        };
        let best = forced_win.as_ref().map_or(chosen.point, |w| w.line[0]);
        let pos = Position::new(game);
        let mover = game.side_to_move();
        let mut ranked = super::score_map(game, 3);
        ranked.sort_by_key(|&(p, value)| (p != best, std::cmp::Reverse(value), p.y(), p.x()));
        let candidates = ranked
            .into_iter()
            .take(HINT_POINTS)
            .map(|(point, value)| reason(&pos, point, mover, value))
            .collect();
        Ok(Hint {
            mover,
            best,
            score: chosen.score,
            candidates,
            forced_win,
        })
    }
}

/// The shapes a stone of `mover` on `point` makes and breaks.
fn reason(pos: &Position, point: Point, mover: Color, value: i64) -> PointReason {
    let i = index(point);
    let lines = |color: Color, shape: fn(Pattern) -> Option<Shape>| {
        let mut shapes: Vec<Shape> = (0..4)
            .filter_map(|d| shape(pos.pattern(i, color, d)))
            .collect();
        shapes.sort_by(|a, b| b.cmp(a));
        shapes
    };
    let makes = lines(mover, Shape::made);
    let blocks = lines(mover.opponent(), Shape::broken);
    let fours = makes
        .iter()
        .filter(|&&s| s >= Shape::Four && s != Shape::Five)
        .count();
    let threes = makes.iter().filter(|&&s| s == Shape::OpenThree).count();
    let combination = if makes.first() == Some(&Shape::Five) {
        None
    } else if fours >= 2 {
        Some(Combination::DoubleFour)
    } else if fours == 1 && threes >= 1 {
        Some(Combination::FourThree)
    } else if threes >= 2 {
        Some(Combination::DoubleThree)
    } else {
        None
    };
    PointReason {
        point,
        makes,
        combination,
        blocks,
        value,
    }
}

/// A hint from a one-off engine (see [`Engine::hint`]).
pub fn hint(game: &Game, options: &AiOptions) -> Result<Hint, AiError> {
    Engine::new().hint(game, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::Rule;

    fn game(rule: Rule, moves: &str) -> Game {
        Game::from_moves(15, rule, &parse_moves(moves).unwrap()).unwrap()
    }

    /// The reason of `point` for the side to move after `moves`.
    fn why(rule: Rule, moves: &str, point: &str) -> PointReason {
        let g = game(rule, moves);
        reason(
            &Position::new(&g),
            point.parse().unwrap(),
            g.side_to_move(),
            0,
        )
    }

    #[test]
    fn every_shape_a_stone_makes_is_named() {
        // Black's stones on row 8, white's far away in the corners.
        let far = ["a1", "o1", "a15", "o15"];
        let with_far = |black: &[&str]| {
            let mut moves = Vec::new();
            for (k, b) in black.iter().enumerate() {
                moves.push(b.to_string());
                moves.push(far[k].to_string());
            }
            moves.join(" ")
        };
        let cases = [
            (&["h8", "i8", "j8", "k8"][..], "l8", Shape::Five),
            (&["h8", "i8", "j8"][..], "k8", Shape::OpenFour),
            (&["h8", "i8"][..], "j8", Shape::OpenThree),
            (&["h8"][..], "i8", Shape::OpenTwo),
        ];
        for (black, point, shape) in cases {
            let r = why(Rule::Freestyle, &with_far(black), point);
            assert_eq!(r.makes.first(), Some(&shape), "{black:?} {point}");
        }
        // Blocked on one side by white: a four (冲四) and a three (眠三).
        let r = why(Rule::Freestyle, "h8 g8 i8 a1 j8 o1", "k8");
        assert_eq!(r.makes.first(), Some(&Shape::Four));
        let r = why(Rule::Freestyle, "h8 g8 i8 a1", "j8");
        assert_eq!(r.makes.first(), Some(&Shape::Three));
    }

    #[test]
    fn combinations_are_named() {
        // Black h8 i8 j8 (a four-to-be) and k9 k10 (a three-to-be) meet on k8.
        let four_three = why(Rule::Freestyle, "h8 g8 i8 a1 j8 o1 k9 a15 k10 o15", "k8");
        assert_eq!(four_three.combination, Some(Combination::FourThree));
        let double_three = why(Rule::Freestyle, "i8 a1 j8 o1 k9 a15 k10 o15", "k8");
        assert_eq!(double_three.combination, Some(Combination::DoubleThree));
        let double_four = why(
            Rule::Freestyle,
            "h8 g8 i8 a1 j8 o1 k9 k12 k10 a15 k11 o15",
            "k8",
        );
        assert_eq!(double_four.combination, Some(Combination::DoubleFour));
    }

    #[test]
    fn the_opponents_shapes_a_stone_breaks_are_named() {
        // White has an open three on row 5 (e5 f5 g5): d5 and h5 block it.
        let r = why(Rule::Freestyle, "h8 e5 a1 f5 o1 g5", "h5");
        assert_eq!(r.blocks.first(), Some(&Shape::OpenThree));
        // White has a four: its five point is the block.
        let r = why(Rule::Freestyle, "h8 e5 a1 f5 o1 g5 a15 h5", "i5");
        assert_eq!(r.blocks.first(), Some(&Shape::Four));
    }

    #[test]
    fn a_hint_explains_its_move_in_both_languages_and_names_the_forced_win() {
        // Black h8 i8 j8, open, and white far away: an open four wins by VCF.
        let g = game(Rule::Freestyle, "h8 a1 i8 o1 j8 a15");
        let hint = Engine::new()
            .hint(
                &g,
                &AiOptions {
                    level: 5,
                    max_depth: Some(4),
                    ..AiOptions::default()
                },
            )
            .unwrap();
        assert!(
            ["g8", "k8"].contains(&hint.best.to_string().as_str()),
            "{hint:?}"
        );
        assert_eq!(hint.best_reason().point, hint.best);
        assert_eq!(hint.best_reason().makes.first(), Some(&Shape::OpenFour));
        let win = hint
            .forced_win
            .as_ref()
            .expect("an open four is a forced win");
        assert_eq!(win.kind, ForcedWinKind::Vcf);
        assert_eq!(win.line[0], hint.best);
        let en = hint.describe(Language::English);
        assert!(
            en.contains("makes an open four") && en.contains("wins by continuous fours"),
            "{en}"
        );
        let zh = hint.describe(Language::Chinese);
        assert!(
            zh.contains("形成活四") && zh.contains("连续冲四取胜"),
            "{zh}"
        );
        assert!(hint.candidates.len() <= HINT_POINTS && hint.candidates.len() > 1);

        // Black to defend white's open three: the hint says so.
        let g = game(Rule::Freestyle, "h8 e5 a1 f5 o1 g5");
        let hint = Engine::new()
            .hint(
                &g,
                &AiOptions {
                    level: 5,
                    max_depth: Some(3),
                    ..AiOptions::default()
                },
            )
            .unwrap();
        let en = hint.describe(Language::English);
        assert!(en.contains("blocks white's open three"), "{en}");
        assert!(hint.describe(Language::Chinese).contains("挡住白棋的活三"));
    }
}
