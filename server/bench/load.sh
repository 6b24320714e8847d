#!/usr/bin/env bash
# Load benchmark (not a test): starts a release `gomoku serve` on loopback
# with a fresh SQLite file, runs server/examples/load.rs against it (ROOMS
# rooms, two TCP clients each), prints its report and stops the server.
#   bash server/bench/load.sh [ROOMS] [THINK_MS]
set -euo pipefail
cd "$(dirname "$0")/../.."
rooms=${1:-500}
think=${2:-100}
target=${CARGO_TARGET_DIR:-target}
cargo build --release -q --bin gomoku -p gomoku-cli
cargo build --release -q --example load -p gomoku-server
ulimit -n 8192 2>/dev/null || true
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
RUST_LOG=warn "$target/release/gomoku" serve --listen 127.0.0.1:0 --tcp 127.0.0.1:0 \
    --db "$dir/games.sqlite" 2>"$dir/log" &
pid=$!
for _ in $(seq 100); do
    grep -q "tcp" "$dir/log" 2>/dev/null && break
    sleep 0.1
done
http=$(sed -n 's|.*open http://\([^/]*\)/.*|\1|p' "$dir/log")
tcp=$(sed -n 's|.*JSON lines on tcp \(.*\)|\1|p' "$dir/log")
"$target/release/examples/load" --tcp "$tcp" --http "$http" --rooms "$rooms" \
    --think-ms "$think" --pid "$pid"
