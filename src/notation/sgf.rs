//! Smart Game Format (SGF, FF[4]) records with `GM[4]`, the game type of
//! gomoku and renju: what other gomoku programs write and read.
//!
//! ```text
//! (;FF[4]GM[4]CA[UTF-8]SZ[15]RU[renju]PB[Alice]PW[Bob]DT[2026-12-01]RE[B+R]
//! ;B[hh];W[ii];B[jj])
//! ```
//!
//! Written: `SZ`, `RU` (the rule's name), the players `PB`/`PW`, the date
//! `DT`, the result `RE` (`B+`, `W+`, `0` for a draw; `B+R` when white
//! resigned, `B+T` on time, `Draw` when agreed), set-up stones `AB`/`AW`
//! with the side to move `PL`, then one node per move. Undone moves waiting
//! for redo are not written. Read: the same, with any property order and
//! whitespace, escapes, comments and other properties ignored, the first
//! branch of every variation, and `RU` also as a Gomocup rule number (0
//! freestyle, 1 standard, 4 renju, 8 caro); with no `RU` the rule is
//! freestyle. A result the moves already decide is taken from the moves.

use crate::{Color, EndReason, Game, GameResult, ParseError, Point, Rule, Setup};

impl Game {
    /// The game as an SGF record (`GM[4]`).
    pub fn to_sgf(&self) -> String {
        let setup = self.setup();
        let mut sgf = format!(
            "(;FF[4]GM[4]CA[UTF-8]AP[gomoku:{}]SZ[{}]RU[{}]",
            crate::VERSION,
            setup.size,
            setup.rule
        );
        let info = self.info();
        for (key, value) in [
            ("PB", info.black.as_deref()),
            ("PW", info.white.as_deref()),
            ("DT", info.date.as_deref()),
        ] {
            if let Some(v) = value {
                sgf += &format!("{key}[{}]", escape(v));
            }
        }
        if let Some(result) = result_text(self) {
            sgf += &format!("RE[{result}]");
        }
        for (key, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let stones: String = setup
                .stones
                .iter()
                .filter(|s| s.1 == color)
                .map(|s| format!("[{}]", coordinates(s.0)))
                .collect();
            if !stones.is_empty() {
                sgf += &format!("{key}{stones}");
            }
        }
        if !setup.stones.is_empty() || setup.to_move != Color::Black {
            sgf += &format!("PL[{}]", color_letter(setup.to_move));
        }
        let mut color = setup.to_move;
        for (k, &p) in self.moves().iter().enumerate() {
            sgf += if k % 10 == 0 { "\n;" } else { ";" };
            sgf += &format!("{}[{}]", color_letter(color), coordinates(p));
            color = color.opponent();
        }
        sgf + ")\n"
    }

    /// Reads the first game of an SGF collection: its size, rule, set-up,
    /// players, date, moves (the main line) and declared result.
    pub fn from_sgf(text: &str) -> Result<Game, ParseError> {
        Reader::at_tree(text)?.game()
    }

    /// Reads every game of an SGF collection, in order: a match file such
    /// as the tournament manager c-gomoku-cli writes (`-sgf FILE`). Each
    /// game is read as [`Game::from_sgf`] reads one; the first that fails
    /// fails the whole collection, with its number in the error.
    pub fn all_from_sgf(text: &str) -> Result<Vec<Game>, ParseError> {
        let mut reader = Reader::at_tree(text)?;
        let mut games = Vec::new();
        while reader.peek().is_some() {
            let game = reader
                .game()
                .map_err(|e| ParseError::new(format!("game {}: {e}", games.len() + 1)))?;
            games.push(game);
            reader.skip_space();
            if reader.peek().is_some_and(|c| c != b'(') {
                return Err(reader.error(&format!(
                    "after game {}: expected \"(\" or the end",
                    games.len()
                )));
            }
        }
        Ok(games)
    }

    /// The game of one tree's main line, root first.
    fn from_nodes(nodes: &[Node]) -> Result<Game, ParseError> {
        let (root, moves) = nodes
            .split_first()
            .ok_or_else(|| ParseError::new("the SGF record has no node"))?;
        if let Some(gm) = root.value("GM") {
            if gm.trim() != "4" {
                return Err(ParseError::new(format!(
                    "not a gomoku record: GM[{gm}] (gomoku and renju are GM[4])"
                )));
            }
        }
        let size = match root.value("SZ") {
            None => 15,
            Some(sz) => read_size(sz)?,
        };
        let rule = root.value("RU").map_or(Ok(Rule::Freestyle), read_rule)?;
        let mut setup = Setup::new(size, rule);
        for (key, color) in [("AB", Color::Black), ("AW", Color::White)] {
            for v in root.values(key) {
                setup.stones.push((read_point(v, size)?, color));
            }
        }
        let counts = |c: Color| setup.stones.iter().filter(|s| s.1 == c).count();
        setup.to_move = match root.value("PL") {
            Some(pl) => read_color(pl)?,
            None if counts(Color::Black) > counts(Color::White) => Color::White,
            None => Color::Black,
        };
        let mut game = Game::from_setup(&setup).map_err(|e| ParseError::new(e.to_string()))?;
        for node in std::iter::once(root).chain(moves) {
            for (key, color) in [("B", Color::Black), ("W", Color::White)] {
                for v in node.values(key) {
                    let p = read_point(v, size)?;
                    if game.side_to_move() != color {
                        return Err(ParseError::new(format!(
                            "move {} {key}[{v}]: {} is to move",
                            game.move_count() + 1,
                            game.side_to_move()
                        )));
                    }
                    game.play(p).map_err(|e| {
                        ParseError::new(format!("move {} {key}[{v}]: {e}", game.move_count() + 1))
                    })?;
                }
            }
        }
        let info = game.info_mut();
        info.black = root.value("PB").map(str::to_string);
        info.white = root.value("PW").map(str::to_string);
        info.date = root.value("DT").map(str::to_string);
        if let Some(re) = root.value("RE") {
            declare_result(&mut game, re);
        }
        Ok(game)
    }
}

/// `RE` for a game that has ended, `None` while it goes on.
fn result_text(game: &Game) -> Option<String> {
    let winner = |c: Color| color_letter(c);
    Some(match (game.result(), game.end_reason()?) {
        (GameResult::Draw, EndReason::Agreement) => "Draw".into(),
        (GameResult::Draw, _) => "0".into(),
        (r, EndReason::Resignation) => format!("{}+R", winner(r.winner()?)),
        (r, EndReason::Timeout) => format!("{}+T", winner(r.winner()?)),
        (r, _) => format!("{}+", winner(r.winner()?)),
    })
}

/// Takes a declared result (a resignation, a loss on time, an agreed draw)
/// from `RE` when the moves leave the game open; `RE` is otherwise only
/// informative, as other writers use it loosely.
fn declare_result(game: &mut Game, re: &str) {
    if game.is_over() {
        return;
    }
    let re = re.trim();
    let lower = re.to_ascii_lowercase();
    if lower == "0" || lower.starts_with("draw") || lower == "jigo" {
        game.agree_draw().ok();
        return;
    }
    let winner = match re.as_bytes().first() {
        Some(b'B' | b'b') => Color::Black,
        Some(b'W' | b'w') => Color::White,
        _ => return,
    };
    let Some(how) = re.get(1..).and_then(|r| r.strip_prefix('+')) else {
        return;
    };
    let loser = winner.opponent();
    if how.eq_ignore_ascii_case("t") || how.to_ascii_lowercase().starts_with("time") {
        game.lose_on_time(loser).ok();
    } else {
        game.resign(loser).ok();
    }
}

/// `B` or `W`.
fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// A point as SGF's two letters, column then row, `aa` the top left.
fn coordinates(p: Point) -> String {
    format!("{}{}", (b'a' + p.x()) as char, (b'a' + p.y()) as char)
}

fn read_point(v: &str, size: usize) -> Result<Point, ParseError> {
    let b = v.trim().as_bytes();
    let coordinate = |c: u8| c.checked_sub(b'a').filter(|&c| (c as usize) < size);
    match b {
        [x, y] => match (coordinate(*x), coordinate(*y)) {
            (Some(x), Some(y)) => Ok(Point::new(x, y)),
            _ => Err(ParseError::new(format!(
                "point [{v}] is off the {size}×{size} board"
            ))),
        },
        [] => Err(ParseError::new("a pass ([]) has no meaning in gomoku")),
        _ => Err(ParseError::new(format!("invalid point [{v}]"))),
    }
}

fn read_color(v: &str) -> Result<Color, ParseError> {
    match v.trim() {
        "B" | "b" => Ok(Color::Black),
        "W" | "w" => Ok(Color::White),
        other => Err(ParseError::new(format!("invalid colour PL[{other}]"))),
    }
}

fn read_size(v: &str) -> Result<usize, ParseError> {
    let (w, h) = v.split_once(':').unwrap_or((v, v));
    let parse = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| ParseError::new(format!("invalid size SZ[{v}]")))
    };
    let (w, h) = (parse(w)?, parse(h)?);
    if w != h {
        return Err(ParseError::new(format!(
            "only square boards are supported, not SZ[{v}]"
        )));
    }
    Ok(w)
}

/// A rule from its name, or from a Gomocup rule number.
fn read_rule(v: &str) -> Result<Rule, ParseError> {
    let v = v.trim();
    if let Ok(n) = v.parse::<u32>() {
        return Ok(match n {
            n if n & 4 != 0 => Rule::Renju,
            n if n & 8 != 0 => Rule::Caro,
            n if n & 1 != 0 => Rule::Standard,
            _ => Rule::Freestyle,
        });
    }
    match v.to_ascii_lowercase().as_str() {
        "gomoku" | "free" | "freestyle" => Ok(Rule::Freestyle),
        "standard" | "exact" | "exactly five" => Ok(Rule::Standard),
        other => other.parse(),
    }
}

/// Escapes a text value: `\` and `]` get a backslash.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

/// One node's properties, in order, values unescaped.
struct Node {
    properties: Vec<(String, Vec<String>)>,
}

impl Node {
    fn values<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.properties
            .iter()
            .filter(move |(k, _)| k == key)
            .flat_map(|(_, vs)| vs.iter().map(String::as_str))
    }

    fn value<'a>(&'a self, key: &'a str) -> Option<&'a str> {
        self.values(key).next()
    }
}

/// A cursor over SGF text.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    /// A reader at the first game tree of `text`.
    fn at_tree(text: &str) -> Result<Reader<'_>, ParseError> {
        let mut reader = Reader {
            text: text.as_bytes(),
            at: 0,
        };
        reader.skip_space();
        if reader.peek() != Some(b'(') {
            return Err(ParseError::new("not an SGF record (expected \"(\")"));
        }
        Ok(reader)
    }

    /// Reads the game tree at the cursor as a game.
    fn game(&mut self) -> Result<Game, ParseError> {
        let mut nodes = Vec::new();
        self.tree(&mut nodes, true)?;
        Game::from_nodes(&nodes)
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn error(&self, what: &str) -> ParseError {
        ParseError::new(format!("{what} at byte {}", self.at))
    }

    /// Reads `( node* tree* )`, keeping the nodes if `keep`, and of the
    /// subtrees only the first when keeping.
    fn tree(&mut self, nodes: &mut Vec<Node>, keep: bool) -> Result<(), ParseError> {
        self.at += 1; // '('
        let mut first_child = true;
        loop {
            self.skip_space();
            match self.peek() {
                Some(b';') => {
                    self.at += 1;
                    let node = self.node()?;
                    if keep && first_child {
                        nodes.push(node);
                    }
                }
                Some(b'(') => {
                    self.tree(nodes, keep && first_child)?;
                    first_child = false;
                }
                Some(b')') => {
                    self.at += 1;
                    return Ok(());
                }
                Some(_) => return Err(self.error("unexpected character")),
                None => return Err(self.error("unfinished game tree")),
            }
        }
    }

    fn node(&mut self) -> Result<Node, ParseError> {
        let mut properties = Vec::new();
        loop {
            self.skip_space();
            let start = self.at;
            while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                self.at += 1;
            }
            if self.at == start {
                return Ok(Node { properties });
            }
            let key: String = String::from_utf8_lossy(&self.text[start..self.at])
                .chars()
                .filter(char::is_ascii_uppercase)
                .collect();
            let mut values = Vec::new();
            loop {
                self.skip_space();
                if self.peek() != Some(b'[') {
                    break;
                }
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.error(&format!("property {key} has no value")));
            }
            properties.push((key, values));
        }
    }

    /// Reads `[ … ]`, unescaping, with soft line breaks removed.
    fn value(&mut self) -> Result<String, ParseError> {
        self.at += 1; // '['
        let mut bytes = Vec::new();
        loop {
            match self.peek() {
                None => return Err(self.error("unfinished property value")),
                Some(b']') => {
                    self.at += 1;
                    break;
                }
                Some(b'\\') => {
                    self.at += 1;
                    match self.peek() {
                        None => return Err(self.error("unfinished property value")),
                        Some(b'\n') => self.at += 1,
                        Some(b'\r') => {
                            self.at += 1;
                            if self.peek() == Some(b'\n') {
                                self.at += 1;
                            }
                        }
                        Some(c) => {
                            bytes.push(c);
                            self.at += 1;
                        }
                    }
                }
                Some(c) => {
                    bytes.push(c);
                    self.at += 1;
                }
            }
        }
        String::from_utf8(bytes).map_err(|_| self.error("property value is not UTF-8"))
    }
}
