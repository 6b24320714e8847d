//! libFuzzer driver of `gomoku_fuzz::protocol`; run with `scripts/fuzz.sh protocol`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::protocol(data));
