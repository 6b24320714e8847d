//! `gomoku play --connect`: a room of a `gomoku serve` server played from
//! the terminal. The server owns the game; this shows what it says (its
//! save text, drawn like the local game) and sends what is typed.

use std::io::{self, BufRead, IsTerminal, Write};
use std::net::TcpStream;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use gomoku::{Color, Game};
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::play::{render, PlayArgs};
use crate::texts::Texts;

/// How often the socket is polled while waiting for typed lines.
const POLL: Duration = Duration::from_millis(50);

/// The WebSocket URL for `--connect`: `ws://` URLs as given, `HOST:PORT` as
/// the server's `/ws`.
fn url(connect: &str) -> String {
    if connect.starts_with("ws://") || connect.starts_with("wss://") {
        connect.to_string()
    } else {
        format!("ws://{}/ws", connect.trim_end_matches('/'))
    }
}

/// A request the players answer with yes or no.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pending {
    Undo,
    Draw,
}

struct Client {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    texts: &'static Texts,
    ansi: bool,
    color: Option<Color>,
    pending: Option<Pending>,
}

/// Plays a room of the server at `args.connect` until `quit`.
pub fn run(args: &PlayArgs, connect: &str, texts: &'static Texts) -> Result<(), String> {
    let url = url(connect);
    let (socket, _) = tungstenite::connect(url.as_str()).map_err(|e| format!("{url}: {e}"))?;
    if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
        stream
            .set_read_timeout(Some(POLL))
            .map_err(|e| e.to_string())?;
    }
    let mut client = Client {
        socket,
        texts,
        ansi: io::stdout().is_terminal(),
        color: None,
        pending: None,
    };
    let first = match (&args.room, &args.token) {
        (Some(room), Some(token)) => json!({"type": "resume", "room": room, "token": token}),
        (Some(room), None) => json!({"type": "join", "room": room, "name": args.name}),
        (None, _) => {
            let mut create = json!({
                "type": "create",
                "rule": args.rule.name(),
                "size": args.size,
                "color": args.color,
                "name": args.name,
            });
            if let Some(level) = args.computer {
                create["opponent"] = json!({ "ai": level });
            }
            create
        }
    };
    client.send(&first)?;
    let lines = stdin_lines();
    loop {
        match client.receive()? {
            Some(message) => client.show(&message, connect),
            None => match lines.try_recv() {
                Ok(line) => {
                    if !client.command(line.trim())? {
                        client.send(&json!({"type": "leave"})).ok();
                        return Ok(());
                    }
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => return Ok(()),
            },
        }
    }
}

/// Typed lines, read on a thread of their own so the socket keeps being read.
fn stdin_lines() -> Receiver<String> {
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

impl Client {
    fn send(&mut self, message: &Value) -> Result<(), String> {
        self.socket
            .send(Message::text(message.to_string()))
            .map_err(|e| format!("the server: {e}"))
    }

    /// The next message from the server, `None` if none came within the
    /// poll interval; an error once the connection is gone.
    fn receive(&mut self) -> Result<Option<Value>, String> {
        match self.socket.read() {
            Ok(Message::Text(text)) => Ok(serde_json::from_str(&text).ok()),
            Ok(Message::Close(_)) => Err("the server closed the connection".into()),
            Ok(_) => Ok(None),
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                Ok(None)
            }
            Err(e) => Err(format!("the server: {e}")),
        }
    }

    /// Prints what a server message says.
    fn show(&mut self, m: &Value, connect: &str) {
        let t = self.texts;
        let text = |key: &str| m[key].as_str().unwrap_or("").to_string();
        match m["type"].as_str().unwrap_or("") {
            "seat" => {
                self.color = text("color").parse().ok();
                println!(
                    "{}",
                    (t.online_seat)(&text("room"), &text("token"), connect)
                );
            }
            "state" => self.show_state(m),
            "undo_requested" => {
                self.pending = Some(Pending::Undo);
                println!("{}", t.undo_requested);
            }
            "draw_offered" => {
                self.pending = Some(Pending::Draw);
                println!("{}", t.draw_offered);
            }
            "rematch_offered" => println!("{}", t.rematch_offered),
            "undo_declined" | "draw_declined" => println!("{}", t.declined),
            "error" => println!("{}: {}", t.error, text("message")),
            _ => {}
        }
        print!("> ");
        io::stdout().flush().ok();
    }

    fn show_state(&self, m: &Value) {
        let t = self.texts;
        let Some(game) = m["save"].as_str().and_then(|s| Game::load(s).ok()) else {
            return;
        };
        println!("\n{}", render(&game, self.ansi));
        let language = t.language;
        if game.is_over() {
            println!("{}", language.result(game.result(), game.end_reason()));
        } else {
            let mover = game.side_to_move();
            let whose = if Some(mover) == self.color { t.you } else { "" };
            let last = game
                .last_move()
                .map_or(String::new(), |p| format!(", {} {p}", t.last_move));
            println!("{} {}{whose}{last}", language.color(mover), t.to_move);
        }
    }

    /// Sends what a typed line asks for; returns false to quit.
    fn command(&mut self, line: &str) -> Result<bool, String> {
        let message = match line {
            "" => return Ok(true),
            "quit" | "exit" | "q" => return Ok(false),
            "help" | "?" => {
                println!("{}", self.texts.online_help);
                return Ok(true);
            }
            "undo" => json!({"type": "undo"}),
            "resign" => json!({"type": "resign"}),
            "draw" => json!({"type": "draw_offer"}),
            "rematch" => json!({"type": "rematch"}),
            "yes" | "y" | "no" | "n" => {
                let accept = line.starts_with('y');
                match self.pending.take() {
                    Some(Pending::Undo) => json!({"type": "undo_reply", "accept": accept}),
                    Some(Pending::Draw) => json!({"type": "draw_reply", "accept": accept}),
                    None => return Ok(true),
                }
            }
            point => json!({"type": "move", "move": point}),
        };
        self.send(&message)?;
        Ok(true)
    }
}
