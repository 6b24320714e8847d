#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/fuzz_targets/) with libFuzzer for a fixed budget
# each, starting from fuzz/corpus/<target>/ and keeping what it finds in
# target/fuzz-corpus/<target>/, and prints each target's executions. Not part of CI; CI replays the corpus
# (cargo test -p gomoku-fuzz). Needs the nightly toolchain and cargo-fuzz
# (cargo install cargo-fuzz).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (default: 300 s, every target)
#
# A crash leaves its input in fuzz/artifacts/<target>/; once fixed, copy it
# into fuzz/corpus/<target>/ so the regression test keeps it. To refresh the
# committed corpus with a small set covering what was found:
#   cargo +nightly fuzz cmin --fuzz-dir fuzz --features libfuzzer TARGET target/fuzz-corpus/TARGET
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-300}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(notation save psq setup protocol c_abi)

for target in "${targets[@]}"; do
    log=target/fuzz-$target.log
    found=target/fuzz-corpus/$target
    mkdir -p "$found"
    cargo +nightly fuzz run --fuzz-dir fuzz --features libfuzzer "$target" "$found" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 >"$log" 2>&1 \
        || { echo "$target: FAILED, see $log"; tail -30 "$log"; exit 1; }
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$target: $runs executions in $seconds s, no failure"
done
