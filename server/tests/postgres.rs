//! The same database layer and a whole game against a real PostgreSQL.
//! Runs when `GOMOKU_TEST_POSTGRES_URL` names a server where the user may
//! create databases (`tests/run-all.sh` starts one); each run works in a
//! fresh database of its own and drops it afterwards.

mod common;

use common::{play, test_limits, two_players, TestServer};
use gomoku_server::store::{ArchivedGame, GameSummary, RoomRecord, Store};
use serde_json::json;
use sqlx::Executor;

/// A fresh database on the test server, dropped by [`drop_database`].
async fn fresh_database(base: &str, tag: &str) -> (String, String) {
    sqlx::any::install_default_drivers();
    let name = format!("gomoku_test_{tag}_{}", std::process::id());
    let mut admin = admin(base).await;
    admin
        .execute(format!("DROP DATABASE IF EXISTS {name}").as_str())
        .await
        .unwrap();
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    let url = match base.rsplit_once('/') {
        Some((server, _db)) => format!("{server}/{name}"),
        None => panic!("GOMOKU_TEST_POSTGRES_URL must end in /DATABASE"),
    };
    (name, url)
}

async fn drop_database(base: &str, name: &str) {
    let mut admin = admin(base).await;
    admin
        .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
        .await
        .unwrap();
}

async fn admin(url: &str) -> sqlx::AnyConnection {
    use sqlx::Connection;
    sqlx::AnyConnection::connect(url).await.unwrap()
}

fn base_url() -> Option<String> {
    let url = std::env::var("GOMOKU_TEST_POSTGRES_URL").ok();
    if url.is_none() {
        eprintln!("GOMOKU_TEST_POSTGRES_URL is not set: PostgreSQL tests skipped");
    }
    url
}

#[tokio::test]
async fn the_store_keeps_rooms_moves_and_games_in_postgres() {
    let Some(base) = base_url() else { return };
    let (name, url) = fresh_database(&base, "store").await;
    let store = Store::open(&url).await.unwrap();
    // Opening again finds the schema up to date.
    Store::open(&url).await.unwrap().close().await;
    let mut room = RoomRecord {
        code: "ABCDEFGH".into(),
        rule: "renju".into(),
        size: 15,
        turn_ms: Some(30_000),
        ai_level: Some(3),
        ai_color: Some("white".into()),
        black_token_hash: Some("hash".into()),
        white_token_hash: None,
        black_name: Some("Ann".into()),
        white_name: None,
        game_no: 1,
        game_started_at: 1_700_000_000_000,
        result: None,
        reason: None,
        created_at: 1_700_000_000_000,
    };
    assert!(!store.code_in_use(&room.code).await.unwrap());
    store.create_room(&room).await.unwrap();
    assert!(store.code_in_use(&room.code).await.unwrap());
    for (ply, point) in ["h8", "i9", "j10"].iter().enumerate() {
        store
            .record_move(&room.code, 1, ply as i64, point, 1)
            .await
            .unwrap();
    }
    assert!(
        store.record_move(&room.code, 1, 2, "a1", 1).await.is_err(),
        "a move number is stored once"
    );
    store.remove_moves_from(&room.code, 1, 2).await.unwrap();
    let open = store.open_rooms().await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].record, room);
    assert_eq!(open[0].moves, ["h8", "i9"]);

    room.result = Some("black".into());
    room.reason = Some("resign".into());
    let game = ArchivedGame {
        summary: GameSummary {
            id: 0,
            room: room.code.clone(),
            game: 1,
            rule: "renju".into(),
            size: 15,
            black: "Ann".into(),
            white: "computer (level 3)".into(),
            result: "black".into(),
            reason: "resign".into(),
            started_at: 1,
            ended_at: 2,
            move_count: 2,
        },
        save: "gomoku-save 1\n".into(),
    };
    let id = store.finish_game(&room, &game).await.unwrap();
    let listed = store.list_games(10).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, id);
    let stored = store.game(id).await.unwrap().unwrap();
    assert_eq!(stored.save, game.save);
    assert_eq!(stored.summary.white, "computer (level 3)");
    assert_eq!(store.game(id + 1).await.unwrap(), None);
    assert_eq!(
        store.open_rooms().await.unwrap()[0]
            .record
            .reason
            .as_deref(),
        Some("resign")
    );
    store.delete_room(&room.code).await.unwrap();
    assert!(store.open_rooms().await.unwrap().is_empty());
    store.close().await;
    drop_database(&base, &name).await;
}

#[tokio::test]
async fn a_game_is_played_restarted_and_archived_on_postgres() {
    let Some(base) = base_url() else { return };
    let (name, url) = fresh_database(&base, "game").await;
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_on(dir, url.clone(), test_limits()).await;
    let (mut black, mut white) = two_players(&server, "standard", 15).await;
    play(&mut black, &mut white, &["h8", "a1", "i8", "a2"]).await;
    let (code, tb, tw) = (black.room_code(), black.token(), white.token());
    let TestServer { server, dir } = server;
    server.shutdown().await;

    let server = TestServer::start_on(dir, url, test_limits()).await;
    let mut black = server.ws().await;
    black
        .send(json!({"type":"resume","room":code,"token":tb}))
        .await;
    black.expect("seat").await;
    black.expect("state").await;
    let mut white = server.ws().await;
    white
        .send(json!({"type":"resume","room":code,"token":tw}))
        .await;
    white.expect("seat").await;
    white.expect("state").await;
    play(&mut black, &mut white, &["j8", "a3", "k8", "a4"]).await;
    black.send(json!({"type":"move","move":"l8"})).await;
    let end = white.state_where(|s| s["result"] != "ongoing").await;
    assert_eq!(end["reason"], "five");
    let (_, body) = server.get("/api/games").await;
    let games: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(games[0]["move_count"], 9);
    server.server.shutdown().await;
    drop_database(&base, &name).await;
}
