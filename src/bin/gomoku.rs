//! `gomoku`: play five in a row in the terminal.
//!
//! ```text
//! gomoku [--size N] [--rule freestyle|standard|renju|caro]
//! ```
//! Type a move (`h8`), or `undo`, `redo`, `save FILE`, `load FILE`, `new`,
//! `forbidden`, `help`, `quit`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use gomoku::{Game, Rule, DEFAULT_SIZE};

const HELP: &str = "\
commands:
  h8            play a move (column letter, row number from the top)
  undo / redo   take back or replay one move
  forbidden     list black's forbidden points (renju)
  save FILE     save the game; load FILE to continue one
  new           start again with the same size and rule
  help          this text; quit to leave";

/// Board size and rule from the command line.
fn parse_args() -> Result<(usize, Rule), String> {
    let mut size = DEFAULT_SIZE;
    let mut rule = Rule::Freestyle;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--size" => {
                size = value()?
                    .parse()
                    .map_err(|_| "--size needs a number".to_string())?
            }
            "--rule" => {
                rule = value()?
                    .parse()
                    .map_err(|e: gomoku::ParseError| e.to_string())?
            }
            "-h" | "--help" => {
                return Err(
                    "usage: gomoku [--size N] [--rule freestyle|standard|renju|caro]".into(),
                )
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok((size, rule))
}

/// Prints the board and whose turn it is, or the result.
fn show(game: &Game) {
    println!("\n{game}");
    if game.is_over() {
        let line: Vec<String> = game.winning_line().iter().map(|p| p.to_string()).collect();
        match game.winner() {
            Some(c) => println!("{c} wins with {}. Type undo, new or quit.", line.join(" ")),
            None => println!("Draw. Type undo, new or quit."),
        }
    } else {
        let stone = if game.side_to_move() == gomoku::Color::Black {
            'X'
        } else {
            'O'
        };
        println!(
            "{} ({stone}) to move [{} {}x{}]",
            game.side_to_move(),
            game.rule(),
            game.size(),
            game.size()
        );
    }
}

/// Carries out one typed command; returns false to quit.
fn command(game: &mut Game, line: &str) -> bool {
    let (word, arg) = line
        .split_once(' ')
        .map_or((line, ""), |(w, a)| (w, a.trim()));
    let outcome: Result<String, String> = match word {
        "" => Ok(String::new()),
        "quit" | "exit" | "q" => return false,
        "help" | "?" => Ok(HELP.to_string()),
        "undo" => game
            .undo()
            .map(|p| format!("took back {p}"))
            .map_err(|e| e.to_string()),
        "redo" => game
            .redo()
            .map(|p| format!("replayed {p}"))
            .map_err(|e| e.to_string()),
        "new" => {
            *game = Game::new(game.size(), game.rule()).expect("the size was valid");
            Ok("new game".into())
        }
        "forbidden" => {
            let points: Vec<String> = game
                .forbidden_points()
                .iter()
                .map(|p| p.to_string())
                .collect();
            Ok(if points.is_empty() {
                "no forbidden points".into()
            } else {
                points.join(" ")
            })
        }
        "save" if !arg.is_empty() => std::fs::write(arg, game.save())
            .map(|_| format!("saved to {arg}"))
            .map_err(|e| format!("cannot write {arg}: {e}")),
        "load" if !arg.is_empty() => std::fs::read_to_string(arg)
            .map_err(|e| format!("cannot read {arg}: {e}"))
            .and_then(|t| Game::load(&t).map_err(|e| format!("{arg}: {e}")))
            .map(|g| {
                *game = g;
                format!("loaded {arg}")
            }),
        _ => match line.parse() {
            Ok(p) => game
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

fn main() -> ExitCode {
    let (size, rule) = match parse_args() {
        Ok(v) => v,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::FAILURE;
        }
    };
    let mut game = match Game::new(size, rule) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("gomoku {} — type help for commands", gomoku::VERSION);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        show(&game);
        print!("> ");
        io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else { break };
        if !command(&mut game, line.trim()) {
            break;
        }
    }
    ExitCode::SUCCESS
}
