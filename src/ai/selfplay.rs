//! Self-play: balanced openings, games between engine settings with the
//! engine's score of every move, and their records as one line per game,
//! which `gomoku tune` reads and the arena writes.
//!
//! A record line is the rule, the board side, the result, the opening (the
//! moves given, packed letter notation, `-` for none), then every move
//! played after it with the mover's score:
//!
//! ```text
//! freestyle 15 black h8i9j10 k11:12 l12:-40 m13:#5 g8:-#4 n14:?
//! ```
//!
//! A score is a value for the side that played the move, `#N` a win in N
//! plies, `-#N` a loss in N plies, `?` unknown (a brain that does not say).
//! Lines starting with `#` are comments. Each position before a played move
//! is a training sample: the move is the mover's choice, the score its
//! evaluation, the result its outcome. A file of records can be appended to
//! while another program reads it: every line stands alone.

use std::fmt::Write as _;

use super::{AiOptions, Engine, Score, MAX_LEVEL};
use crate::notation::{format_moves, parse_moves};
use crate::{Game, GameResult, ParseError, Point, Rule};

/// One game: its opening, its moves with their scores, its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The rule it was played under.
    pub rule: Rule,
    /// The board side.
    pub size: usize,
    /// The moves given before play began.
    pub opening: Vec<Point>,
    /// The moves played, each with the mover's score when known.
    pub moves: Vec<(Point, Option<Score>)>,
    /// How it ended.
    pub result: GameResult,
}

impl Record {
    /// The record as one line (see the module's documentation).
    pub fn to_line(&self) -> String {
        let opening = if self.opening.is_empty() {
            "-".to_string()
        } else {
            format_moves(&self.opening)
        };
        let mut line = format!(
            "{} {} {} {opening}",
            self.rule,
            self.size,
            self.result.name()
        );
        for (p, score) in &self.moves {
            let _ = match score {
                Some(Score::Value(v)) => write!(line, " {p}:{v}"),
                Some(Score::Win(n)) => write!(line, " {p}:#{n}"),
                Some(Score::Loss(n)) => write!(line, " {p}:-#{n}"),
                None => write!(line, " {p}:?"),
            };
        }
        line
    }

    /// Reads a record line, checking that its moves are legal and give the
    /// result it states.
    pub fn parse(line: &str) -> Result<Record, ParseError> {
        let mut fields = line.split_whitespace();
        let mut next = |what: &str| {
            fields
                .next()
                .ok_or_else(|| ParseError::new(format!("record without {what}")))
        };
        let rule: Rule = next("a rule")?.parse()?;
        let size_text = next("a size")?;
        let size: usize = size_text
            .parse()
            .map_err(|_| ParseError::new(format!("invalid size {size_text:?}")))?;
        let result_text = next("a result")?;
        let result = GameResult::ALL
            .into_iter()
            .find(|r| r.name() == result_text)
            .ok_or_else(|| ParseError::new(format!("invalid result {result_text:?}")))?;
        let opening = match next("an opening")? {
            "-" => Vec::new(),
            text => parse_moves(text)?,
        };
        let mut moves = Vec::new();
        for token in fields {
            let (point, score) = token
                .split_once(':')
                .ok_or_else(|| ParseError::new(format!("move {token:?} without a score")))?;
            let point: Point = point.parse()?;
            let score = match score {
                "?" => None,
                s => Some(read_score(s)?),
            };
            moves.push((point, score));
        }
        let record = Record {
            rule,
            size,
            opening,
            moves,
            result,
        };
        let game = record.game()?;
        if game.result() != result {
            return Err(ParseError::new(format!(
                "the moves give {}, not {}",
                game.result().name(),
                result.name()
            )));
        }
        Ok(record)
    }

    /// The game the record describes, replayed.
    pub fn game(&self) -> Result<Game, ParseError> {
        let mut game =
            Game::new(self.size, self.rule).map_err(|e| ParseError::new(e.to_string()))?;
        for &p in self.opening.iter().chain(self.moves.iter().map(|m| &m.0)) {
            game.play(p)
                .map_err(|e| ParseError::new(format!("move {p}: {e}")))?;
        }
        Ok(game)
    }

    /// Every record of a file's text, comments and blank lines skipped; an
    /// error names the line.
    pub fn parse_all(text: &str) -> Result<Vec<Record>, ParseError> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|(n, l)| Record::parse(l).map_err(|e| e.at_line(n + 1)))
            .collect()
    }
}

fn read_score(s: &str) -> Result<Score, ParseError> {
    let bad = || ParseError::new(format!("invalid score {s:?}"));
    if let Some(n) = s.strip_prefix("-#") {
        return n.parse().map(Score::Loss).map_err(|_| bad());
    }
    if let Some(n) = s.strip_prefix('#') {
        return n.parse().map(Score::Win).map_err(|_| bad());
    }
    s.parse().map(Score::Value).map_err(|_| bad())
}

/// A reproducible sequence of numbers from a seed (xorshift).
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        let s = &mut self.0;
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }
}

/// `count` distinct openings of three or five stones near the centre,
/// kept when a depth-4 search sees neither side clearly ahead (its score
/// within ±200): the same ones for the same rule, size and seed.
pub fn balanced_openings(rule: Rule, size: usize, count: usize, seed: u64) -> Vec<Vec<Point>> {
    let mut random = Seeded(seed ^ 0x2545_F491_4F6C_DD1D);
    let c = (size / 2) as i64;
    let reach = (size as i64 / 2).min(3);
    let mut openings: Vec<Vec<Point>> = Vec::new();
    let mut engine = Engine::new();
    let options = AiOptions {
        level: MAX_LEVEL,
        max_depth: Some(4),
        table_mib: 4,
        ..AiOptions::default()
    };
    let mut tries = 0;
    while openings.len() < count && tries < count * 200 + 1000 {
        tries += 1;
        let stones = 3 + 2 * (random.next() % 2) as usize;
        let Ok(mut game) = Game::new(size, rule) else {
            return openings;
        };
        let mut moves = Vec::new();
        let mut attempts = 0;
        while moves.len() < stones && attempts < 100 {
            attempts += 1;
            let span = 2 * reach as u64 + 1;
            let dx = (random.next() % span) as i64 - reach;
            let dy = (random.next() % span) as i64 - reach;
            let Some(p) = Point::try_new(c + dx, c + dy) else {
                continue;
            };
            if game.play(p).is_ok() && !game.is_over() {
                moves.push(p);
            }
        }
        if moves.len() < stones || openings.contains(&moves) {
            continue;
        }
        let balanced = engine
            .best_move(&game, &options)
            .is_ok_and(|m| matches!(m.score, Score::Value(v) if v.abs() < 200));
        if balanced {
            openings.push(moves);
        }
    }
    openings
}

/// A player's move in a position, and its score when it says: `None` if
/// it gives up (a brain that crashed or answered nonsense).
pub type Chooser<'a> = dyn FnMut(&Game) -> Option<(Point, Option<Score>)> + 'a;

/// Plays one game from `opening` between two players, each asked for its
/// moves: the record, and the colour that forfeited by giving no legal move,
/// if one did (the record then ends unfinished).
pub fn play_with<'a>(
    rule: Rule,
    size: usize,
    opening: &[Point],
    black: &mut Chooser<'a>,
    white: &mut Chooser<'a>,
) -> (Record, Option<crate::Color>) {
    let mut record = Record {
        rule,
        size,
        opening: Vec::new(),
        moves: Vec::new(),
        result: GameResult::Ongoing,
    };
    let Ok(mut game) = Game::new(size, rule) else {
        return (record, None);
    };
    for &p in opening {
        if game.is_over() || game.play(p).is_err() {
            break;
        }
        record.opening.push(p);
    }
    while !game.is_over() {
        let side = game.side_to_move();
        let chooser = match side {
            crate::Color::Black => &mut *black,
            crate::Color::White => &mut *white,
        };
        match chooser(&game) {
            Some((p, score)) if game.play(p).is_ok() => record.moves.push((p, score)),
            _ => {
                record.result = game.result();
                return (record, Some(side));
            }
        }
    }
    record.result = game.result();
    (record, None)
}

/// [`play_with`] between two engine settings, black's moves searched with
/// `black` and white's with `white`, each side with an engine of its own.
/// With node or depth limits and no time limit the game is the same on
/// every machine.
pub fn play_game(
    rule: Rule,
    size: usize,
    opening: &[Point],
    black: &AiOptions,
    white: &AiOptions,
) -> Record {
    let engine_player = |options: &AiOptions| {
        let mut engine = Engine::new();
        let options = options.clone();
        move |game: &Game| {
            engine
                .best_move(game, &options)
                .ok()
                .map(|m| (m.point, Some(m.score)))
        }
    };
    let (mut b, mut w) = (engine_player(black), engine_player(white));
    play_with(rule, size, opening, &mut b, &mut w).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick() -> AiOptions {
        AiOptions {
            level: 4,
            max_nodes: Some(800),
            table_mib: 1,
            ..AiOptions::default()
        }
    }

    #[test]
    fn records_round_trip_and_replay_their_games() {
        let openings = balanced_openings(Rule::Renju, 15, 2, 7);
        assert_eq!(openings.len(), 2);
        assert_eq!(
            openings,
            balanced_openings(Rule::Renju, 15, 2, 7),
            "reproducible"
        );
        let record = play_game(Rule::Renju, 15, &openings[0], &quick(), &quick());
        assert_eq!(
            record,
            play_game(Rule::Renju, 15, &openings[0], &quick(), &quick())
        );
        assert_ne!(record.result, GameResult::Ongoing);
        let line = record.to_line();
        assert!(line.starts_with("renju 15 "), "{line}");
        assert_eq!(Record::parse(&line).unwrap(), record);
        assert_eq!(record.game().unwrap().result(), record.result);
    }

    #[test]
    fn scores_of_every_kind_and_unknown_ones_are_written_and_read() {
        let line = "freestyle 9 black - e5:0 a1:-3 e6:#5 a2:-#4 e7:? a3:12 e8:1 a4:2 e9:3";
        let r = Record::parse(line).unwrap();
        assert_eq!(r.moves[2].1, Some(Score::Win(5)));
        assert_eq!(r.moves[3].1, Some(Score::Loss(4)));
        assert_eq!(r.moves[4].1, None);
        assert_eq!(r.to_line(), line);
        let all = Record::parse_all(&format!("# header\n\n{line}\n{line}\n")).unwrap();
        assert_eq!(all.len(), 2);
    }

    #[test]
    fn bad_records_say_what_is_wrong() {
        for (line, expected) in [
            ("", "without a rule"),
            ("chess 15 black -", "unknown rule"),
            ("freestyle x black -", "invalid size"),
            ("freestyle 15 won -", "invalid result"),
            ("freestyle 15 black - h8", "without a score"),
            ("freestyle 15 black - h8:x", "invalid score"),
            ("freestyle 15 black - h8:1 h8:2", "occupied"),
            ("freestyle 15 black - h8:1", "give ongoing, not black"),
        ] {
            let e = Record::parse(line).unwrap_err();
            assert!(e.to_string().contains(expected), "{line:?}: {e}");
        }
        let e = Record::parse_all("freestyle 9 ongoing -\nnope\n").unwrap_err();
        assert_eq!(e.line, Some(2));
    }
}
