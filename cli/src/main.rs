//! `gomoku`: play five in a row in the terminal, and the engine's tools.
//! `gomoku --help` lists the subcommands; `gomoku completions bash` prints a
//! shell completion script.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
#[cfg(feature = "serve")]
use gomoku_cli::serve;
use gomoku_cli::{arena, label, play, puzzles, tune};

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
    /// Label every position of c-gomoku-cli games with a stronger brain's
    /// judgement at a node budget (the input of `tune --labels`).
    Label(label::LabelArgs),
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
    if cli.command.as_ref().is_some_and(Command::only_prints) {
        die_quietly_on_closed_pipe();
    }
    let (name, result) = match cli.command {
        None => ("play", play::run(cli.play)),
        Some(Command::Play(args)) => ("play", play::run(args)),
        Some(Command::Bench(args)) => ("bench", arena::bench(args)),
        Some(Command::Arena(args)) => ("arena", arena::run(args)),
        Some(Command::Selfplay(args)) => ("selfplay", arena::selfplay(args)),
        Some(Command::Openings(args)) => ("openings", arena::openings(args)),
        Some(Command::Tune(args)) => ("tune", tune::run(args)),
        Some(Command::Label(args)) => ("label", label::run(args)),
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

impl Command {
    /// Whether the command's only pipe is its output. The game, the arena
    /// (which talks to brains through pipes) and the server keep Rust's
    /// default, where a pipe or socket closed by the other end is an error
    /// to handle rather than a signal that ends the process.
    fn only_prints(&self) -> bool {
        matches!(
            self,
            Command::Bench(_)
                | Command::Selfplay(_)
                | Command::Openings(_)
                | Command::Tune(_)
                | Command::Vcf(_)
                | Command::Completions { .. }
        )
    }
}

/// Restores the default action of SIGPIPE, which Rust's runtime ignores:
/// `gomoku openings | head` then ends quietly when `head` has read enough,
/// as other command-line tools do, instead of panicking on the next write.
fn die_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called in `main` before any other thread exists;
    // SIG_DFL is a valid action for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
