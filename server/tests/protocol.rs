//! Whole games between real clients on 127.0.0.1:0, over WebSocket and TCP:
//! every rule, undo with consent, resign, draws, rematches, reconnects,
//! spectators, the computer seat, the clock and the archive.

mod common;

use std::time::Duration;

use common::{play, test_limits, two_players, TestServer};
use gomoku_server::Limits;
use serde_json::{json, Value};

fn moves_of(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

async fn archive(server: &TestServer) -> Vec<Value> {
    let (status, body) = server.get("/api/games").await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str::<Value>(&body)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn a_game_is_won_by_five_under_every_rule_and_archived() {
    let server = TestServer::start(test_limits()).await;
    for rule in ["freestyle", "standard", "renju", "caro"] {
        let (mut black, mut white) = two_players(&server, rule, 15).await;
        play(
            &mut black,
            &mut white,
            &["h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7"],
        )
        .await;
        black.send(json!({"type":"move","move":"l8"})).await;
        let end = white.state_where(|s| s["result"] != "ongoing").await;
        assert_eq!(end["result"], "black", "{rule}");
        assert_eq!(end["reason"], "five");
        assert_eq!(end["winning_line"].as_array().unwrap().len(), 5);
        assert_eq!(end["rule"], rule);
        black.send(json!({"type":"move","move":"m8"})).await;
        assert_eq!(black.expect_error().await, "game_over");
        let newest = archive(&server).await[0].clone();
        assert_eq!(newest["rule"], rule);
        assert_eq!(newest["result"], "black");
        assert_eq!(newest["reason"], "five");
        assert_eq!(newest["black"], "Ann");
        assert_eq!(newest["white"], "Bob");
        assert_eq!(newest["move_count"], 9);
        let (status, save) = server.get(&format!("/api/games/{}", newest["id"])).await;
        assert_eq!(status, 200);
        let game = gomoku::Game::load(&save).unwrap();
        assert_eq!(game.moves().len(), 9);
        assert_eq!(game.result(), gomoku::GameResult::BlackWon);
    }
    server.server.shutdown().await;
}

#[tokio::test]
async fn standard_overline_is_no_win_and_renju_forbidden_moves_are_refused() {
    let server = TestServer::start(test_limits()).await;
    // Standard: six in a row does not win.
    let (mut black, mut white) = two_players(&server, "standard", 15).await;
    play(
        &mut black,
        &mut white,
        &[
            "a8", "a1", "b8", "a3", "c8", "a5", "e8", "a7", "f8", "a9", "g8", "a11",
        ],
    )
    .await;
    black.send(json!({"type":"move","move":"d8"})).await;
    let after = white.moves(13).await;
    assert_eq!(after["result"], "ongoing");

    // Renju: a double three for black is refused and changes nothing.
    let (mut black, mut white) = two_players(&server, "renju", 15).await;
    play(
        &mut black,
        &mut white,
        &["i8", "a1", "j8", "a3", "k9", "a5", "k10", "a7"],
    )
    .await;
    let before = black.state.clone().unwrap();
    assert!(before["forbidden"]
        .as_array()
        .unwrap()
        .contains(&json!("k8")));
    black.send(json!({"type":"move","move":"k8"})).await;
    assert_eq!(black.expect_error().await, "forbidden");
    black.send(json!({"type":"move","move":"o15"})).await;
    let after = white.moves(9).await;
    assert_eq!(moves_of(&after)[..8], moves_of(&before)[..]);
    server.server.shutdown().await;
}

#[tokio::test]
async fn undo_needs_the_opponents_consent() {
    let server = TestServer::start(test_limits()).await;
    let (mut black, mut white) = two_players(&server, "freestyle", 15).await;
    white.send(json!({"type":"undo"})).await;
    assert_eq!(white.expect_error().await, "nothing_to_undo");
    play(&mut black, &mut white, &["h8", "i9", "j10"]).await;
    // White to move: black's last move is one ply back.
    black.send(json!({"type":"undo"})).await;
    white.expect("undo_requested").await;
    white
        .send(json!({"type":"undo_reply","accept":false}))
        .await;
    black.expect("undo_declined").await;
    assert_eq!(moves_of(&black.moves(3).await).len(), 3);
    black.send(json!({"type":"undo"})).await;
    white.expect("undo_requested").await;
    white.send(json!({"type":"undo_reply","accept":true})).await;
    let s = black.moves(2).await;
    assert_eq!(moves_of(&s), ["h8", "i9"]);
    assert_eq!(s["to_move"], "black");
    // Black to move: white's own last move is the last ply.
    white.send(json!({"type":"undo"})).await;
    black.expect("undo_requested").await;
    black.send(json!({"type":"undo_reply","accept":true})).await;
    let s = white.moves(1).await;
    assert_eq!(moves_of(&s), ["h8"]);
    assert_eq!(s["to_move"], "white");
    // A move in between makes a request lapse.
    black.send(json!({"type":"undo"})).await;
    white.expect("undo_requested").await;
    white.send(json!({"type":"move","move":"a1"})).await;
    black.moves(2).await;
    white.send(json!({"type":"undo_reply","accept":true})).await;
    assert_eq!(white.expect_error().await, "no_request");
    server.server.shutdown().await;
}

#[tokio::test]
async fn resignation_draws_and_rematches_with_colours_swapped() {
    let server = TestServer::start(test_limits()).await;
    let (mut a, mut b) = two_players(&server, "freestyle", 15).await;
    play(&mut a, &mut b, &["h8", "h9"]).await;
    a.send(json!({"type":"rematch"})).await;
    assert_eq!(a.expect_error().await, "game_not_over");
    a.send(json!({"type":"resign"})).await;
    let end = b.state_where(|s| s["result"] != "ongoing").await;
    assert_eq!(
        (end["result"].as_str(), end["reason"].as_str()),
        (Some("white"), Some("resign"))
    );

    let token_a = a.token();
    a.send(json!({"type":"rematch"})).await;
    b.expect("rematch_offered").await;
    b.send(json!({"type":"rematch"})).await;
    let seat = a.expect("seat").await;
    assert_eq!(seat["color"], "white");
    assert_eq!(seat["token"], token_a.as_str());
    assert_eq!(b.expect("seat").await["color"], "black");
    let s = a.state_where(|s| s["game"] == 2).await;
    assert_eq!(s["names"]["black"], "Bob");
    assert!(moves_of(&s).is_empty());
    b.state_where(|s| s["game"] == 2).await;

    // Game 2: Bob (black) offers a draw; Ann refuses, then accepts a second.
    play(&mut b, &mut a, &["h8", "a1"]).await;
    b.send(json!({"type":"draw_offer"})).await;
    a.expect("draw_offered").await;
    a.send(json!({"type":"draw_reply","accept":false})).await;
    b.expect("draw_declined").await;
    b.send(json!({"type":"draw_reply","accept":true})).await;
    assert_eq!(b.expect_error().await, "no_request");
    a.send(json!({"type":"draw_offer"})).await;
    b.expect("draw_offered").await;
    b.send(json!({"type":"draw_reply","accept":true})).await;
    let end = a.state_where(|s| s["result"] != "ongoing").await;
    assert_eq!(
        (end["result"].as_str(), end["reason"].as_str()),
        (Some("draw"), Some("agreed"))
    );

    let games = archive(&server).await;
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["reason"], "agreed");
    assert_eq!(games[0]["black"], "Bob");
    assert_eq!(games[1]["reason"], "resign");
    assert_eq!(games[1]["black"], "Ann");
    // A resigned game's save text loads, and says how it ended and who played.
    let (_, save) = server.get(&format!("/api/games/{}", games[1]["id"])).await;
    assert!(save.contains("result white resign"), "{save}");
    let game = gomoku::Game::load(&save).unwrap();
    assert_eq!(game.moves().len(), 2);
    assert_eq!(game.end_reason(), Some(gomoku::EndReason::Resignation));
    assert_eq!(game.info().black.as_deref(), Some("Ann"));
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_player_resumes_with_the_token_and_spectators_watch() {
    let server = TestServer::start(test_limits()).await;
    let (mut black, mut white) = two_players(&server, "freestyle", 15).await;
    let code = black.room_code();
    let mut watcher = server.ws().await;
    watcher
        .send(json!({"type":"watch","room":code.to_lowercase()}))
        .await;
    let s = watcher.expect("state").await;
    assert_eq!(s["room"], code.as_str());
    black.state_where(|s| s["spectators"] == 1).await;
    watcher.send(json!({"type":"move","move":"h8"})).await;
    assert_eq!(watcher.expect_error().await, "not_seated");
    let mut third = server.ws().await;
    third.send(json!({"type":"join","room":code})).await;
    assert_eq!(third.expect_error().await, "room_full");

    play(&mut black, &mut white, &["h8", "i9"]).await;
    watcher.moves(2).await;
    let token = white.token();
    drop(white);
    black.state_where(|s| s["players"]["white"] == false).await;
    // The seat is kept for its token only.
    third.send(json!({"type":"join","room":code})).await;
    assert_eq!(third.expect_error().await, "room_full");
    third
        .send(json!({"type":"resume","room":code,"token":"0".repeat(32)}))
        .await;
    assert_eq!(third.expect_error().await, "bad_token");
    let mut white = server.ws().await;
    white
        .send(json!({"type":"resume","room":code,"token":token}))
        .await;
    assert_eq!(white.expect("seat").await["color"], "white");
    let s = white.expect("state").await;
    assert_eq!(moves_of(&s), ["h8", "i9"]);
    assert_eq!(s["players"]["white"], true);
    // A second resume takes the seat over; the first connection now watches.
    let mut again = server.ws().await;
    again
        .send(json!({"type":"resume","room":code,"token":token}))
        .await;
    again.expect("seat").await;
    assert_eq!(white.expect_error().await, "replaced");
    white.send(json!({"type":"move","move":"a1"})).await;
    assert_eq!(white.expect_error().await, "not_seated");
    play(
        &mut black,
        &mut again,
        &["i8", "a1", "j8", "a2", "k8", "a3", "l8"],
    )
    .await;
    let end = watcher.state_where(|s| s["result"] != "ongoing").await;
    assert_eq!(end["result"], "black");
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_computer_seat_answers_and_takes_back_at_once() {
    let server = TestServer::start(test_limits()).await;
    let mut human = server.ws().await;
    human
        .send(json!({"type":"create","rule":"renju","size":15,"color":"black","opponent":{"ai":1}}))
        .await;
    human.expect("seat").await;
    let s = human.expect("state").await;
    assert_eq!(s["computer"]["color"], "white");
    assert_eq!(s["computer"]["level"], 1);
    human.send(json!({"type":"move","move":"h8"})).await;
    // The computer is seen thinking about its reply...
    human
        .state_where(|s| {
            s["moves"].as_array().unwrap().len() == 1 && s["computer"]["thinking"] == true
        })
        .await;
    let s = human.moves(2).await;
    assert_eq!(s["to_move"], "black");
    // ...and the state that brings its move says it is done.
    assert_eq!(s["computer"]["thinking"], false, "{s}");
    human.send(json!({"type":"undo"})).await;
    let s = human.moves(0).await;
    assert_eq!(s["to_move"], "black");
    human.send(json!({"type":"draw_offer"})).await;
    human.expect("draw_declined").await;
    // The computer answers every move.
    for k in 1..=4 {
        let s = human.state.clone().unwrap();
        let free = (0..15u8)
            .flat_map(|y| (0..15u8).map(move |x| gomoku::Point::new(x, y).to_string()))
            .find(|p| {
                !moves_of(&s).contains(p) && !s["forbidden"].as_array().unwrap().contains(&json!(p))
            })
            .unwrap();
        human.send(json!({"type":"move","move":free})).await;
        let s = human.moves(2 * k).await;
        assert_eq!(s["computer"]["thinking"], false, "{s}");
    }
    human.send(json!({"type":"resign"})).await;
    let end = human.state_where(|s| s["result"] != "ongoing").await;
    assert_eq!(
        (end["result"].as_str(), end["reason"].as_str()),
        (Some("white"), Some("resign"))
    );
    // A rematch against the computer starts at once, colours swapped.
    human.send(json!({"type":"rematch"})).await;
    assert_eq!(human.expect("seat").await["color"], "white");
    let s = human
        .state_where(|s| s["game"] == 2 && s["moves"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(s["computer"]["color"], "black");
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_clock_ends_a_game_on_time() {
    let server = TestServer::start(test_limits()).await;
    let mut black = server.ws().await;
    black
        .send(json!({"type":"create","rule":"freestyle","size":15,"color":"black","clock":{"turn_ms":300}}))
        .await;
    black.expect("seat").await;
    let s = black.expect("state").await;
    assert_eq!(s["clock"]["turn_ms"], 300);
    assert_eq!(
        s["clock"]["remaining_ms"],
        Value::Null,
        "no clock before an opponent"
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mut white = server.ws().await;
    white
        .send(json!({"type":"join","room":black.room_code()}))
        .await;
    white.expect("seat").await;
    black.send(json!({"type":"move","move":"h8"})).await;
    let s = white.moves(1).await;
    assert!(s["clock"]["remaining_ms"].as_u64().unwrap() <= 300);
    let end = black.state_where(|s| s["result"] != "ongoing").await;
    assert_eq!(
        (end["result"].as_str(), end["reason"].as_str()),
        (Some("black"), Some("time"))
    );
    assert_eq!(archive(&server).await[0]["reason"], "time");
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_tcp_transport_plays_the_same_messages_as_lines() {
    let server = TestServer::start(test_limits()).await;
    let mut black = server.tcp().await;
    black
        .send(json!({"type":"create","rule":"caro","size":9,"color":"black"}))
        .await;
    black.expect("seat").await;
    let mut white = server.tcp().await;
    white
        .send(json!({"type":"join","room":black.room_code()}))
        .await;
    white.expect("seat").await;
    black.state_where(|s| s["names"]["white"] == "guest").await;
    white.expect("state").await;
    // Caro: the board's edge does not block a five.
    play(
        &mut black,
        &mut white,
        &["a5", "b1", "b5", "c1", "c5", "d1", "d5", "e1"],
    )
    .await;
    black.send(json!({"type":"move","move":"e5"})).await;
    let end = white.state_where(|s| s["result"] != "ongoing").await;
    assert_eq!(end["result"], "black", "the board edge is no block");
    black.send_text("{\"type\":").await;
    assert_eq!(black.expect_error().await, "bad_request");
    black.send_text(&"x".repeat(5000)).await;
    assert_eq!(black.expect_error().await, "too_large");
    black.send(json!({"type":"ping"})).await;
    black.expect("pong").await;
    server.server.shutdown().await;
}

#[tokio::test]
async fn open_rooms_survive_a_restart_with_their_moves_and_seats() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir
        .path()
        .join("games.sqlite")
        .to_str()
        .unwrap()
        .to_string();
    let server = TestServer::start_on(dir, db.clone(), test_limits()).await;
    let (mut black, mut white) = two_players(&server, "renju", 15).await;
    play(&mut black, &mut white, &["h8", "i9", "j10"]).await;
    let (code, tb, tw) = (black.room_code(), black.token(), white.token());
    let TestServer { server, dir } = server;
    server.shutdown().await;
    drop((black, white));

    let server = TestServer::start_on(dir, db, test_limits()).await;
    let mut white = server.ws().await;
    white
        .send(json!({"type":"resume","room":code,"token":tw}))
        .await;
    assert_eq!(white.expect("seat").await["color"], "white");
    let s = white.expect("state").await;
    assert_eq!(moves_of(&s), ["h8", "i9", "j10"]);
    let mut black = server.ws().await;
    black
        .send(json!({"type":"resume","room":code,"token":tb}))
        .await;
    black.expect("seat").await;
    black.expect("state").await;
    play(
        &mut black,
        &mut white,
        &["a1", "h9", "a2", "h10", "a3", "h11", "a4"],
    )
    .await;
    black.send(json!({"type":"move","move":"h12"})).await;
    let end = white.state_where(|s| s["result"] != "ongoing").await;
    assert_eq!(end["result"], "black");
    let games = archive(&server).await;
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["move_count"], 11);
    server.server.shutdown().await;
}

#[tokio::test]
async fn an_idle_room_closes_and_its_unfinished_game_is_archived_as_abandoned() {
    let limits = Limits {
        room_idle_timeout: Duration::from_millis(300),
        ..test_limits()
    };
    let server = TestServer::start(limits).await;
    let (mut black, mut white) = two_players(&server, "freestyle", 15).await;
    play(&mut black, &mut white, &["h8", "i9"]).await;
    let code = black.room_code();
    drop((black, white));
    tokio::time::sleep(Duration::from_millis(800)).await;
    let mut late = server.ws().await;
    late.send(json!({"type":"watch","room":code})).await;
    assert_eq!(late.expect_error().await, "no_room");
    let games = archive(&server).await;
    assert_eq!(games[0]["reason"], "abandoned");
    assert_eq!(games[0]["result"], "ongoing");
    assert_eq!(games[0]["move_count"], 2);
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_api_lists_newest_first_and_serves_save_psq_and_json() {
    let server = TestServer::start(test_limits()).await;
    for _ in 0..3 {
        let (mut a, mut b) = two_players(&server, "freestyle", 15).await;
        play(&mut a, &mut b, &["h8"]).await;
        b.send(json!({"type":"resign"})).await;
        a.state_where(|s| s["result"] != "ongoing").await;
    }
    let games = archive(&server).await;
    assert_eq!(games.len(), 3);
    assert!(games[0]["id"].as_i64() > games[1]["id"].as_i64());
    let (status, body) = server.get("/api/games?limit=2").await;
    assert_eq!(status, 200);
    assert_eq!(
        serde_json::from_str::<Value>(&body)
            .unwrap()
            .as_array()
            .unwrap()
            .len(),
        2
    );
    for bad in [
        "/api/games?limit=0",
        "/api/games?limit=x",
        "/api/games/x",
        "/api/games/1?format=doc",
    ] {
        assert_eq!(server.get(bad).await.0, 400, "{bad}");
    }
    assert_eq!(server.get("/api/games/999").await.0, 404);
    let id = &games[0]["id"];
    let (_, psq) = server.get(&format!("/api/games/{id}?format=psq")).await;
    assert!(psq.starts_with("Piskvorky 15x15"), "{psq}");
    let (_, sgf) = server.get(&format!("/api/games/{id}?format=sgf")).await;
    let from_sgf = gomoku::Game::from_sgf(&sgf).unwrap();
    assert_eq!(
        from_sgf.end_reason(),
        Some(gomoku::EndReason::Resignation),
        "{sgf}"
    );
    let (_, json) = server.get(&format!("/api/games/{id}?format=json")).await;
    let json: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["moves"], json!(["h8"]));
    assert_eq!(json["reason"], "resign");
    let (status, page) = server.get("/").await;
    assert_eq!(status, 200);
    assert!(page.contains("/app.js"));
    server.server.shutdown().await;
}
