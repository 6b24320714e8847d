//! `gomoku play --connect`: two terminal players, and one against the
//! server's computer, play rooms of a real `gomoku serve`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running process with its output read line by line.
struct Running {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Running {
    fn start(args: &[&str], read_stderr: bool) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
            .args(args)
            .env("LANG", "C")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (send, lines) = channel();
        let out: Box<dyn std::io::Read + Send> = if read_stderr {
            Box::new(child.stderr.take().unwrap())
        } else {
            Box::new(child.stdout.take().unwrap())
        };
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let input = child.stdin.take();
        Running {
            child,
            input,
            lines,
            seen: Vec::new(),
        }
    }

    /// The first line containing `text` from now on.
    fn wait_for(&mut self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => panic!("no {text:?} in:\n{}", self.seen.join("\n")),
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        let input = self.input.as_mut().unwrap();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A server on a free port with a fresh database; its address.
fn serve() -> (Running, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let mut server = Running::start(
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--db",
            db.to_str().unwrap(),
        ],
        true,
    );
    let line = server.wait_for("gomoku serve: open http://");
    let addr = line
        .split("http://")
        .nth(1)
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    (server, addr, dir)
}

#[test]
fn two_terminals_play_a_room_to_a_win() {
    let (_server, addr, _dir) = serve();
    let mut black = Running::start(
        &[
            "play",
            "--connect",
            &addr,
            "--color",
            "black",
            "--name",
            "Ann",
        ],
        false,
    );
    let seat = black.wait_for("room ");
    let room = seat
        .split("room ")
        .nth(1)
        .unwrap()
        .split(':')
        .next()
        .unwrap()
        .to_string();
    assert!(seat.contains(&format!("#room={room}")), "{seat}");
    let mut white = Running::start(&["play", "--connect", &addr, "--room", &room], false);
    white.wait_for("your token");
    black.wait_for("black to move (you)");
    let (b, w) = (["a1", "a2", "a3", "a4"], ["o1", "o2", "o3", "o4"]);
    for k in 0..4 {
        black.type_line(b[k]);
        white.wait_for(&format!("white to move (you), last move {}", b[k]));
        white.type_line(w[k]);
        black.wait_for(&format!("black to move (you), last move {}", w[k]));
    }
    white.type_line("a9"); // not white's turn: refused, nothing changes
    white.wait_for("error:");
    // White takes back o4 with black's consent, and plays it again.
    white.type_line("undo");
    black.wait_for("asks to take back a move");
    black.type_line("yes");
    black.wait_for("white to move, last move a4");
    white.wait_for("white to move (you), last move a4");
    white.type_line("o4");
    black.wait_for("black to move (you), last move o4");
    black.type_line("a5");
    black.wait_for("black wins with five in a row");
    white.wait_for("black wins with five in a row");
    black.type_line("quit");
    white.type_line("quit");
}

#[test]
fn a_terminal_plays_the_servers_computer_and_resigns() {
    let (_server, addr, _dir) = serve();
    let mut me = Running::start(
        &[
            "play",
            "--connect",
            &addr,
            "--color",
            "black",
            "--computer",
            "1",
            "--rule",
            "renju",
        ],
        false,
    );
    me.wait_for("black to move (you)");
    me.type_line("h8");
    me.wait_for("white to move, last move h8");
    me.wait_for("black to move (you), last move"); // the computer answered
    me.type_line("help");
    me.wait_for("rematch");
    me.type_line("resign");
    me.wait_for("white wins by resignation");
    me.type_line("quit");
}
