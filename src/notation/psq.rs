//! Piskvork `.psq` game records: a `Piskvorky NxN, …` header, then one
//! `x,y,time` line per move with 1-based coordinates, black first, ended by
//! `-1` or by the engines' information lines.

use super::parse_integers;
use crate::{Color, Game, ParseError, Point, Rule};

impl Game {
    /// The game as a Piskvork record. Set-up stones come first, alternating
    /// from the colour that holds more of them (black when equal), as if they
    /// had been played; times are written as 0.
    pub fn to_psq(&self) -> String {
        let n = self.size();
        let mut text = format!("Piskvorky {n}x{n}, 11:11, 0\n");
        for p in self.setup_order().iter().chain(self.moves()) {
            text += &format!("{},{},0\n", p.x() + 1, p.y() + 1);
        }
        text += "-1\n";
        text
    }

    /// Reads a Piskvork record, replaying its moves (black first) under `rule`.
    pub fn from_psq(text: &str, rule: Rule) -> Result<Game, ParseError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let (n, header) = lines
            .by_ref()
            .find(|(_, l)| !l.is_empty())
            .ok_or_else(|| ParseError::new("empty psq record"))?;
        let size = read_header(header).map_err(|e| e.at_line(n))?;
        let mut game =
            Game::new(size, rule).map_err(|e| ParseError::new(e.to_string()).at_line(n))?;
        for (n, line) in lines {
            if line == "-1" || !line.starts_with(|c: char| c.is_ascii_digit()) {
                break;
            }
            let numbers = parse_integers(line).map_err(|e| e.at_line(n))?;
            if !(2..=3).contains(&numbers.len()) {
                return Err(
                    ParseError::new(format!("expected \"x,y,time\", found {line:?}")).at_line(n),
                );
            }
            let p = Point::try_new(numbers[0] - 1, numbers[1] - 1).ok_or_else(|| {
                ParseError::new(format!("move {line:?} is off the board")).at_line(n)
            })?;
            game.play(p)
                .map_err(|e| ParseError::new(format!("move {line:?}: {e}")).at_line(n))?;
        }
        Ok(game)
    }

    /// The set-up stones in an order that alternates colours.
    fn setup_order(&self) -> Vec<Point> {
        let stones = &self.setup().stones;
        let of = |c: Color| stones.iter().filter(move |s| s.1 == c).map(|s| s.0);
        let (first, second) = if of(Color::White).count() > of(Color::Black).count() {
            (Color::White, Color::Black)
        } else {
            (Color::Black, Color::White)
        };
        let a = of(first);
        let mut b = of(second);
        let mut order = Vec::with_capacity(stones.len());
        for p in a {
            order.push(p);
            order.extend(b.next());
        }
        order
    }
}

/// Reads the board side from a `Piskvorky 15x15, 11:11, 0` header.
fn read_header(line: &str) -> Result<usize, ParseError> {
    let bad = || ParseError::new(format!("not a psq header: {line:?}"));
    let rest = line.strip_prefix("Piskvorky").ok_or_else(bad)?;
    let dims = rest.trim_start().split(',').next().ok_or_else(bad)?;
    let (w, h) = dims.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (usize, usize) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w != h {
        return Err(ParseError::new(format!("board {w}x{h} is not square")));
    }
    Ok(w)
}
