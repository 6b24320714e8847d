//! libFuzzer driver of `gomoku_fuzz::psq`; run with `scripts/fuzz.sh psq`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::psq(data));
