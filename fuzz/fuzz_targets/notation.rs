//! libFuzzer driver of `gomoku_fuzz::notation`; run with `scripts/fuzz.sh notation`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::notation(data));
