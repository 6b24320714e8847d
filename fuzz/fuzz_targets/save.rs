//! libFuzzer driver of `gomoku_fuzz::save`; run with `scripts/fuzz.sh save`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::save(data));
