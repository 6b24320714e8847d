//! The terminal game: a person against the AI (or two people), with undo,
//! hint, save/load, last-move and winning-line marks.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Duration;

use gomoku::ai::{AiOptions, Engine};
use gomoku::{Color, Game, Point, Rule, DEFAULT_SIZE};

use crate::args::Args;

const HELP: &str = "\
commands:
  h8            play a move (column letter, row number from the top)
  undo / redo   take back or replay (back to your turn against the computer)
  hint          ask the computer for your best move
  level N       computer strength, 1 (classic) to 5 (full search)
  forbidden     list black's forbidden points (renju)
  save FILE     save the game; load FILE to continue one
  new           start again; swap to change colours
  help          this text; quit to leave";

/// Who plays which colour.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Human {
    Plays(Color),
    Both,
}

struct Session {
    game: Game,
    human: Human,
    engine: Engine,
    options: AiOptions,
    ansi: bool,
}

/// `gomoku [play]`: a game in the terminal against the computer or a friend.
pub fn run(argv: &[String]) -> Result<(), String> {
    let args = Args::parse(argv, &["size", "rule", "level", "human", "time"])?;
    let size = args.get("size", DEFAULT_SIZE)?;
    let rule: Rule = args.get("rule", Rule::Freestyle)?;
    let level: u8 = args.get("level", 4)?;
    let human = match args.text("human").unwrap_or("black") {
        "both" => Human::Both,
        c => Human::Plays(c.parse().map_err(|e| format!("--human: {e}"))?),
    };
    let time = Duration::from_millis(args.get("time", 1000)?);
    let game = Game::new(size, rule).map_err(|e| e.to_string())?;
    if !(1..=gomoku::ai::MAX_LEVEL).contains(&level) {
        return Err(format!("--level must be 1 to {}", gomoku::ai::MAX_LEVEL));
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
    };
    println!(
        "gomoku {} — {rule} on {size}×{size}; type help for commands",
        gomoku::VERSION
    );
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        session.computer_moves();
        session.show();
        print!("> ");
        io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else { break };
        if !session.command(line.trim()) {
            break;
        }
    }
    Ok(())
}

impl Session {
    fn computer_to_move(&self) -> bool {
        !self.game.is_over()
            && matches!(self.human, Human::Plays(c) if c != self.game.side_to_move())
    }

    /// Lets the computer play while it is its turn.
    fn computer_moves(&mut self) {
        while self.computer_to_move() {
            print!("thinking… ");
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
        println!("\n{}", render(&self.game, self.ansi));
        if self.game.is_over() {
            let line: Vec<String> = self
                .game
                .winning_line()
                .iter()
                .map(Point::to_string)
                .collect();
            match self.game.winner() {
                Some(c) => println!("{c} wins with {}. Type undo, new or quit.", line.join(" ")),
                None => println!("Draw. Type undo, new or quit."),
            }
        } else {
            let who = match self.human {
                Human::Both => String::new(),
                Human::Plays(c) if c == self.game.side_to_move() => " (you)".into(),
                Human::Plays(_) => " (computer)".into(),
            };
            let last = self
                .game
                .last_move()
                .map_or(String::new(), |p| format!(", last move {p}"));
            println!(
                "{} to move{who}{last} [{} {}×{}]",
                self.game.side_to_move(),
                self.game.rule(),
                self.game.size(),
                self.game.size()
            );
        }
    }

    /// Carries out one typed command; returns false to quit.
    fn command(&mut self, line: &str) -> bool {
        let (word, arg) = line
            .split_once(' ')
            .map_or((line, ""), |(w, a)| (w, a.trim()));
        let outcome: Result<String, String> = match word {
            "" => Ok(String::new()),
            "quit" | "exit" | "q" => return false,
            "help" | "?" => Ok(HELP.to_string()),
            "undo" => self.undo(),
            "redo" => self
                .game
                .redo()
                .map(|p| format!("replayed {p}"))
                .map_err(|e| e.to_string()),
            "hint" => {
                let options = AiOptions {
                    time: Some(Duration::from_millis(500)),
                    ..self.options.clone()
                };
                self.engine
                    .best_move(&self.game, &options)
                    .map(|m| format!("hint: {} (score {})", m.point, m.score))
                    .map_err(|e| e.to_string())
            }
            "level" => match arg.parse::<u8>() {
                Ok(l) if (1..=gomoku::ai::MAX_LEVEL).contains(&l) => {
                    self.options.level = l;
                    Ok(format!("level {l}"))
                }
                _ => Err(format!("level must be 1 to {}", gomoku::ai::MAX_LEVEL)),
            },
            "new" => {
                self.game =
                    Game::new(self.game.size(), self.game.rule()).expect("the size was valid");
                self.engine.clear();
                Ok("new game".into())
            }
            "swap" => {
                if let Human::Plays(c) = self.human {
                    self.human = Human::Plays(c.opponent());
                }
                Ok("colours swapped".into())
            }
            "forbidden" => {
                let points: Vec<String> = self
                    .game
                    .forbidden_points()
                    .iter()
                    .map(Point::to_string)
                    .collect();
                Ok(if points.is_empty() {
                    "no forbidden points".into()
                } else {
                    points.join(" ")
                })
            }
            "save" if !arg.is_empty() => std::fs::write(arg, self.game.save())
                .map(|_| format!("saved to {arg}"))
                .map_err(|e| format!("cannot write {arg}: {e}")),
            "load" if !arg.is_empty() => std::fs::read_to_string(arg)
                .map_err(|e| format!("cannot read {arg}: {e}"))
                .and_then(|t| Game::load(&t).map_err(|e| format!("{arg}: {e}")))
                .map(|g| {
                    self.game = g;
                    format!("loaded {arg}")
                }),
            _ => match line.parse::<Point>() {
                Ok(_) if self.computer_to_move() => Err("it is the computer's turn".into()),
                Ok(p) => self
                    .game
                    .play(p)
                    .map(|_| String::new())
                    .map_err(|e| e.to_string()),
                Err(_) => Err(format!("unknown command {line:?}; type help")),
            },
        };
        match outcome {
            Ok(msg) if msg.is_empty() => {}
            Ok(msg) => println!("{msg}"),
            Err(msg) => println!("error: {msg}"),
        }
        true
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
        Ok(format!("took back {}", taken.join(" ")))
    }
}

/// Draws the board: `X` black, `O` white. With colours, the last move is
/// reversed and the winning line red; without, the last move is in brackets
/// and the winning line's stones are lowercase.
fn render(game: &Game, ansi: bool) -> String {
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
