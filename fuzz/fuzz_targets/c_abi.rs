//! libFuzzer driver of `gomoku_fuzz::c_abi`; run with `scripts/fuzz.sh c_abi`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::c_abi(data));
