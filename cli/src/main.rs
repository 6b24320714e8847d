//! `gomoku`: play five in a row in the terminal, and the engine's tools.
//! `gomoku --help` lists the subcommands; `gomoku completions bash` prints a
//! shell completion script.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
#[cfg(feature = "serve")]
use gomoku_cli::serve;
use gomoku_cli::{arena, play, puzzles, tune};

/// Five in a row: a game in the terminal (the default), and the engine's
/// tools.
#[derive(Parser)]
#[command(name = "gomoku", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: play::PlayArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Play in the terminal: you are black against level 4 unless told.
    Play(play::PlayArgs),
    /// Search the bench positions to a fixed depth: nodes, nodes per second,
    /// a signature, and the make+unmake rate.
    Bench(arena::BenchArgs),
    /// Two players (levels or Gomocup brains) meet on every opening, colours
    /// swapped.
    Arena(arena::ArenaArgs),
    /// A level against itself, every game recorded with each move's score
    /// (training data for `tune --data`).
    Selfplay(arena::SelfplayArgs),
    /// Print balanced openings as Gomocup offset lines.
    Openings(arena::OpeningsArgs),
    /// Fit the evaluation's weights to the results of saved games, or
    /// (--policy NAME) the search's move-ordering scores to a player's moves.
    Tune(tune::TuneArgs),
    /// Solve VCF/VCT puzzle files (quintet case format).
    Vcf(puzzles::VcfArgs),
    /// Network play: the browser client and a WebSocket, optionally JSON
    /// lines over TCP, games kept in SQLite or PostgreSQL.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (name, result) = match cli.command {
        None => ("play", play::run(cli.play)),
        Some(Command::Play(args)) => ("play", play::run(args)),
        Some(Command::Bench(args)) => ("bench", arena::bench(args)),
        Some(Command::Arena(args)) => ("arena", arena::run(args)),
        Some(Command::Selfplay(args)) => ("selfplay", arena::selfplay(args)),
        Some(Command::Openings(args)) => ("openings", arena::openings(args)),
        Some(Command::Tune(args)) => ("tune", tune::run(args)),
        Some(Command::Vcf(args)) => ("vcf", puzzles::run(args)),
        #[cfg(feature = "serve")]
        Some(Command::Serve(args)) => ("serve", serve::run(args)),
        Some(Command::Completions { shell }) => {
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "gomoku", &mut std::io::stdout());
            ("completions", Ok(()))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("gomoku {name}: {msg}");
            ExitCode::FAILURE
        }
    }
}
