//! The real `gomoku serve` process, killed with SIGKILL mid-game and started
//! again on the same SQLite file: both players take their seats back with
//! their tokens, finish the game, and the archive holds every move.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

struct Served {
    child: Child,
    http: String,
    tcp: String,
}

fn start(db: &str) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--tcp",
            "127.0.0.1:0",
            "--db",
            db,
        ])
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let (mut http, mut tcp) = (None, None);
    let mut line = String::new();
    while http.is_none() || tcp.is_none() {
        line.clear();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "server exited");
        if let Some(rest) = line.trim().strip_prefix("gomoku serve: open http://") {
            http = Some(rest.trim_end_matches('/').to_string());
        }
        if let Some(rest) = line.trim().strip_prefix("gomoku serve: JSON lines on tcp ") {
            tcp = Some(rest.to_string());
        }
    }
    // Keep draining its log so it never blocks on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    Served {
        child,
        http: http.unwrap(),
        tcp: tcp.unwrap(),
    }
}

struct Player {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    state: Value,
}

impl Player {
    fn connect(addr: &str) -> Player {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut player = Player {
            reader: BufReader::new(stream.try_clone().unwrap()),
            writer: stream,
            state: Value::Null,
        };
        player.expect("hello");
        player
    }

    fn send(&mut self, message: Value) {
        writeln!(self.writer, "{message}").unwrap();
    }

    fn expect(&mut self, kind: &str) -> Value {
        loop {
            let mut line = String::new();
            assert!(self.reader.read_line(&mut line).unwrap() > 0, "closed");
            let m: Value = serde_json::from_str(&line).unwrap();
            if m["type"] == "state" {
                self.state = m.clone();
            }
            assert_ne!(m["type"], "error", "{m}");
            if m["type"] == kind {
                return m;
            }
        }
    }

    fn wait_moves(&mut self, n: usize) {
        while self.state["moves"].as_array().map_or(0, Vec::len) != n {
            self.expect("state");
        }
    }
}

fn get(http: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(http).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {http}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    response.split_once("\r\n\r\n").unwrap().1.to_string()
}

fn play(black: &mut Player, white: &mut Player, moves: &[&str], from: usize) {
    for (i, m) in moves.iter().enumerate() {
        let mover = if (from + i).is_multiple_of(2) {
            &mut *black
        } else {
            &mut *white
        };
        mover.send(json!({"type":"move","move":m}));
        black.wait_moves(from + i + 1);
        white.wait_moves(from + i + 1);
    }
}

#[test]
fn a_killed_server_restarts_with_its_rooms_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let db = db.to_str().unwrap();

    let mut server = start(db);
    let mut black = Player::connect(&server.tcp);
    black.send(json!({"type":"create","rule":"renju","size":15,"color":"black","name":"Ann"}));
    let seat = black.expect("seat");
    let (room, black_token) = (seat["room"].clone(), seat["token"].clone());
    let mut white = Player::connect(&server.tcp);
    white.send(json!({"type":"join","room":room,"name":"Bob"}));
    let white_token = white.expect("seat")["token"].clone();
    white.expect("state");
    black.wait_moves(0);
    let before = ["h8", "a1", "h9", "a2", "h10"];
    play(&mut black, &mut white, &before, 0);

    // Every move both players saw is in the database: kill without warning.
    server.child.kill().unwrap();
    server.child.wait().unwrap();

    let mut server = start(db);
    let mut white = Player::connect(&server.tcp);
    white.send(json!({"type":"resume","room":room,"token":white_token}));
    assert_eq!(white.expect("seat")["color"], "white");
    white.expect("state");
    assert_eq!(white.state["moves"], json!(before));
    let mut black = Player::connect(&server.tcp);
    black.send(json!({"type":"resume","room":room,"token":black_token}));
    assert_eq!(black.expect("seat")["color"], "black");
    black.expect("state");
    play(&mut black, &mut white, &["a3", "h11", "a4", "h12"], 5);
    assert_eq!(black.state["result"], "black");

    let games: Value = serde_json::from_str(&get(&server.http, "/api/games")).unwrap();
    let game = &games[0];
    assert_eq!(game["room"], room);
    assert_eq!(
        (game["black"].as_str(), game["white"].as_str()),
        (Some("Ann"), Some("Bob"))
    );
    assert_eq!(game["reason"], "five");
    let save = get(&server.http, &format!("/api/games/{}", game["id"]));
    let archived = gomoku::Game::load(&save).unwrap();
    let moves: Vec<String> = archived.moves().iter().map(|p| p.to_string()).collect();
    assert_eq!(
        moves,
        ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"]
    );
    server.child.kill().unwrap();
    server.child.wait().unwrap();
}
