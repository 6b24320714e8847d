//! The brain's side of the Gomocup (Piskvork) protocol: the commands a
//! tournament manager sends, answered by the engine.
//!
//! Spoken: `START`, `RECTSTART` (square boards; others are refused),
//! `RESTART`, `BEGIN`, `TURN`, `BOARD` … `DONE`, `TAKEBACK`, `SWAP2BOARD`
//! … `DONE` (all three cases), `INFO` (`timeout_turn`, `timeout_match`,
//! `time_left`, `max_memory`, `game_type`, `rule` with its bits 1 exactly
//! five, 2 continuous, 4 renju, 8 caro, `folder`, and Yixin's `max_depth`,
//! `max_node`, `thread_num`), `ABOUT`, `END`, and Yixin's `YXSTOP` and
//! `YXSHOWFORBID`. While it thinks the brain keeps reading: `YXSTOP` makes
//! it answer at once, `END` ends it, anything else waits for the answer.
//! Progress goes out as `MESSAGE` lines. Anything it cannot use gets
//! `ERROR …` or `UNKNOWN …` and changes nothing.

use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

use gomoku::ai::{AiMove, AiOptions, Clock, Engine, Progress, Score};
use gomoku::{Color, Game, Point, Rule, Setup};

/// Time per move when the manager names none.
const DEFAULT_TURN: Duration = Duration::from_millis(5_000);

/// Nodes a move gets under `timeout_turn 0` ("play as fast as possible").
const FASTEST_NODES: u64 = 2_000;

/// Longest line read; longer ones are cut (the protocol allows it).
const MAX_LINE: usize = 4096;

/// What reaches the brain's loop: a line from the manager, word from a
/// search in progress, or the end of input.
pub enum Event {
    /// One line of input.
    Line(String),
    /// A progress report to send as a `MESSAGE` line.
    Progress(String),
    /// A search finished: the engine back, and its answer.
    Done(Box<(Engine, Result<AiMove, String>)>),
    /// The input is closed.
    Closed,
}

/// What a finished search is for.
#[derive(Clone, Debug)]
enum Purpose {
    /// A move: play it and answer `x,y`.
    Move,
    /// A Swap2 decision over this position and with these options.
    Swap2(Swap2Stage),
}

/// The three questions of the Swap2 opening.
#[derive(Clone, Copy, Debug)]
enum Swap2Stage {
    /// Place the first three stones.
    Open,
    /// After three stones: swap, play white's fourth, or add two stones.
    Answer,
    /// After five stones: swap, or play white's sixth.
    Choose,
}

/// The brain's state between commands.
pub struct Brain {
    size: Option<usize>,
    rule: Rule,
    game: Option<Game>,
    engine: Option<Engine>,
    turn: Option<Duration>,
    match_time: Option<Duration>,
    left: Option<Duration>,
    table_mib: usize,
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    /// A node budget for every search (tests and fuzzing keep them short).
    node_limit: Option<u64>,
    /// A `BOARD` or `SWAP2BOARD` block being read.
    block: Option<BlockRead>,
    quit: bool,
}

/// The multi-line commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    Board,
    Swap2,
}

/// A block so far: its kind, its stones and fields, and the first bad line.
struct BlockRead {
    kind: Block,
    points: Vec<Point>,
    fields: Vec<u8>,
    error: Option<String>,
}

impl Default for Brain {
    fn default() -> Brain {
        Brain::new()
    }
}

impl Brain {
    /// A brain with no board yet, freestyle, 5 s per move.
    pub fn new() -> Brain {
        Brain {
            size: None,
            rule: Rule::Freestyle,
            game: None,
            engine: Some(Engine::new()),
            turn: None,
            match_time: None,
            left: None,
            table_mib: 64,
            max_depth: None,
            max_nodes: None,
            node_limit: None,
            block: None,
            quit: false,
        }
    }

    /// The same brain, searching at most `nodes` nodes per move.
    pub fn with_node_limit(mut self, nodes: u64) -> Brain {
        self.node_limit = Some(nodes);
        self
    }

    /// Reads events until `END` or the end of input, writing the answers to
    /// `out`. `sender` feeds the same channel, for the searches.
    pub fn run(mut self, events: &Receiver<Event>, sender: &Sender<Event>, out: &mut dyn Write) {
        let mut waiting: VecDeque<String> = VecDeque::new();
        let mut closed = false;
        while !self.quit {
            let line = match waiting.pop_front() {
                Some(line) => line,
                None if closed => return,
                None => match events.recv() {
                    Ok(Event::Line(line)) => line,
                    Ok(Event::Closed) | Err(_) => return,
                    Ok(_) => continue,
                },
            };
            let Some((purpose, options)) = self.command(&line, out) else {
                continue;
            };
            let (Some(engine), Some(game)) = (self.engine.take(), self.game.clone()) else {
                continue;
            };
            let stop = engine.stop_handle();
            think(engine, game, options, sender.clone());
            // While it thinks: YXSTOP answers now, END stops and quits, the
            // rest waits for the answer.
            loop {
                match events.recv() {
                    Ok(Event::Progress(text)) => say(out, &format!("MESSAGE {text}")),
                    Ok(Event::Done(done)) => {
                        let (engine, answer) = *done;
                        self.engine = Some(engine);
                        if !self.quit {
                            self.answer(&purpose, answer, out);
                        }
                        break;
                    }
                    Ok(Event::Line(line)) => {
                        let word = line.split_whitespace().next().unwrap_or("");
                        if word.eq_ignore_ascii_case("YXSTOP") {
                            stop.stop();
                        } else if word.eq_ignore_ascii_case("END") {
                            stop.stop();
                            self.quit = true;
                        } else {
                            waiting.push_back(line);
                        }
                    }
                    // The rest of the input is what waits; the brain ends
                    // once it is answered.
                    Ok(Event::Closed) => closed = true,
                    Err(_) => {
                        stop.stop();
                        self.quit = true;
                    }
                }
            }
        }
    }

    /// Handles one line; returns the search to start, if the command asks
    /// the brain to think.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> Option<(Purpose, AiOptions)> {
        let line: String = line.trim().chars().take(MAX_LINE).collect();
        if let Some(kind) = self.block.as_ref().map(|b| b.kind) {
            return self.block_line(kind, &line, out);
        }
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line.as_str(), ""), |(w, r)| (w, r.trim()));
        let reply = match word.to_ascii_uppercase().as_str() {
            "" => return None,
            "START" => self.start(rest.parse().ok()),
            "RECTSTART" => {
                let dims: Vec<usize> = rest
                    .split(',')
                    .filter_map(|v| v.trim().parse().ok())
                    .collect();
                match dims[..] {
                    [w, h] if w == h => self.start(Some(w)),
                    [w, h] => format!("ERROR rectangular boards are not supported ({w}x{h})"),
                    _ => "ERROR RECTSTART needs width,height".into(),
                }
            }
            "RESTART" => match self.size {
                Some(n) => self.start(Some(n)),
                None => "ERROR no board: send START first".into(),
            },
            "INFO" => {
                self.info(rest);
                return None;
            }
            "BEGIN" => match &self.game {
                Some(g) if g.move_count() == 0 && g.board().stone_count() == 0 => {
                    return Some((Purpose::Move, self.options()))
                }
                Some(_) => "ERROR BEGIN needs an empty board".into(),
                None => "ERROR no board: send START first".into(),
            },
            "TURN" => match self.opponent_move(rest) {
                Ok(()) => return Some((Purpose::Move, self.options())),
                Err(e) => format!("ERROR {e}"),
            },
            "BOARD" | "SWAP2BOARD" => {
                if self.game.is_none() {
                    "ERROR no board: send START first".into()
                } else {
                    let kind = if word.eq_ignore_ascii_case("BOARD") {
                        Block::Board
                    } else {
                        Block::Swap2
                    };
                    self.block = Some(BlockRead {
                        kind,
                        points: Vec::new(),
                        fields: Vec::new(),
                        error: None,
                    });
                    return None;
                }
            }
            "TAKEBACK" => match self.take_back(rest) {
                Ok(()) => "OK".into(),
                Err(e) => format!("ERROR {e}"),
            },
            "ABOUT" => format!(
                "name=\"gomoku\", version=\"{}\", author=\"the gomoku authors\", country=\"\", www=\"\", email=\"\"",
                gomoku::VERSION
            ),
            "YXSHOWFORBID" => self.forbidden_points(),
            "YXSTOP" => return None, // nothing is thinking
            "END" => {
                self.quit = true;
                return None;
            }
            _ => format!("UNKNOWN command {word}"),
        };
        say(out, &reply);
        None
    }

    /// One line inside a `BOARD` or `SWAP2BOARD` block.
    fn block_line(
        &mut self,
        kind: Block,
        line: &str,
        out: &mut dyn Write,
    ) -> Option<(Purpose, AiOptions)> {
        if line.eq_ignore_ascii_case("DONE") {
            let block = self.block.take()?;
            if let Some(e) = block.error {
                say(out, &format!("ERROR {e}; nothing changed"));
                return None;
            }
            let (points, fields) = (block.points, block.fields);
            let result = match kind {
                Block::Board => self.set_board(&points, &fields).map(|()| Purpose::Move),
                Block::Swap2 => self.set_swap2(&points),
            };
            if let (Ok(Purpose::Swap2(Swap2Stage::Open)), Some(game)) = (&result, &self.game) {
                // The opening is chosen here: several short searches, no
                // position to think about first.
                let (game, options) = (game.clone(), self.options());
                let stones = swap2_opening(&game, &options, self.engine.as_mut());
                let text: Vec<String> = stones.iter().map(|&p| xy(p)).collect();
                say(out, &text.join(" "));
                return None;
            }
            return match result {
                Ok(purpose) => {
                    let options = self.options();
                    Some((purpose, options))
                }
                Err(e) => {
                    say(out, &format!("ERROR {e}"));
                    None
                }
            };
        }
        let numbers: Option<Vec<i64>> = line.split(',').map(|t| t.trim().parse().ok()).collect();
        let fields_expected = if kind == Block::Board { 3 } else { 2 };
        match numbers.as_deref() {
            Some(&[x, y, ref field @ ..]) if field.len() + 2 == fields_expected => {
                let field = field.first().copied().unwrap_or(0);
                let ok_field = kind == Block::Swap2 || (1..=3).contains(&field);
                if let Some(block) = &mut self.block {
                    match Point::try_new(x, y) {
                        Some(p) if ok_field => {
                            block.points.push(p);
                            block.fields.push(field as u8);
                        }
                        // Read on to DONE, then answer once.
                        _ => {
                            block
                                .error
                                .get_or_insert(format!("bad stone {line:?} in the block"));
                        }
                    }
                }
                None
            }
            _ => {
                // A command where a stone line belongs: the block was cut off.
                let reply = self.abandon_block(
                    &format!("the block ended at {line:?} before DONE; nothing changed"),
                    out,
                );
                reply.or_else(|| self.command(line, out))
            }
        }
    }

    /// Drops a malformed block with an error; the position stays as it was.
    fn abandon_block(&mut self, why: &str, out: &mut dyn Write) -> Option<(Purpose, AiOptions)> {
        self.block = None;
        say(out, &format!("ERROR {why}"));
        None
    }

    fn start(&mut self, size: Option<usize>) -> String {
        let Some(size) = size else {
            return "ERROR START needs a board size".into();
        };
        match Game::new(size, self.rule) {
            Ok(g) => {
                self.size = Some(size);
                self.game = Some(g);
                self.prepare_engine();
                "OK".into()
            }
            Err(e) => format!("ERROR {e}"),
        }
    }

    fn info(&mut self, rest: &str) {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let number = value.trim().parse::<i64>().ok();
        let ms = number.map(|n| Duration::from_millis(n.max(0) as u64));
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.turn = ms,
            "timeout_match" => self.match_time = ms.filter(|d| !d.is_zero()),
            "time_left" => {
                // 2147483647 means the match is not timed.
                self.left = ms.filter(|_| number != Some(i64::from(i32::MAX)));
            }
            "max_memory" => {
                if let Some(bytes) = number.filter(|&b| b > 0) {
                    // Half the limit for the table: the rest is the program.
                    let mib = ((bytes as u64 >> 20) / 2).clamp(1, 4096) as usize;
                    if mib != self.table_mib {
                        self.table_mib = mib;
                        self.prepare_engine();
                    }
                }
            }
            "max_depth" => self.max_depth = number.filter(|&d| d > 0).map(|d| d.min(200) as u32),
            "max_node" => self.max_nodes = number.filter(|&n| n > 0).map(|n| n as u64),
            "rule" => {
                // Bits: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
                let rule = match number.unwrap_or(0) {
                    n if n & 4 != 0 => Rule::Renju,
                    n if n & 8 != 0 => Rule::Caro,
                    n if n & 1 != 0 => Rule::Standard,
                    _ => Rule::Freestyle,
                };
                self.set_rule(rule);
            }
            // Accepted, and nothing to do: this brain thinks on one thread,
            // keeps no files, and plays humans as it plays brains.
            "thread_num" | "game_type" | "folder" | "evaluate" => {}
            _ => {}
        }
    }

    /// Readies the engine for the game before the clock runs (START and
    /// INFO are not timed, a move is): its rule's tables built and an empty
    /// table at the size the manager allows. A table that cannot be had is
    /// given back; the first search then reports the error.
    fn prepare_engine(&mut self) {
        if let (Some(engine), Some(game)) = (&mut self.engine, &self.game) {
            if engine.prepare(game, self.table_mib).is_err() {
                engine.clear();
            }
        }
    }

    /// A new rule keeps the position: the same stones, replayed under it
    /// where they can be; the empty board of that size where they cannot.
    fn set_rule(&mut self, rule: Rule) {
        if rule == self.rule {
            return;
        }
        self.rule = rule;
        let Some(game) = &self.game else {
            return;
        };
        let replayed = Game::from_setup(&Setup {
            rule,
            ..game.setup().clone()
        })
        .ok()
        .and_then(|mut g| game.moves().iter().all(|&p| g.play(p).is_ok()).then_some(g));
        self.game = replayed.or_else(|| Game::new(game.size(), rule).ok());
        self.prepare_engine();
    }

    /// The options of the next search: the clock's budget, the manager's
    /// depth and node limits, and under renju the points a referee would
    /// call forbidden although the rules do not.
    fn options(&self) -> AiOptions {
        let game = self.game.as_ref();
        let (ply, empty) = game.map_or((0, 225), |g| {
            let n = g.board().stone_count();
            (n, g.size() * g.size() - n)
        });
        let clock = Clock {
            turn: self.turn,
            left: self.left,
        };
        let budget = clock.budget(ply, empty);
        let fastest = self.turn == Some(Duration::ZERO);
        let mut options = AiOptions {
            time: Some(budget.map_or(DEFAULT_TURN, |b| b.limit)),
            target_time: budget.and_then(|b| b.target),
            max_depth: self.max_depth,
            max_nodes: self.max_nodes.or(fastest.then_some(FASTEST_NODES)),
            table_mib: self.table_mib,
            ..AiOptions::default()
        };
        if let Some(cap) = self.node_limit {
            options.max_nodes = Some(options.max_nodes.map_or(cap, |n| n.min(cap)));
        }
        if let Some(g) =
            game.filter(|g| g.rule() == Rule::Renju && g.side_to_move() == Color::Black)
        {
            options.avoid = g
                .board()
                .empty_points()
                .filter(|&p| g.is_forbidden_by_referee(p) && !g.is_forbidden(p))
                .collect();
        }
        options
    }

    /// Sends the answer of a finished search.
    fn answer(&mut self, purpose: &Purpose, answer: Result<AiMove, String>, out: &mut dyn Write) {
        let reply = match (purpose, answer) {
            (_, Err(e)) => format!("ERROR {e}"),
            (Purpose::Move, Ok(m)) => match self.game.as_mut().map(|g| g.play(m.point)) {
                Some(Ok(())) => xy(m.point),
                Some(Err(e)) => format!("ERROR {e}"),
                None => "ERROR no board".into(),
            },
            (Purpose::Swap2(stage), Ok(m)) => self.swap2_answer(*stage, &m),
        };
        say(out, &reply);
    }

    fn opponent_move(&mut self, rest: &str) -> Result<(), String> {
        let p = parse_xy(rest)?;
        let game = self.game.as_mut().ok_or("no board: send START first")?;
        game.play(p).map_err(|e| e.to_string())
    }

    /// BOARD: `x,y,who` lines, who 1 = ours, 2 = theirs, 3 = a stone of a
    /// continuous game's winning line (theirs, as it is the opponent's five
    /// that ended it). The colours come from the counts: we are to move.
    fn set_board(&mut self, points: &[Point], fields: &[u8]) -> Result<(), String> {
        let size = self.size.ok_or("no board: send START first")?;
        let ours: Vec<Point> = points
            .iter()
            .zip(fields)
            .filter(|(_, &f)| f == 1)
            .map(|(&p, _)| p)
            .collect();
        let theirs: Vec<Point> = points
            .iter()
            .zip(fields)
            .filter(|(_, &f)| f != 1)
            .map(|(&p, _)| p)
            .collect();
        // Equal counts: we are black (black moves first); one fewer: white.
        let me = if ours.len() == theirs.len() {
            Color::Black
        } else {
            Color::White
        };
        let mut setup = Setup::new(size, self.rule);
        setup.to_move = me;
        setup.stones = ours
            .iter()
            .map(|&p| (p, me))
            .chain(theirs.iter().map(|&p| (p, me.opponent())))
            .collect();
        let game = Game::from_setup(&setup).map_err(|e| e.to_string())?;
        if game.is_over() {
            return Err("the board has no move left".into());
        }
        self.game = Some(game);
        Ok(())
    }

    fn take_back(&mut self, rest: &str) -> Result<(), String> {
        let p = parse_xy(rest)?;
        let game = self.game.as_mut().ok_or("no board: send START first")?;
        if game.last_move() == Some(p) {
            game.undo().map_err(|e| e.to_string())?;
            return Ok(());
        }
        // A stone of the set-up position: rebuild without it.
        let colour = game
            .board()
            .stone(p)
            .ok_or(format!("no stone at {},{}", p.x(), p.y()))?;
        let mut setup = Setup::new(game.size(), game.rule());
        setup.stones = game.board().stones().filter(|&(q, _)| q != p).collect();
        setup.to_move = colour;
        *game = Game::from_setup(&setup).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// `YXSHOWFORBID`: black's forbidden points now, as Yixin writes them
    /// (`FORBID` then two digits of x and two of y per point, then `.`).
    fn forbidden_points(&self) -> String {
        let points = self
            .game
            .as_ref()
            .map_or(Vec::new(), Game::forbidden_points);
        let list: String = points
            .iter()
            .map(|p| format!("{:02}{:02}", p.x(), p.y()))
            .collect();
        format!("FORBID {list}.")
    }

    /// SWAP2BOARD: the stones so far (black, white, black, …) and what the
    /// brain is asked, by their number.
    fn set_swap2(&mut self, points: &[Point]) -> Result<Purpose, String> {
        let size = self.size.ok_or("no board: send START first")?;
        let stage = match points.len() {
            0 => Swap2Stage::Open,
            3 => Swap2Stage::Answer,
            5 => Swap2Stage::Choose,
            n => return Err(format!("SWAP2BOARD needs 0, 3 or 5 stones, not {n}")),
        };
        let mut game = Game::new(size, self.rule).map_err(|e| e.to_string())?;
        for &p in points {
            game.play(p).map_err(|e| e.to_string())?;
        }
        if game.is_over() {
            return Err("the stones already end the game".into());
        }
        self.game = Some(game);
        Ok(Purpose::Swap2(stage))
    }

    /// The Swap2 answer, from the engine's evaluation of the position (its
    /// score is for the side to move: white after three or five stones).
    fn swap2_answer(&mut self, stage: Swap2Stage, m: &AiMove) -> String {
        let white_score = match m.score {
            Score::Value(v) => v,
            Score::Win(_) => i32::MAX,
            Score::Loss(_) => i32::MIN,
        };
        // Within this margin the position is even enough to hand over.
        const EVEN: i32 = 60;
        let Some(game) = self.game.clone() else {
            return "ERROR no board".into();
        };
        match stage {
            Swap2Stage::Open => xy(m.point), // answered when the block ended
            Swap2Stage::Answer if white_score > EVEN => xy(m.point),
            Swap2Stage::Answer if white_score < -EVEN => "SWAP".into(),
            Swap2Stage::Answer => {
                // Even: add white's best move and the black reply that keeps
                // the position closest to even, and let the opponent choose.
                let options = self.options();
                let mut four = game.clone();
                if four.play(m.point).is_err() {
                    return xy(m.point);
                }
                match balancing_reply(&four, &options, self.engine.as_mut()) {
                    Some(fifth) => format!("{} {}", xy(m.point), xy(fifth)),
                    None => xy(m.point),
                }
            }
            Swap2Stage::Choose if white_score >= 0 => xy(m.point),
            Swap2Stage::Choose => "SWAP".into(),
        }
    }
}

/// Three stones near the centre (black, white, black) that leave white to
/// move in a position the engine finds even: the most even of a few
/// candidates, each judged by a short search.
fn swap2_opening(game: &Game, options: &AiOptions, engine: Option<&mut Engine>) -> Vec<Point> {
    let mut fallback = Engine::new();
    let engine = engine.unwrap_or(&mut fallback);
    let short = short_search(options);
    let c = game.board().center();
    let at = |dx: i64, dy: i64| Point::try_new(i64::from(c.x()) + dx, i64::from(c.y()) + dy);
    let shapes: [[(i64, i64); 3]; 6] = [
        [(0, 0), (1, 0), (1, 2)],
        [(0, 0), (1, 1), (2, 0)],
        [(0, 0), (0, 1), (2, 2)],
        [(0, 0), (1, 0), (3, 1)],
        [(0, 0), (2, 1), (0, 2)],
        [(0, 0), (1, 1), (3, 0)],
    ];
    let mut best: Option<(i32, Vec<Point>)> = None;
    for shape in shapes {
        let stones: Option<Vec<Point>> = shape.iter().map(|&(dx, dy)| at(dx, dy)).collect();
        let Some(stones) = stones else { continue };
        let mut g = game.clone();
        if stones.iter().any(|&p| g.play(p).is_err()) {
            continue;
        }
        let Some(unevenness) = unevenness(engine, &g, &short) else {
            continue;
        };
        if best.as_ref().is_none_or(|(u, _)| unevenness < *u) {
            best = Some((unevenness, stones));
        }
    }
    best.map_or_else(|| vec![c], |(_, stones)| stones)
}

/// Black's fifth stone in Swap2 that leaves white (to move) closest to an
/// even position, among black's best few candidates.
fn balancing_reply(game: &Game, options: &AiOptions, engine: Option<&mut Engine>) -> Option<Point> {
    let mut fallback = Engine::new();
    let engine = engine.unwrap_or(&mut fallback);
    let short = short_search(options);
    let mut ranked = gomoku::ai::score_map(game, 3);
    ranked.sort_by_key(|&(p, v)| (std::cmp::Reverse(v), p.y(), p.x()));
    let mut best: Option<(i32, Point)> = None;
    for &(p, _) in ranked.iter().take(4) {
        let mut g = game.clone();
        if g.play(p).is_err() || g.is_over() {
            continue;
        }
        let Some(unevenness) = unevenness(engine, &g, &short) else {
            continue;
        };
        if best.is_none_or(|(u, _)| unevenness < u) {
            best = Some((unevenness, p));
        }
    }
    best.map(|(_, p)| p)
}

/// The options of the short searches that judge Swap2 candidates: an
/// eighth of the move's time, no target.
fn short_search(options: &AiOptions) -> AiOptions {
    AiOptions {
        time: options.time.map(|t| t / 8),
        target_time: None,
        ..options.clone()
    }
}

/// How far from even the side to move in `game` finds it (a forced result
/// is as uneven as can be); `None` if the engine cannot search it.
fn unevenness(engine: &mut Engine, game: &Game, options: &AiOptions) -> Option<i32> {
    let m = engine.best_move(game, options).ok()?;
    Some(match m.score {
        Score::Value(v) => v.saturating_abs(),
        _ => i32::MAX,
    })
}

/// Starts the search on a thread of its own; it sends its progress and,
/// at the end, the engine and its answer.
fn think(mut engine: Engine, game: Game, options: AiOptions, events: Sender<Event>) {
    std::thread::spawn(move || {
        let progress = events.clone();
        let mut report = move |p: &Progress| {
            progress.send(Event::Progress(describe(p))).ok();
        };
        let answer = engine
            .best_move_with_progress(&game, &options, &mut report)
            .map_err(|e| e.to_string());
        events.send(Event::Done(Box::new((engine, answer)))).ok();
    });
}

/// A progress report as a `MESSAGE`: depth, score, nodes, speed, time, line.
fn describe(p: &Progress) -> String {
    let pv: Vec<String> = p.pv.iter().map(ToString::to_string).collect();
    format!(
        "depth {} score {} nodes {} speed {} time {} ms pv {}",
        p.depth,
        p.score,
        p.nodes,
        p.nodes_per_second,
        p.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// Writes one reply line and flushes, as managers read line by line.
fn say(out: &mut dyn Write, line: &str) {
    writeln!(out, "{line}").ok();
    out.flush().ok();
}

/// A point as the protocol writes it.
fn xy(p: Point) -> String {
    format!("{},{}", p.x(), p.y())
}

fn parse_xy(text: &str) -> Result<Point, String> {
    let v: Vec<i64> = text
        .split(',')
        .filter_map(|t| t.trim().parse().ok())
        .collect();
    match v[..] {
        [x, y] => Point::try_new(x, y).ok_or(format!("bad point {text:?}")),
        _ => Err(format!("bad point {text:?}")),
    }
}

/// Feeds the lines of `input` to a channel, then [`Event::Closed`]; the
/// brain's standard input on a thread of its own.
pub fn feed(input: impl Iterator<Item = String> + Send + 'static, events: Sender<Event>) {
    std::thread::spawn(move || {
        for line in input {
            if events.send(Event::Line(line)).is_err() {
                return;
            }
        }
        events.send(Event::Closed).ok();
    });
}
