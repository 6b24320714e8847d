//! Robustness: arbitrary text and bytes never panic the parser or the
//! server; every bad message is answered with an `error`.

mod common;

use common::{test_limits, TestServer};
use gomoku_server::protocol::{parse_client_message, ErrorCode};
use proptest::prelude::*;
use serde_json::json;

/// JSON values shaped like requests: a known or unknown type and random fields.
fn request_like() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        ".{0,12}".prop_map(serde_json::Value::from),
    ];
    let value = leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    });
    let kind = prop_oneof![
        Just("create"),
        Just("join"),
        Just("watch"),
        Just("resume"),
        Just("move"),
        Just("undo"),
        Just("undo_reply"),
        Just("resign"),
        Just("draw_offer"),
        Just("draw_reply"),
        Just("rematch"),
        Just("ping"),
        Just("x"),
    ];
    let fields = prop::collection::btree_map(
        prop_oneof![
            Just("rule".to_string()),
            Just("size".to_string()),
            Just("room".to_string()),
            Just("move".to_string()),
            Just("accept".to_string()),
            Just("token".to_string()),
            "[a-z]{1,6}",
        ],
        value,
        0..4,
    );
    (kind, fields).prop_map(|(kind, fields)| {
        let mut object: serde_json::Map<_, _> = fields.into_iter().collect();
        object.insert("type".into(), kind.into());
        serde_json::Value::Object(object).to_string()
    })
}

proptest! {
    #[test]
    fn arbitrary_text_parses_or_is_a_bad_request(text in ".{0,200}") {
        if let Err(refusal) = parse_client_message(&text) {
            prop_assert_eq!(refusal.code, ErrorCode::BadRequest);
            prop_assert!(!refusal.message.is_empty());
        }
    }

    #[test]
    fn request_shaped_json_parses_or_is_a_bad_request(text in request_like()) {
        if let Err(refusal) = parse_client_message(&text) {
            prop_assert_eq!(refusal.code, ErrorCode::BadRequest);
        }
    }
}

#[tokio::test]
async fn random_bytes_over_tcp_get_errors_and_the_server_stays_up() {
    let server = TestServer::start(gomoku_server::Limits {
        messages_per_second: 10_000,
        burst: 10_000,
        ..test_limits()
    })
    .await;
    let mut c = server.tcp().await;
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut lines = 0;
    for _ in 0..300 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = (seed % 64) as usize;
        let mut bytes: Vec<u8> = (0..len)
            .map(|i| (seed.rotate_left(i as u32 * 5) & 0xff) as u8)
            .filter(|&b| b != b'\n')
            .collect();
        if bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        bytes.push(b'\n');
        c.send_bytes(&bytes).await;
        lines += 1;
    }
    for _ in 0..lines {
        let m = c.next().await.expect("an answer to every line");
        assert_eq!(m["type"], "error", "{m}");
    }
    c.send(json!({"type":"ping"})).await;
    c.expect("pong").await;
    let mut other = server.ws().await;
    other.send(json!({"type":"ping"})).await;
    other.expect("pong").await;
    server.server.shutdown().await;
}
