//! The two colours of stones.

use std::fmt;
use std::str::FromStr;

use crate::ParseError;

/// A stone colour; the values are the C ABI codes (`1` black, `2` white).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// Black, who moves first unless a game says otherwise.
    Black = 1,
    /// White.
    White = 2,
}

impl Color {
    /// The other colour.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The colour for a C code (`1` or `2`), `None` for anything else.
    pub const fn from_code(code: i32) -> Option<Color> {
        match code {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Both colours, black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The lowercase English name (`"black"`, `"white"`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Color {
    type Err = ParseError;

    /// Reads `black`/`white` (any case), `b`/`w`, or the codes `1`/`2`.
    fn from_str(s: &str) -> Result<Color, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" | "b" | "1" => Ok(Color::Black),
            "white" | "w" | "2" => Ok(Color::White),
            other => Err(ParseError::new(format!("invalid colour {other:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_swaps_colours() {
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.opponent(), Color::Black);
    }

    #[test]
    fn codes_and_names_round_trip() {
        for c in Color::ALL {
            assert_eq!(Color::from_code(c as i32), Some(c));
            assert_eq!(c.to_string().parse::<Color>().unwrap(), c);
        }
        assert_eq!(Color::from_code(0), None);
        assert!("red".parse::<Color>().is_err());
    }
}
