//! libFuzzer driver of `gomoku_fuzz::setup`; run with `scripts/fuzz.sh setup`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::setup(data));
