//! `gomoku`: play five in a row in the terminal, and the engine's tools.
//!
//! ```text
//! gomoku [play] [--size N] [--rule R] [--level L] [--human black|white|both] [--time MS]
//! gomoku bench [--depth N]
//! gomoku arena --a LEVEL --b LEVEL [--time MS] [--openings FILE] ...
//! gomoku tune --games DIR [--epochs N]
//! gomoku vcf FILE...
//! gomoku serve [--listen ADDR] [--tcp ADDR] [--db URL]
//! ```

use std::process::ExitCode;

use gomoku_cli::{arena, play, puzzles, serve, tune};

const USAGE: &str = "\
usage:
  gomoku [play] [--size N] [--rule freestyle|standard|renju|caro] [--level 1-5]
                [--human black|white|both] [--time MS]
      play in the terminal (default: you are black against level 4)
  gomoku bench [--depth N]
      search the bench positions; prints nodes, nodes per second and a signature
  gomoku arena [--a LEVEL] [--b LEVEL] [--time MS] [--nodes N] [--depth N]
               [--rule R] [--size N] [--openings FILE|random] [--count N]
               [--threads N] [--out DIR]
      play two levels against each other, every opening twice with colours swapped
  gomoku tune --games DIR [--epochs N]
      fit the evaluation weights to the results of the saved games in DIR
  gomoku vcf FILE...
      solve VCF/VCT puzzle files (quintet case format) with the VCF solver
  gomoku serve [--listen ADDR] [--tcp ADDR] [--db PATH|URL]
      network play: the browser client and /ws on ADDR (default 127.0.0.1:7715),
      JSON lines on --tcp ADDR, games in a SQLite file (default gomoku-games.sqlite)
      or a postgres:// URL";

fn main() -> ExitCode {
    let mut argv: Vec<String> = std::env::args().skip(1).collect();
    let command = match argv.first().map(String::as_str) {
        Some("play" | "bench" | "arena" | "tune" | "vcf" | "serve") => argv.remove(0),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => "play".to_string(),
    };
    let result = match command.as_str() {
        "play" => play::run(&argv),
        "bench" => arena::bench(&argv),
        "arena" => arena::run(&argv),
        "tune" => tune::run(&argv),
        "serve" => serve::run(&argv),
        _ => puzzles::run(&argv),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("gomoku {command}: {msg}\n\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}
