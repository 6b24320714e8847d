//! The terminal game: a person against the AI (or two people), with undo,
//! hints that explain themselves, resign, save/load, a history of finished
//! games with replay, last-move and winning-line marks; in Chinese when
//! `LANG` says so.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use gomoku::ai::{AiOptions, Engine};
use gomoku::{Color, Game, Point, Rule, DEFAULT_SIZE};

use crate::texts::{language_from_env, texts, Texts};

/// The options of `gomoku play` (and of plain `gomoku`).
#[derive(clap::Args, Clone, Debug)]
pub struct PlayArgs {
    /// Board side, 5 to 26.
    #[arg(long, default_value_t = DEFAULT_SIZE)]
    pub size: usize,
    /// freestyle, standard, renju or caro.
    #[arg(long, default_value_t = Rule::Freestyle)]
    pub rule: Rule,
    /// The computer's strength, 1 (classic) to 5 (full search).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=gomoku::ai::MAX_LEVEL as i64))]
    pub level: u8,
    /// Who you play: black, white, or both (two people, one keyboard).
    #[arg(long, value_enum, default_value_t = HumanArg::Black)]
    pub human: HumanArg,
    /// The computer's time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub time: u64,
    /// The file finished games are appended to [default: $GOMOKU_HISTORY,
    /// or ~/.local/share/gomoku/history.txt].
    #[arg(long)]
    pub history: Option<PathBuf>,
    /// The language: en or zh [default: from LANG].
    #[arg(long)]
    pub lang: Option<String>,
    /// Play a room of a `gomoku serve` server instead: HOST:PORT or a ws:// URL.
    #[arg(long, value_name = "HOST:PORT")]
    pub connect: Option<String>,
    /// The room to join (online); without it a new room is created.
    #[arg(long, requires = "connect")]
    pub room: Option<String>,
    /// Take your seat back with the token the server gave (online, with --room).
    #[arg(long, requires = "room")]
    pub token: Option<String>,
    /// Your name, shown to the others (online).
    #[arg(long, requires = "connect")]
    pub name: Option<String>,
    /// Your colour in a new room (online): black, white or random.
    #[arg(long, default_value = "random", value_parser = ["black", "white", "random"])]
    pub color: String,
    /// A computer at this level in the other seat of a new room (online).
    #[arg(long, requires = "connect", value_parser = clap::value_parser!(u8).range(1..=gomoku::ai::MAX_LEVEL as i64))]
    pub computer: Option<u8>,
}

/// Who the person at the keyboard plays.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HumanArg {
    /// Black, who moves first.
    Black,
    /// White.
    White,
    /// Both sides: two people at one keyboard.
    Both,
}

/// Who plays which colour.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Human {
    Plays(Color),
    Both,
}

/// A finished game being replayed: the game and how many moves are shown.
struct Replay {
    game: Game,
    shown: usize,
}

struct Session {
    game: Game,
    human: Human,
    engine: Engine,
    options: AiOptions,
    ansi: bool,
    texts: &'static Texts,
    history: PathBuf,
    /// Whether the finished game on the board is in the history already.
    recorded: bool,
    replay: Option<Replay>,
}

/// Where finished games are kept unless `--history` says: the
/// `GOMOKU_HISTORY` file, else `gomoku/history.txt` in the user's data
/// folder (`$XDG_DATA_HOME`, or `~/.local/share`).
fn default_history() -> PathBuf {
    if let Some(path) = std::env::var_os("GOMOKU_HISTORY") {
        return path.into();
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("gomoku").join("history.txt")
}

/// `gomoku [play]`: a game in the terminal against the computer or a friend.
pub fn run(args: PlayArgs) -> Result<(), String> {
    let (size, rule, level) = (args.size, args.rule, args.level);
    let human = match args.human {
        HumanArg::Black => Human::Plays(Color::Black),
        HumanArg::White => Human::Plays(Color::White),
        HumanArg::Both => Human::Both,
    };
    let time = Duration::from_millis(args.time);
    let game = Game::new(size, rule).map_err(|e| e.to_string())?;
    let language = args
        .lang
        .as_deref()
        .map_or_else(language_from_env, gomoku::Language::from_locale);
    let texts = texts(language);
    if let Some(connect) = &args.connect {
        return crate::online::run(&args, connect, texts);
    }
    let mut session = Session {
        game,
        human,
        engine: Engine::new(),
        options: AiOptions {
            level,
            time: Some(time),
            ..AiOptions::default()
        },
        ansi: io::stdout().is_terminal(),
        texts,
        history: args.history.unwrap_or_else(default_history),
        recorded: false,
        replay: None,
    };
    session.name_players();
    println!(
        "gomoku {} — {} {size}×{size}; help",
        gomoku::VERSION,
        language.rule(rule)
    );
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if session.replay.is_none() {
            session.computer_moves();
            session.record_if_finished();
            session.show();
        }
        print!("> ");
        io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else { break };
        if !session.command(line.trim()) {
            break;
        }
    }
    Ok(())
}

/// Today's date as `YYYY-MM-DD` (UTC), for the history.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

impl Session {
    fn computer_to_move(&self) -> bool {
        !self.game.is_over()
            && matches!(self.human, Human::Plays(c) if c != self.game.side_to_move())
    }

    /// Names the players in the game's record: "you", "computer (level N)".
    fn name_players(&mut self) {
        let t = self.texts;
        let level = self.options.level;
        for color in Color::ALL {
            let name = match self.human {
                Human::Plays(c) if c != color => format!("{} (level {level})", t.computer_name),
                _ => t.you_name.to_string(),
            };
            self.game.info_mut().set_player(color, Some(&name));
        }
        self.game.info_mut().date = Some(today());
    }

    /// Appends a game that has just finished to the history file, once.
    fn record_if_finished(&mut self) {
        if !self.game.is_over() {
            self.recorded = false;
            return;
        }
        if self.recorded {
            return;
        }
        self.recorded = true;
        if let Some(dir) = self.history.parent() {
            std::fs::create_dir_all(dir).ok();
        }
        if let Err(e) = self.game.append_to_history(&self.history) {
            println!("{}: {}: {e}", self.texts.error, self.history.display());
        }
    }

    /// Lets the computer play while it is its turn.
    fn computer_moves(&mut self) {
        while self.computer_to_move() {
            print!("{} ", self.texts.thinking);
            io::stdout().flush().ok();
            match self.engine.best_move(&self.game, &self.options) {
                Ok(m) => {
                    println!(
                        "{} (level {}, depth {}, score {}, {} nodes)",
                        m.point, self.options.level, m.depth, m.score, m.nodes
                    );
                    self.game.play(m.point).expect("the AI plays legal moves");
                }
                Err(e) => {
                    println!("{e}");
                    return;
                }
            }
        }
    }

    /// Prints the board, marks and status line.
    fn show(&self) {
        let t = self.texts;
        println!("\n{}", render(&self.game, self.ansi));
        if self.game.is_over() {
            let line: Vec<String> = self
                .game
                .winning_line()
                .iter()
                .map(Point::to_string)
                .collect();
            let mut result = t
                .language
                .result(self.game.result(), self.game.end_reason());
            if !line.is_empty() {
                result = format!("{result} {}", line.join(" "));
            }
            println!("{result}. {}", t.game_over);
        } else {
            let who = match self.human {
                Human::Both => "",
                Human::Plays(c) if c == self.game.side_to_move() => t.you,
                Human::Plays(_) => t.computer,
            };
            let last = self
                .game
                .last_move()
                .map_or(String::new(), |p| format!(", {} {p}", t.last_move));
            println!(
                "{} {}{who}{last} [{} {}×{}]",
                t.language.color(self.game.side_to_move()),
                t.to_move,
                t.language.rule(self.game.rule()),
                self.game.size(),
                self.game.size()
            );
        }
    }

    /// Carries out one typed command; returns false to quit.
    fn command(&mut self, line: &str) -> bool {
        if self.replay.is_some() {
            self.replay_command(line);
            return true;
        }
        let t = self.texts;
        let (word, arg) = line
            .split_once(' ')
            .map_or((line, ""), |(w, a)| (w, a.trim()));
        let outcome: Result<String, String> = match word {
            "" => Ok(String::new()),
            "quit" | "exit" | "q" => return false,
            "help" | "?" => Ok(t.help.to_string()),
            "undo" => self.undo(),
            "redo" => self
                .game
                .redo()
                .map(|p| format!("{} {p}", t.replayed))
                .map_err(|e| e.to_string()),
            "hint" => {
                let options = AiOptions {
                    time: Some(Duration::from_millis(500)),
                    ..self.options.clone()
                };
                self.engine
                    .hint(&self.game, &options)
                    .map(|h| format!("{}: {}", t.hint, h.describe(t.language)))
                    .map_err(|e| e.to_string())
            }
            "resign" => {
                let loser = match self.human {
                    Human::Plays(c) => c,
                    Human::Both => self.game.side_to_move(),
                };
                self.game
                    .resign(loser)
                    .map(|_| String::new())
                    .map_err(|e| e.to_string())
            }
            "level" => match arg.parse::<u8>() {
                Ok(l) if (1..=gomoku::ai::MAX_LEVEL).contains(&l) => {
                    self.options.level = l;
                    self.name_players();
                    Ok(format!("level {l}"))
                }
                _ => Err(format!("{} {}", t.level_range, gomoku::ai::MAX_LEVEL)),
            },
            "new" => {
                self.game =
                    Game::new(self.game.size(), self.game.rule()).expect("the size was valid");
                self.name_players();
                self.engine.clear();
                Ok(t.new_game.into())
            }
            "swap" => {
                if let Human::Plays(c) = self.human {
                    self.human = Human::Plays(c.opponent());
                }
                self.name_players();
                Ok(t.swapped.into())
            }
            "forbidden" => {
                let points: Vec<String> = self
                    .game
                    .forbidden_points()
                    .iter()
                    .map(Point::to_string)
                    .collect();
                Ok(if points.is_empty() {
                    t.no_forbidden.into()
                } else {
                    points.join(" ")
                })
            }
            "history" => self.history(arg),
            "save" if !arg.is_empty() => std::fs::write(arg, self.game.save())
                .map(|_| format!("{} {arg}", t.saved))
                .map_err(|e| format!("{arg}: {e}")),
            "load" if !arg.is_empty() => std::fs::read_to_string(arg)
                .map_err(|e| format!("{arg}: {e}"))
                .and_then(|text| Game::load(&text).map_err(|e| format!("{arg}: {e}")))
                .map(|g| {
                    self.game = g;
                    self.recorded = self.game.is_over();
                    format!("{} {arg}", t.loaded)
                }),
            _ => match line.parse::<Point>() {
                Ok(_) if self.computer_to_move() => Err(t.computers_turn.into()),
                Ok(p) => self
                    .game
                    .play(p)
                    .map(|_| String::new())
                    .map_err(|e| e.to_string()),
                Err(_) => Err(format!("{line:?}: {}", t.unknown)),
            },
        };
        match outcome {
            Ok(msg) if msg.is_empty() => {}
            Ok(msg) => println!("{msg}"),
            Err(msg) => println!("{}: {msg}", t.error),
        }
        true
    }

    /// `history`: the finished games, numbered; `history N` replays one.
    fn history(&mut self, arg: &str) -> Result<String, String> {
        let t = self.texts;
        let text = match std::fs::read_to_string(&self.history) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("{}: {e}", self.history.display())),
        };
        let games =
            Game::load_all(&text).map_err(|e| format!("{}: {e}", self.history.display()))?;
        if games.is_empty() {
            return Ok(format!("{} {}", t.no_history, self.history.display()));
        }
        if arg.is_empty() {
            let list: Vec<String> = games
                .iter()
                .enumerate()
                .map(|(k, g)| format!("{:>3}. {}", k + 1, self.summary(g)))
                .collect();
            return Ok(list.join("\n"));
        }
        let n: usize = arg.parse().map_err(|_| t.no_such_game.to_string())?;
        let game = games
            .into_iter()
            .nth(n.wrapping_sub(1))
            .ok_or_else(|| t.no_such_game.to_string())?;
        println!(
            "{}\n{}",
            (t.replay_of)(n, &self.summary(&game)),
            t.replay_keys
        );
        self.replay = Some(Replay { shown: 0, game });
        self.show_replay();
        Ok(String::new())
    }

    /// One line about a finished game: date, players, rule, result, length.
    fn summary(&self, g: &Game) -> String {
        let t = self.texts;
        let l = t.language;
        let name = |c: Color| g.info().player(c).unwrap_or("?").to_string();
        format!(
            "{} {} {} – {} {} · {} · {} · {} {}",
            g.info().date.as_deref().unwrap_or(""),
            l.color(Color::Black),
            name(Color::Black),
            l.color(Color::White),
            name(Color::White),
            l.rule(g.rule()),
            l.result(g.result(), g.end_reason()),
            g.move_count(),
            t.moves
        )
    }

    /// A key in replay mode: next, back, end or leave.
    fn replay_command(&mut self, line: &str) {
        let Some(replay) = &mut self.replay else {
            return;
        };
        let total = replay.game.move_count();
        match line {
            "" | "n" | "next" => replay.shown = (replay.shown + 1).min(total),
            "b" | "back" => replay.shown = replay.shown.saturating_sub(1),
            "e" | "end" => replay.shown = total,
            "q" | "quit" | "exit" => {
                self.replay = None;
                self.show();
                return;
            }
            _ => println!("{}", self.texts.replay_keys),
        }
        self.show_replay();
    }

    /// Prints the replayed game after its first `shown` moves.
    fn show_replay(&self) {
        let Some(replay) = &self.replay else {
            return;
        };
        let mut game = Game::from_setup(replay.game.setup()).expect("a saved start is valid");
        for &p in &replay.game.moves()[..replay.shown] {
            game.play(p).expect("a saved move replays");
        }
        let total = replay.game.move_count();
        println!("\n{}", render(&game, self.ansi));
        println!("{}", (self.texts.replay_at)(replay.shown, total));
        if replay.shown == total {
            let g = &replay.game;
            println!("{}", self.texts.language.result(g.result(), g.end_reason()));
        }
    }

    /// Undoes one ply, or back to the person's turn against the computer.
    fn undo(&mut self) -> Result<String, String> {
        let first = self.game.undo().map_err(|e| e.to_string())?;
        let mut taken = vec![first.to_string()];
        while self.computer_to_move() {
            match self.game.undo() {
                Ok(p) => taken.push(p.to_string()),
                Err(_) => break,
            }
        }
        Ok(format!("{} {}", self.texts.took_back, taken.join(" ")))
    }
}

/// Draws the board: `X` black, `O` white. With colours, the last move is
/// reversed and the winning line red; without, the last move is in brackets
/// and the winning line's stones are lowercase.
pub(crate) fn render(game: &Game, ansi: bool) -> String {
    let n = game.size();
    let mut out = String::from("   ");
    for x in 0..n {
        out += &format!(" {}", (b'a' + x as u8) as char);
    }
    out.push('\n');
    let last = game.last_move();
    for y in 0..n {
        out += &format!("{:>3}", y + 1);
        for x in 0..n {
            let p = Point::new(x as u8, y as u8);
            let winning = game.winning_line().contains(&p);
            let mut c = match game.board().stone(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            let sep = if !ansi && last == Some(p) {
                '['
            } else if !ansi && x > 0 && last == Some(Point::new(x as u8 - 1, y as u8)) {
                ']'
            } else {
                ' '
            };
            out.push(sep);
            if ansi && winning {
                out += &format!("\x1b[1;31m{c}\x1b[0m");
            } else if ansi && last == Some(p) {
                out += &format!("\x1b[7m{c}\x1b[0m");
            } else {
                if winning {
                    c = c.to_ascii_lowercase();
                }
                out.push(c);
            }
        }
        if !ansi && last == Some(Point::new(n as u8 - 1, y as u8)) {
            out.push(']');
        }
        out.push('\n');
    }
    out
}
