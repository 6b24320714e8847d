//! Any bytes: the parser never panics, every refusal is `bad_request` with a
//! message, and every accepted message is a JSON object with a `type`.
#![no_main]

use gomoku_server::protocol::{parse_client_message, ErrorCode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_client_message(text) {
        Ok(_) => {
            let value: serde_json::Value =
                serde_json::from_str(text).expect("accepted text is JSON");
            assert!(value.get("type").and_then(|t| t.as_str()).is_some());
        }
        Err(refusal) => {
            assert_eq!(refusal.code, ErrorCode::BadRequest);
            assert!(!refusal.message.is_empty());
        }
    }
});
