//! Test clients for a server on 127.0.0.1:0: WebSocket and TCP, reading
//! JSON messages with a timeout.
#![allow(dead_code)] // each test binary uses part of it

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use gomoku_server::{serve, Config, Limits, Server};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for one expected message.
pub const WAIT: Duration = Duration::from_secs(10);

/// A server on loopback ports with its database in a temporary directory.
pub struct TestServer {
    pub server: Server,
    pub dir: tempfile::TempDir,
}

impl TestServer {
    pub async fn start(limits: Limits) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.sqlite");
        TestServer::start_on(dir, db.to_str().unwrap().to_string(), limits).await
    }

    pub async fn start_on(dir: tempfile::TempDir, db: String, limits: Limits) -> TestServer {
        let mut config = Config::new(db);
        config.listen = "127.0.0.1:0".parse().unwrap();
        config.tcp = Some("127.0.0.1:0".parse().unwrap());
        config.limits = limits;
        let server = serve(config).await.expect("server starts");
        TestServer { server, dir }
    }

    pub fn http(&self) -> SocketAddr {
        self.server.http_addr()
    }

    pub async fn ws(&self) -> Client {
        Client::ws(self.http()).await
    }

    pub async fn tcp(&self) -> Client {
        Client::tcp(self.server.tcp_addr().unwrap()).await
    }

    /// `GET path` on the HTTP listener: status and body.
    pub async fn get(&self, path: &str) -> (u16, String) {
        http_get(self.http(), path).await
    }
}

/// Limits for quick tests: a fast computer and a short minimum clock.
pub fn test_limits() -> Limits {
    Limits {
        ai_time: Duration::from_millis(50),
        min_turn: Duration::from_millis(100),
        ..Limits::default()
    }
}

/// A minimal HTTP/1.1 GET.
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut response)
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    let status = text[9..12].parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

enum Transport {
    Ws(Box<tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>>),
    Tcp(BufReader<TcpStream>),
}

/// One client connection.
pub struct Client {
    transport: Transport,
    /// Every message received so far, in order.
    pub log: Vec<Value>,
    /// The last `state` received.
    pub state: Option<Value>,
    /// The seat's colour and token, once given.
    pub seat: Option<(String, String)>,
    pub room: Option<String>,
}

impl Client {
    pub async fn ws(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        let mut client = Client::new(Transport::Ws(Box::new(ws)));
        client.expect("hello").await;
        client
    }

    pub async fn tcp(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).await.unwrap();
        let mut client = Client::new(Transport::Tcp(BufReader::new(stream)));
        client.expect("hello").await;
        client
    }

    /// A client whose first message is not awaited (e.g. refused connections).
    pub async fn ws_raw(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        Client::new(Transport::Ws(Box::new(ws)))
    }

    /// A TCP client whose first message is not awaited.
    pub async fn tcp_raw(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).await.unwrap();
        Client::new(Transport::Tcp(BufReader::new(stream)))
    }

    fn new(transport: Transport) -> Client {
        Client {
            transport,
            log: Vec::new(),
            state: None,
            seat: None,
            room: None,
        }
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        match &mut self.transport {
            Transport::Ws(ws) => ws.send(Message::text(text)).await.unwrap(),
            Transport::Tcp(stream) => {
                let line = format!("{text}\n");
                stream.get_mut().write_all(line.as_bytes()).await.unwrap();
            }
        }
    }

    pub async fn send_bytes(&mut self, bytes: &[u8]) {
        match &mut self.transport {
            Transport::Ws(ws) => ws.send(Message::binary(bytes.to_vec())).await.unwrap(),
            Transport::Tcp(stream) => stream.get_mut().write_all(bytes).await.unwrap(),
        }
    }

    /// The next message, or `None` when the connection closed.
    pub async fn next(&mut self) -> Option<Value> {
        let text = tokio::time::timeout(WAIT, async {
            match &mut self.transport {
                Transport::Ws(ws) => loop {
                    match ws.next().await {
                        Some(Ok(Message::Text(t))) => return Some(t.to_string()),
                        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                        Some(Ok(_)) => continue,
                    }
                },
                Transport::Tcp(stream) => {
                    let mut line = String::new();
                    match stream.read_line(&mut line).await {
                        Ok(0) | Err(_) => None,
                        Ok(_) => Some(line),
                    }
                }
            }
        })
        .await
        .expect("a message within the wait")?;
        let value: Value = serde_json::from_str(&text).expect("the server sends JSON");
        match value["type"].as_str() {
            Some("state") => self.state = Some(value.clone()),
            Some("seat") => {
                self.seat = Some((
                    value["color"].as_str().unwrap().to_string(),
                    value["token"].as_str().unwrap().to_string(),
                ));
                self.room = Some(value["room"].as_str().unwrap().to_string());
            }
            _ => {}
        }
        self.log.push(value.clone());
        Some(value)
    }

    /// Reads until a message of this type arrives, and returns it.
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let m = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed while waiting for {kind}"));
            if m["type"] == kind {
                return m;
            }
            assert_ne!(m["type"], "error", "error while waiting for {kind}: {m}");
        }
    }

    /// Reads until an error arrives; returns its code.
    pub async fn expect_error(&mut self) -> String {
        loop {
            let m = self
                .next()
                .await
                .expect("closed while waiting for an error");
            if m["type"] == "error" {
                return m["code"].as_str().unwrap().to_string();
            }
        }
    }

    /// Reads until a state satisfying `pred` arrives.
    pub async fn state_where(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(s) = &self.state {
            if pred(s) {
                return s.clone();
            }
        }
        loop {
            let m = self.expect("state").await;
            if pred(&m) {
                return m;
            }
        }
    }

    /// Waits for a state with `n` moves.
    pub async fn moves(&mut self, n: usize) -> Value {
        self.state_where(|s| s["moves"].as_array().unwrap().len() == n)
            .await
    }

    /// Expects the connection to be closed by the server, reading what is left.
    pub async fn expect_closed(&mut self) {
        while self.next().await.is_some() {}
    }

    pub fn token(&self) -> String {
        self.seat.as_ref().unwrap().1.clone()
    }

    pub fn color(&self) -> String {
        self.seat.as_ref().unwrap().0.clone()
    }

    pub fn room_code(&self) -> String {
        self.room.clone().unwrap()
    }
}

/// A room with a person in each seat: (black, white).
pub async fn two_players(server: &TestServer, rule: &str, size: u32) -> (Client, Client) {
    let mut black = server.ws().await;
    black
        .send(json!({"type":"create","rule":rule,"size":size,"color":"black","name":"Ann"}))
        .await;
    black.expect("seat").await;
    let mut white = server.ws().await;
    white
        .send(json!({"type":"join","room":black.room_code(),"name":"Bob"}))
        .await;
    white.expect("seat").await;
    black.state_where(|s| s["names"]["white"] == "Bob").await;
    white.expect("state").await;
    (black, white)
}

/// Plays `moves`, each by the side to move, each awaited by both players.
pub async fn play(a: &mut Client, b: &mut Client, moves: &[&str]) {
    for m in moves {
        let state = a.state.clone().unwrap();
        let n = state["moves"].as_array().unwrap().len();
        let a_moves = state["to_move"].as_str() == a.seat.as_ref().map(|s| s.0.as_str());
        let (black, white) = (&mut *a, &mut *b);
        let mover = if a_moves { &mut *black } else { &mut *white };
        mover.send(json!({"type":"move","move":m})).await;
        black.moves(n + 1).await;
        white.moves(n + 1).await;
    }
}
