//! The four rule sets: what wins, and (under renju) where black may not play.

#[cfg(test)]
mod cases;
mod five;
mod renju;

use std::fmt;
use std::str::FromStr;

use crate::ParseError;

pub(crate) use five::five_line;
pub(crate) use renju::{is_forbidden, is_forbidden_as, Reading};

/// A rule set; the values are the C ABI codes.
///
/// - `Freestyle`: five or more in a row wins.
/// - `Standard`: exactly five wins, for both colours; six or more is no win.
/// - `Renju`: black needs exactly five and may not play a double-three,
///   double-four or overline (a five beats all of them); white wins with five
///   or more.
/// - `Caro`: exactly five wins unless opponent stones block both of its ends
///   (the board edge is no block); six or more always wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle = 0,
    /// Exactly five wins; an overline does not.
    Standard = 1,
    /// Renju: forbidden moves for black.
    Renju = 2,
    /// Caro: a five blocked at both ends by the opponent does not win.
    Caro = 3,
}

impl Rule {
    /// Every rule, in code order.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

    /// The rule for a C code (`0`..=`3`).
    pub const fn from_code(code: i32) -> Option<Rule> {
        match code {
            0 => Some(Rule::Freestyle),
            1 => Some(Rule::Standard),
            2 => Some(Rule::Renju),
            3 => Some(Rule::Caro),
            _ => None,
        }
    }

    /// The lowercase name (`"renju"`), as written in save files.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        }
    }

    /// Whether a run of `len` stones of one colour wins under this rule.
    /// `both_ends_blocked` says whether opponent stones sit on both cells just
    /// past the run (only caro asks).
    pub(crate) const fn is_winning_run(
        self,
        black: bool,
        len: usize,
        both_ends_blocked: bool,
    ) -> bool {
        match self {
            Rule::Freestyle => len >= 5,
            Rule::Standard => len == 5,
            Rule::Renju => len == 5 || (!black && len > 5),
            Rule::Caro => len > 5 || (len == 5 && !both_ends_blocked),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = ParseError;

    /// Reads a rule name in any case, or its code.
    fn from_str(s: &str) -> Result<Rule, ParseError> {
        let t = s.trim().to_ascii_lowercase();
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == t || (*r as u8).to_string() == t)
            .ok_or_else(|| {
                ParseError::new(format!(
                    "unknown rule {:?} (expected freestyle, standard, renju or caro)",
                    s.trim()
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_codes_round_trip() {
        for r in Rule::ALL {
            assert_eq!(r.name().parse::<Rule>().unwrap(), r);
            assert_eq!(Rule::from_code(r as i32), Some(r));
            assert_eq!((r as u8).to_string().parse::<Rule>().unwrap(), r);
        }
        assert_eq!("RENJU".parse::<Rule>().unwrap(), Rule::Renju);
        assert!("gomoku".parse::<Rule>().is_err());
        assert_eq!(Rule::from_code(4), None);
    }

    #[test]
    fn winning_runs_follow_each_rule() {
        use Rule::*;
        for (rule, black, len, blocked, wins) in [
            (Freestyle, true, 5, true, true),
            (Freestyle, true, 6, false, true),
            (Freestyle, false, 4, false, false),
            (Standard, true, 5, true, true),
            (Standard, false, 6, false, false),
            (Renju, true, 5, false, true),
            (Renju, true, 6, false, false),
            (Renju, false, 6, false, true),
            (Caro, true, 5, false, true),
            (Caro, true, 5, true, false),
            (Caro, false, 6, true, true),
        ] {
            assert_eq!(
                rule.is_winning_run(black, len, blocked),
                wins,
                "{rule} {black} {len} {blocked}"
            );
        }
    }
}
