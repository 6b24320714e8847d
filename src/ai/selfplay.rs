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
use std::time::Duration;

use super::{AiOptions, Engine, Score, MAX_LEVEL};
use crate::notation::{format_moves, parse_moves, parse_opening};
use crate::{Color, Error, Game, GameResult, ParseError, Point, Rule};

/// The Gomocup 2026 freestyle 15×15 openings, one Gomocup offset line each:
/// what a match plays when given no openings.
pub const GOMOCUP_OPENINGS: &str = include_str!("../../tests/data/openings-freestyle15.txt");

/// A match's time per move when none is given, in milliseconds.
pub const DEFAULT_MOVE_MS: u64 = 100;

/// A match's seed when none is given.
pub const DEFAULT_SEED: u64 = 1;

/// How many openings a match generates when asked for random ones and not
/// told how many.
pub const DEFAULT_RANDOM_OPENINGS: usize = 50;

/// How each move of a match is limited; 0 means no limit of that kind.
/// With no time limit, the games depend only on these numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Milliseconds per move.
    pub time_ms: u64,
    /// Nodes per move.
    pub nodes: u64,
    /// Depth per move.
    pub depth: u32,
    /// The seed of the engine's choice between equal moves.
    pub seed: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            time_ms: DEFAULT_MOVE_MS,
            nodes: 0,
            depth: 0,
            seed: DEFAULT_SEED,
        }
    }
}

impl Limits {
    /// The engine options of `level` under these limits.
    pub fn options(&self, level: u8) -> AiOptions {
        AiOptions {
            level,
            time: (self.time_ms > 0).then(|| Duration::from_millis(self.time_ms)),
            max_nodes: (self.nodes > 0).then_some(self.nodes),
            max_depth: (self.depth > 0).then_some(self.depth),
            seed: self.seed,
            ..AiOptions::default()
        }
    }
}

/// Reads openings, one Gomocup offset line each (`0,0 1,1 -1,0`), blank
/// lines and `#` comments skipped; an error names the line.
pub fn parse_openings(text: &str, size: usize) -> Result<Vec<Vec<Point>>, ParseError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(n, l)| parse_opening(l, size).map_err(|e| e.at_line(n + 1)))
        .collect()
}

/// The openings a match plays: `default` ([`GOMOCUP_OPENINGS`]), `random`
/// ([`balanced_openings`] from `seed`), or the path of a file of opening
/// lines; the first `count` of them, all without it (random: 50). Each is
/// checked playable under `rule`.
pub fn match_openings(
    spec: &str,
    rule: Rule,
    size: usize,
    count: Option<usize>,
    seed: u64,
) -> Result<Vec<Vec<Point>>, ParseError> {
    Game::new(size, rule).map_err(|e| ParseError::new(e.to_string()))?;
    let mut openings = match spec {
        "default" => parse_openings(GOMOCUP_OPENINGS, size)?,
        "random" => balanced_openings(rule, size, count.unwrap_or(DEFAULT_RANDOM_OPENINGS), seed),
        path => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| ParseError::new(format!("{path}: {e}")))?;
            parse_openings(&text, size).map_err(|e| ParseError::new(format!("{path}: {e}")))?
        }
    };
    openings.truncate(count.unwrap_or(openings.len()));
    for (n, opening) in openings.iter().enumerate() {
        let mut game = Game::new(size, rule).map_err(|e| ParseError::new(e.to_string()))?;
        for &p in opening {
            game.play(p)
                .map_err(|e| ParseError::new(format!("opening {} ({spec}): {p}: {e}", n + 1)))?;
        }
    }
    Ok(openings)
}

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
/// if one did (the record then ends unfinished). An opening the rules
/// refuse, or a board size that does not exist, is an error.
pub fn play_with<'a>(
    rule: Rule,
    size: usize,
    opening: &[Point],
    black: &mut Chooser<'a>,
    white: &mut Chooser<'a>,
) -> Result<(Record, Option<Color>), Error> {
    let mut game = Game::new(size, rule)?;
    for &p in opening {
        game.play(p)?;
    }
    let mut record = Record {
        rule,
        size,
        opening: opening.to_vec(),
        moves: Vec::new(),
        result: GameResult::Ongoing,
    };
    while !game.is_over() {
        let side = game.side_to_move();
        let chooser = match side {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        match chooser(&game) {
            Some((p, score)) if game.play(p).is_ok() => record.moves.push((p, score)),
            _ => {
                record.result = game.result();
                return Ok((record, Some(side)));
            }
        }
    }
    record.result = game.result();
    Ok((record, None))
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
) -> Result<Record, Error> {
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
    Ok(play_with(rule, size, opening, &mut b, &mut w)?.0)
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
        let record = play_game(Rule::Renju, 15, &openings[0], &quick(), &quick()).unwrap();
        assert_eq!(
            record,
            play_game(Rule::Renju, 15, &openings[0], &quick(), &quick()).unwrap()
        );
        assert_ne!(record.result, GameResult::Ongoing);
        let line = record.to_line();
        assert!(line.starts_with("renju 15 "), "{line}");
        assert_eq!(Record::parse(&line).unwrap(), record);
        assert_eq!(record.game().unwrap().result(), record.result);
    }

    #[test]
    fn an_opening_the_rules_refuse_is_an_error() {
        let h8 = Point::new(7, 7);
        let e = play_game(Rule::Freestyle, 15, &[h8, h8], &quick(), &quick()).unwrap_err();
        assert!(e.to_string().contains("occupied"), "{e}");
        let off = Point::new(20, 20);
        assert!(play_game(Rule::Freestyle, 15, &[off], &quick(), &quick()).is_err());
        assert!(play_game(Rule::Freestyle, 3, &[], &quick(), &quick()).is_err());
        // A player that gives no move forfeits; the record stops there.
        let (record, forfeit) = play_with(Rule::Freestyle, 15, &[h8], &mut |_| None, &mut |_| {
            Some((Point::new(0, 0), None))
        })
        .unwrap();
        // White answers a1, then black gives nothing.
        assert_eq!(forfeit, Some(Color::Black));
        assert_eq!(record.opening, [h8]);
        assert_eq!(record.moves, [(Point::new(0, 0), None)]);
        assert_eq!(record.result, GameResult::Ongoing);
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
    fn openings_come_from_the_gomocup_list_a_file_or_the_generator() {
        let all = match_openings("default", Rule::Freestyle, 15, None, 1).unwrap();
        assert_eq!(all, parse_openings(GOMOCUP_OPENINGS, 15).unwrap());
        assert!(all.len() > 3);
        let first = match_openings("default", Rule::Freestyle, 15, Some(3), 1).unwrap();
        assert_eq!(first, all[..3]);
        let random = match_openings("random", Rule::Standard, 15, Some(2), 9).unwrap();
        assert_eq!(random, balanced_openings(Rule::Standard, 15, 2, 9));

        let dir = std::env::temp_dir().join(format!("gomoku-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("openings.txt");
        std::fs::write(&path, "# two\n0,0 1,1\n\n0,0 9,9\n").unwrap();
        let path = path.to_str().unwrap();
        let e = match_openings(path, Rule::Freestyle, 15, None, 1).unwrap_err();
        assert!(
            e.to_string().contains(path) && e.to_string().contains("line 4"),
            "{e}"
        );
        std::fs::write(path, "0,0 1,1\n-1,0\n").unwrap();
        let read = match_openings(path, Rule::Freestyle, 15, None, 1).unwrap();
        assert_eq!(
            read,
            [
                vec![Point::new(7, 7), Point::new(8, 8)],
                vec![Point::new(6, 7)]
            ]
        );
        std::fs::write(path, "0,0 1,1\n0,0 0,0\n").unwrap();
        let e = match_openings(path, Rule::Freestyle, 15, None, 1).unwrap_err();
        assert!(
            e.to_string().contains("opening 2") && e.to_string().contains("occupied"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
        let missing = match_openings("no/such/file", Rule::Freestyle, 15, None, 1).unwrap_err();
        assert!(
            missing.to_string().starts_with("no/such/file: "),
            "{missing}"
        );
        assert!(match_openings("default", Rule::Freestyle, 99, None, 1).is_err());
    }

    #[test]
    fn zero_limits_are_no_limits() {
        let o = Limits::default().options(3);
        assert_eq!(o.level, 3);
        assert_eq!(o.time, Some(Duration::from_millis(DEFAULT_MOVE_MS)));
        assert_eq!((o.max_nodes, o.max_depth, o.seed), (None, None, 1));
        let o = Limits {
            time_ms: 0,
            nodes: 500,
            depth: 6,
            seed: 4,
        }
        .options(5);
        assert_eq!(
            (o.time, o.max_nodes, o.max_depth, o.seed),
            (None, Some(500), Some(6), 4)
        );
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
