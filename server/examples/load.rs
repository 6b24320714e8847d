//! Load benchmark: many simultaneous rooms on a running `gomoku serve
//! --tcp`, two clients each, playing random legal freestyle games. Reports
//! moves per second, move-to-broadcast latency (p50/p99: from a player's
//! `move` to the opponent's `state` showing it), the server's memory, and
//! checks every game against the archive (none lost, none doubled).
//!
//! ```text
//! cargo run --release -p gomoku-server --example load -- \
//!     --tcp 127.0.0.1:7716 --http 127.0.0.1:7715 --rooms 500 [--think-ms 100] [--pid PID]
//! ```
//! `server/bench/load.sh` starts a server and runs this against it.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::TcpStream;
use tokio::sync::Mutex;

struct Options {
    tcp: SocketAddr,
    http: SocketAddr,
    rooms: usize,
    think: Duration,
    pid: Option<u32>,
}

fn options() -> Result<Options, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |key: &str| {
        args.iter()
            .position(|a| a == key)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let parse = |key: &str, default: &str| get(key).unwrap_or_else(|| default.to_string());
    Ok(Options {
        tcp: parse("--tcp", "127.0.0.1:7716")
            .parse()
            .map_err(|e| format!("--tcp: {e}"))?,
        http: parse("--http", "127.0.0.1:7715")
            .parse()
            .map_err(|e| format!("--http: {e}"))?,
        rooms: parse("--rooms", "500")
            .parse()
            .map_err(|e| format!("--rooms: {e}"))?,
        think: Duration::from_millis(
            parse("--think-ms", "100")
                .parse()
                .map_err(|e| format!("--think-ms: {e}"))?,
        ),
        pid: get("--pid").and_then(|p| p.parse().ok()),
    })
}

/// One connection: reads JSON lines, writes JSON lines.
struct Conn {
    lines: tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>,
    writer: OwnedWriteHalf,
}

impl Conn {
    async fn open(addr: SocketAddr) -> std::io::Result<Conn> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        let (r, w) = stream.into_split();
        Ok(Conn {
            lines: BufReader::new(r).lines(),
            writer: w,
        })
    }

    async fn send(&mut self, v: Value) -> std::io::Result<()> {
        let mut line = v.to_string();
        line.push('\n');
        self.writer.write_all(line.as_bytes()).await
    }

    async fn next(&mut self) -> std::io::Result<Value> {
        match tokio::time::timeout(Duration::from_secs(60), self.lines.next_line()).await {
            Ok(Ok(Some(line))) => serde_json::from_str(&line)
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e)),
            Ok(Ok(None)) => Err(std::io::ErrorKind::UnexpectedEof.into()),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(std::io::ErrorKind::TimedOut.into()),
        }
    }

    async fn expect(&mut self, kind: &str) -> std::io::Result<Value> {
        loop {
            let m = self.next().await?;
            if m["type"] == kind {
                return Ok(m);
            }
            if m["type"] == "error" {
                return Err(std::io::Error::other(m.to_string()));
            }
        }
    }
}

/// Moves sent but not yet seen by the opponent: (room, ply) → when sent.
type InFlight = Arc<Mutex<HashMap<(String, usize), Instant>>>;

#[derive(Default)]
struct PlayerReport {
    latencies: Vec<Duration>,
    moves_sent: usize,
    errors: usize,
}

struct RoomReport {
    code: String,
    moves: Vec<String>,
}

fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Plays one seat until the game ends; returns the final moves and a report.
async fn play_seat(
    mut conn: Conn,
    code: String,
    color: String,
    mut seed: u64,
    think: Duration,
    in_flight: InFlight,
) -> std::io::Result<(Vec<String>, PlayerReport)> {
    let mut report = PlayerReport::default();
    loop {
        let m = conn.next().await?;
        if m["type"] == "error" {
            report.errors += 1;
            continue;
        }
        if m["type"] != "state" {
            continue;
        }
        let moves: Vec<String> = m["moves"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        if let Some(ply) = moves.len().checked_sub(1) {
            if let Some(sent) = in_flight.lock().await.remove(&(code.clone(), ply)) {
                report.latencies.push(sent.elapsed());
            }
        }
        if m["result"] != "ongoing" {
            return Ok((moves, report));
        }
        if m["to_move"] != color.as_str() || m["names"]["white"].is_null() {
            continue;
        }
        tokio::time::sleep(think).await;
        let size = m["size"].as_u64().unwrap_or(15) as u8;
        let taken: std::collections::HashSet<&str> = moves.iter().map(String::as_str).collect();
        let free: Vec<String> = (0..size)
            .flat_map(|y| (0..size).map(move |x| gomoku::Point::new(x, y).to_string()))
            .filter(|p| !taken.contains(p.as_str()))
            .collect();
        let choice = free[(xorshift(&mut seed) % free.len() as u64) as usize].clone();
        in_flight
            .lock()
            .await
            .insert((code.clone(), moves.len()), Instant::now());
        conn.send(json!({"type":"move","move":choice})).await?;
        report.moves_sent += 1;
    }
}

async fn run_room(
    index: usize,
    opts: Arc<Options>,
    in_flight: InFlight,
) -> std::io::Result<(RoomReport, PlayerReport, PlayerReport)> {
    let mut a = Conn::open(opts.tcp).await?;
    a.expect("hello").await?;
    a.send(json!({"type":"create","rule":"freestyle","size":15,"color":"black","name":format!("a{index}")}))
        .await?;
    let seat = a.expect("seat").await?;
    let code = seat["room"].as_str().unwrap_or_default().to_string();
    let mut b = Conn::open(opts.tcp).await?;
    b.expect("hello").await?;
    b.send(json!({"type":"join","room":code,"name":format!("b{index}")}))
        .await?;
    b.expect("seat").await?;
    let seed = 0x9e37_79b9_7f4a_7c15 ^ (index as u64 + 1).wrapping_mul(0x2545_f491);
    let pa = tokio::spawn(play_seat(
        a,
        code.clone(),
        "black".into(),
        seed,
        opts.think,
        in_flight.clone(),
    ));
    let pb = tokio::spawn(play_seat(
        b,
        code.clone(),
        "white".into(),
        seed.rotate_left(17),
        opts.think,
        in_flight,
    ));
    let (ma, ra) = pa.await.map_err(std::io::Error::other)??;
    let (_mb, rb) = pb.await.map_err(std::io::Error::other)??;
    Ok((RoomReport { code, moves: ma }, ra, rb))
}

async fn http_get(addr: SocketAddr, path: &str) -> std::io::Result<String> {
    let mut s = TcpStream::connect(addr).await?;
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await?;
    let mut buf = String::new();
    s.read_to_string(&mut buf).await?;
    Ok(buf
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default())
}

fn rss_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let opts = Arc::new(options()?);
    let in_flight: InFlight = Arc::default();
    let start = Instant::now();
    let mut rooms = Vec::new();
    for i in 0..opts.rooms {
        rooms.push(tokio::spawn(run_room(i, opts.clone(), in_flight.clone())));
    }
    let mut reports = Vec::new();
    let mut latencies = Vec::new();
    let (mut moves, mut errors, mut failed) = (0, 0, 0);
    for r in rooms {
        match r.await {
            Ok(Ok((room, a, b))) => {
                for p in [a, b] {
                    moves += p.moves_sent;
                    errors += p.errors;
                    latencies.extend(p.latencies);
                }
                reports.push(room);
            }
            Ok(Err(e)) => {
                failed += 1;
                eprintln!("room failed: {e}");
            }
            Err(e) => {
                failed += 1;
                eprintln!("room panicked: {e}");
            }
        }
    }
    let elapsed = start.elapsed();
    // The kernel keeps the server's peak resident size.
    let peak_rss = opts.pid.and_then(|pid| rss_kib(pid, "VmHWM:")).unwrap_or(0);
    latencies.sort();
    let pct = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q).round() as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };

    // Check every game against the archive.
    let list = http_get(opts.http, &format!("/api/games?limit={}", 1000))
        .await
        .map_err(|e| e.to_string())?;
    let games: Vec<Value> =
        serde_json::from_str(&list).map_err(|e| format!("archive list: {e}"))?;
    let mut by_room: HashMap<String, Vec<i64>> = HashMap::new();
    for g in &games {
        by_room
            .entry(g["room"].as_str().unwrap_or_default().to_string())
            .or_default()
            .push(g["id"].as_i64().unwrap_or(0));
    }
    let (mut lost, mut duplicated, mut mismatched) = (0, 0, 0);
    for room in &reports {
        match by_room.get(&room.code).map(Vec::as_slice) {
            None | Some([]) => lost += 1,
            Some([id]) => {
                let body = http_get(opts.http, &format!("/api/games/{id}?format=json"))
                    .await
                    .map_err(|e| e.to_string())?;
                let g: Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
                let archived: Vec<String> = g["moves"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|v| v.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default();
                if archived != room.moves {
                    mismatched += 1;
                }
            }
            Some(_) => duplicated += 1,
        }
    }
    let archived_moves: i64 = games.iter().filter_map(|g| g["move_count"].as_i64()).sum();
    println!(
        "rooms: {} finished, {failed} failed; connections: {}",
        reports.len(),
        2 * opts.rooms
    );
    println!(
        "moves: {moves} in {:.1} s = {:.0} moves/s (think time {} ms per move)",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        opts.think.as_millis()
    );
    println!(
        "move-to-broadcast latency (move sent to the first state showing it): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        pct(0.5),
        pct(0.99),
        pct(1.0),
        latencies.len()
    );
    if opts.pid.is_some() {
        println!(
            "server memory: peak RSS {:.1} MiB",
            peak_rss as f64 / 1024.0
        );
    }
    println!("errors received: {errors}");
    println!(
        "archive: {} games, {archived_moves} moves; lost {lost}, duplicated {duplicated}, moves differing {mismatched}",
        games.len()
    );
    if lost + duplicated + mismatched + failed > 0 {
        return Err("the archive does not match the games played".into());
    }
    Ok(())
}
