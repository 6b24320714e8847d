//! Bad input gets an `error` with its code and changes nothing: one test per
//! kind of refusal, plus the limits on connections, rooms, rates and idling.

mod common;

use std::time::Duration;

use common::{play, test_limits, two_players, Client, TestServer};
use gomoku_server::Limits;
use serde_json::json;

#[tokio::test]
async fn malformed_unknown_and_wrong_requests_are_bad_requests() {
    let server = TestServer::start(test_limits()).await;
    let mut c = server.ws().await;
    for text in [
        "not json",
        "{\"type\":",
        "[1,2]",
        "{\"type\":\"teleport\"}",
        "{\"type\":\"move\"}",
        "{\"type\":\"create\",\"rule\":\"go\",\"size\":15}",
        "{\"type\":\"create\",\"rule\":\"renju\",\"size\":4}",
        "{\"type\":\"create\",\"rule\":\"renju\",\"size\":27}",
        "{\"type\":\"create\",\"rule\":\"renju\",\"size\":15,\"color\":\"red\"}",
        "{\"type\":\"create\",\"rule\":\"renju\",\"size\":15,\"opponent\":{\"ai\":9}}",
        "{\"type\":\"create\",\"rule\":\"renju\",\"size\":15,\"clock\":{\"turn_ms\":1}}",
    ] {
        c.send_text(text).await;
        assert_eq!(c.expect_error().await, "bad_request", "{text}");
    }
    let long_name = "n".repeat(33);
    c.send(json!({"type":"create","rule":"renju","size":15,"name":long_name}))
        .await;
    assert_eq!(c.expect_error().await, "bad_request");
    c.send_bytes(b"\x00\x01binary").await;
    assert_eq!(c.expect_error().await, "bad_request");
    // None of that opened a room.
    assert_eq!(c.log.iter().filter(|m| m["type"] == "seat").count(), 0);
    c.send(json!({"type":"ping"})).await;
    c.expect("pong").await;
    server.server.shutdown().await;
}

#[tokio::test]
async fn room_and_seat_errors() {
    let server = TestServer::start(test_limits()).await;
    let mut c = server.ws().await;
    c.send(json!({"type":"move","move":"h8"})).await;
    assert_eq!(c.expect_error().await, "not_seated");
    c.send(json!({"type":"join","room":"ZZZZZZZZ"})).await;
    assert_eq!(c.expect_error().await, "no_room");
    c.send(json!({"type":"watch","room":"not a code"})).await;
    assert_eq!(c.expect_error().await, "no_room");
    c.send(json!({"type":"create","rule":"freestyle","size":15,"color":"black"}))
        .await;
    c.expect("seat").await;
    c.send(json!({"type":"move","move":"h8"})).await;
    assert_eq!(c.expect_error().await, "no_opponent");
    c.send(json!({"type":"resign"})).await;
    assert_eq!(c.expect_error().await, "no_opponent");
    let code = c.room_code();
    let mut w = server.ws().await;
    w.send(json!({"type":"resume","room":code,"token":c.token()}))
        .await;
    assert_eq!(w.expect("seat").await["color"], "black");
    assert_eq!(c.expect_error().await, "replaced");
    server.server.shutdown().await;
}

#[tokio::test]
async fn move_errors_change_nothing() {
    let server = TestServer::start(test_limits()).await;
    let (mut black, mut white) = two_players(&server, "freestyle", 9).await;
    white.send(json!({"type":"move","move":"e5"})).await;
    assert_eq!(white.expect_error().await, "not_your_turn");
    black.send(json!({"type":"move","move":"j5"})).await;
    assert_eq!(black.expect_error().await, "off_board");
    black.send(json!({"type":"move","move":"e55"})).await;
    assert_eq!(black.expect_error().await, "bad_request");
    black.send(json!({"type":"move","move":"?"})).await;
    assert_eq!(black.expect_error().await, "bad_request");
    play(&mut black, &mut white, &["e5"]).await;
    white.send(json!({"type":"move","move":"E5"})).await;
    assert_eq!(white.expect_error().await, "occupied");
    white.send(json!({"type":"undo_reply","accept":true})).await;
    assert_eq!(white.expect_error().await, "no_request");
    white.send(json!({"type":"draw_reply","accept":true})).await;
    assert_eq!(white.expect_error().await, "no_request");
    white.send(json!({"type":"move","move":"a1"})).await;
    let s = black.moves(2).await;
    assert_eq!(s["moves"], json!(["e5", "a1"]), "refusals changed nothing");
    black.send(json!({"type":"resign"})).await;
    white.state_where(|s| s["result"] != "ongoing").await;
    for request in [
        json!({"type":"move","move":"b2"}),
        json!({"type":"undo"}),
        json!({"type":"resign"}),
        json!({"type":"draw_offer"}),
    ] {
        white.send(request).await;
        assert_eq!(white.expect_error().await, "game_over");
    }
    server.server.shutdown().await;
}

#[tokio::test]
async fn oversized_messages_are_refused_with_the_stated_limit() {
    let server = TestServer::start(test_limits()).await;
    let mut c = server.ws().await;
    let limit = c.log[0]["limits"]["max_message_bytes"].as_u64().unwrap() as usize;
    assert_eq!(limit, Limits::default().max_message_bytes);
    let padding = " ".repeat(limit);
    c.send_text(&format!("{{\"type\":\"ping\"{padding}}}"))
        .await;
    let error = c.log.len();
    assert_eq!(c.expect_error().await, "too_large");
    assert!(c.log[error]["message"]
        .as_str()
        .unwrap()
        .contains(&limit.to_string()));
    c.send(json!({"type":"ping"})).await;
    c.expect("pong").await;
    // Far beyond the limit, the WebSocket is closed.
    c.send_text(&"x".repeat(limit * 20)).await;
    c.expect_closed().await;
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_flood_is_rate_limited_then_disconnected() {
    let limits = Limits {
        messages_per_second: 5,
        burst: 5,
        ..test_limits()
    };
    let server = TestServer::start(limits).await;
    let mut c = server.tcp().await;
    for _ in 0..8 {
        c.send(json!({"type":"ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    while pongs + limited < 8 {
        let m = c.next().await.unwrap();
        match m["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" => {
                assert_eq!(m["code"], "rate_limited");
                limited += 1;
            }
            _ => {}
        }
    }
    assert_eq!((pongs, limited), (5, 3));
    // Keeping on flooding closes the connection.
    for _ in 0..40 {
        c.send(json!({"type":"ping"})).await;
    }
    c.expect_closed().await;
    server.server.shutdown().await;
}

#[tokio::test]
async fn connections_and_rooms_beyond_the_limits_are_refused() {
    let limits = Limits {
        max_connections: 2,
        max_rooms: 1,
        ..test_limits()
    };
    let server = TestServer::start(limits).await;
    let mut a = server.ws().await;
    let _b = server.tcp().await;
    let mut c = Client::ws_raw(server.http()).await;
    assert_eq!(c.expect_error().await, "too_many_connections");
    c.expect_closed().await;
    let mut d = Client::tcp_raw(server.server.tcp_addr().unwrap()).await;
    assert_eq!(d.expect_error().await, "too_many_connections");
    a.send(json!({"type":"create","rule":"renju","size":15}))
        .await;
    a.expect("seat").await;
    a.send(json!({"type":"create","rule":"renju","size":15}))
        .await;
    assert_eq!(a.expect_error().await, "too_many_rooms");
    // A refused create changes nothing: the connection still has its seat.
    a.send(json!({"type":"resign"})).await;
    assert_eq!(a.expect_error().await, "no_opponent");
    server.server.shutdown().await;
}

#[tokio::test]
async fn an_idle_connection_is_told_and_closed_but_keeps_its_seat() {
    let limits = Limits {
        idle_timeout: Duration::from_millis(300),
        ..test_limits()
    };
    let server = TestServer::start(limits).await;
    let mut c = server.ws().await;
    c.send(json!({"type":"create","rule":"renju","size":15}))
        .await;
    c.expect("seat").await;
    assert_eq!(c.expect_error().await, "idle_timeout");
    c.expect_closed().await;
    let mut back = server.ws().await;
    back.send(json!({"type":"resume","room":c.room_code(),"token":c.token()}))
        .await;
    back.expect("seat").await;
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_browser_page_from_another_site_cannot_open_the_websocket() {
    let server = TestServer::start(test_limits()).await;
    let mut stream = tokio::net::TcpStream::connect(server.http()).await.unwrap();
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        server.http()
    );
    tokio::io::AsyncWriteExt::write_all(&mut stream, request.as_bytes())
        .await
        .unwrap();
    let mut buf = vec![0; 64];
    let n = tokio::io::AsyncReadExt::read(&mut stream, &mut buf)
        .await
        .unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 403"));
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_move_the_database_refuses_is_not_played() {
    let server = TestServer::start(test_limits()).await;
    let (mut black, mut white) = two_players(&server, "freestyle", 15).await;
    play(&mut black, &mut white, &["h8"]).await;
    // Break the moves table behind the server's back.
    sqlx::any::install_default_drivers();
    let url = format!(
        "sqlite://{}",
        server.dir.path().join("games.sqlite").display()
    );
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&url)
        .await
        .unwrap();
    sqlx::Executor::execute(&mut conn, "DROP TABLE moves")
        .await
        .unwrap();
    white.send(json!({"type":"move","move":"i9"})).await;
    assert_eq!(white.expect_error().await, "internal");
    white.send(json!({"type":"ping"})).await;
    white.expect("pong").await;
    assert_eq!(white.state.as_ref().unwrap()["moves"], json!(["h8"]));
    assert_eq!(white.state.as_ref().unwrap()["to_move"], "white");
    black.send(json!({"type":"ping"})).await;
    black.expect("pong").await;
    assert_eq!(
        black.state.as_ref().unwrap()["moves"],
        json!(["h8"]),
        "nobody was told of the refused move"
    );
    server.server.shutdown().await;
}
