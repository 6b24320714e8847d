#!/usr/bin/env bash
# Runs the C ABI's thread tests (tests/c_abi_threads.rs: gomoku_ai_stop
# racing gomoku_ai_move, reads and moves meanwhile, many handles on many
# threads) under ThreadSanitizer. Needs the nightly toolchain and its rust-src
# (installed here if missing), since the standard library is rebuilt with the
# sanitizer. Any reported race fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

target=$(rustc -vV | sed -n 's/^host: //p')
if ! rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^rust-src'; then
    rustup component add rust-src --toolchain nightly
fi
RUSTFLAGS="-Zsanitizer=thread" TSAN_OPTIONS="halt_on_error=1" \
    cargo +nightly test -Zbuild-std --target "$target" --release \
    -p gomoku --test c_abi_threads --target-dir target/tsan
