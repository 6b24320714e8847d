#!/usr/bin/env bash
# Runs every test in every language: Rust (fmt, clippy, unit, integration,
# property and doc tests), the C header check, the C ABI tests under
# valgrind, AddressSanitizer and ThreadSanitizer, the Python package (wheel built with maturin in a virtual
# environment, pytest, mypy --strict) and the Java bindings (JUnit, the
# Swing demo driven under Xvfb in English and Chinese, its online mode
# against a real `gomoku serve`, the migration examples, the plain-socket
# example, and the runnable demo jar started from a folder of its own). Installs what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }

install_missing() {
    local apt_packages=()
    command -v valgrind >/dev/null || apt_packages+=(valgrind)
    command -v cc >/dev/null || apt_packages+=(gcc)
    command -v make >/dev/null || apt_packages+=(make)
    command -v mvn >/dev/null || apt_packages+=(maven)
    command -v javac >/dev/null || apt_packages+=(default-jdk)
    command -v xvfb-run >/dev/null || apt_packages+=(xvfb xauth)
    # The Swing demo's Chinese menus and its screenshot need a CJK font.
    command -v fc-list >/dev/null || apt_packages+=(fontconfig)
    { command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh family)" ]; } || apt_packages+=(fonts-wqy-zenhei)
    if [ ${#apt_packages[@]} -gt 0 ]; then
        step "installing ${apt_packages[*]}"
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${apt_packages[@]}"
    fi
    if command -v rustup >/dev/null; then
        rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
        rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
    fi
}

install_missing

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings"
cargo clippy --all-targets -- -D warnings
cargo clippy -p gomoku-python -- -D warnings
cargo clippy -p gomoku-fuzz --all-targets -- -D warnings

step "cargo test"
cargo test --all-targets
cargo test --doc

step "the fuzz corpus replayed as a regression test"
cargo test -p gomoku-fuzz

step "include/gomoku.h and the Java codes match a fresh generation"
cargo build --release --lib
generated=(include/gomoku.h bindings/java/src/main/java/org/gomoku/NativeCodes.java)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    if ! git diff --exit-code -- "${generated[@]}"; then
        echo "${generated[*]}: out of date, commit the regenerated files" >&2
        exit 1
    fi
fi

step "C ABI tests under valgrind and AddressSanitizer, and the example"
make -C bindings/c --no-print-directory test asan example

step "ThreadSanitizer: gomoku_ai_stop racing gomoku_ai_move"
bash scripts/tsan.sh

step "Python: a manylinux2014 wheel (no Rust needed to install it), pytest, mypy --strict"
venv=target/python-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q "maturin>=1.5,<2" ziglang pytest mypy numpy "ray>=2.40"
rm -rf target/wheels
# zig links against glibc 2.17, so the wheel installs on any Linux of the
# last decade; the tests run against that very wheel.
PATH="$PWD/$venv/bin:$PATH" "$venv/bin/maturin" build --release -q --zig --compatibility manylinux2014 -o target/wheels
"$venv/bin/python" -m pip install -q --force-reinstall target/wheels/gomoku_kit-*-manylinux2014_x86_64*.whl
# The self-play tests compare a local Ray cluster's games with gomoku's.
cargo build --release --bin gomoku
GOMOKU_BIN="$PWD/target/release/gomoku" xvfb-run -a "$venv/bin/python" -m pytest -q python/tests
(cd python && "../$venv/bin/mypy" --strict gomoku tests \
    && for app in examples/*/gomoku_app.py; do "../$venv/bin/mypy" --strict "$app"; done)

step "Java: JUnit, the Swing demo (and its online mode against gomoku serve) and the examples under Xvfb, the runnable jar from a folder of its own"
# The online tests start the release `gomoku serve` built for the Python step.
(cd bindings/java && xvfb-run -a mvn -B --no-transfer-progress verify)
echo "demo screenshots: bindings/java/target/demo-screenshot.png, demo-screenshot-zh.png, demo-online.png, demo-online-zh.png (and demo-menu*, demo-history*, demo-online-*)"

# ---------------------------------------------------------------------------
# Network play (gomoku serve, server/): clippy and tests of the server crate,
# its database tests against a throwaway PostgreSQL cluster, and the browser
# client driven in Debian's chromium by playwright-core. Installs chromium,
# Node.js/npm and PostgreSQL when missing.
install_server_test_tools() {
    local apt_packages=()
    command -v chromium >/dev/null || apt_packages+=(chromium)
    command -v node >/dev/null || apt_packages+=(nodejs)
    command -v npm >/dev/null || apt_packages+=(npm)
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_packages+=(postgresql)
    if [ ${#apt_packages[@]} -gt 0 ]; then
        step "installing ${apt_packages[*]}"
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${apt_packages[@]}"
    fi
}

install_server_test_tools
target_dir=$(realpath "${CARGO_TARGET_DIR:-target}")

step "server: clippy -D warnings"
cargo clippy -p gomoku-server --all-targets -- -D warnings

step "server: tests on SQLite and on a throwaway PostgreSQL"
pg_dir=$(mktemp -d /tmp/gomoku-pg.XXXXXX)
trap 'bash tests/start-postgres.sh --stop "$pg_dir"' EXIT
pg_env=$(bash tests/start-postgres.sh "$pg_dir")   # fails the run if it cannot start
eval "$pg_env"
cargo test -p gomoku-server
bash tests/start-postgres.sh --stop "$pg_dir"
trap - EXIT

step "server: the browser client in chromium (playwright-core)"
cargo build --bin gomoku
(cd server/web-test && npm ci --no-audit --no-fund --loglevel=error &&
    GOMOKU_BIN="$target_dir/debug/gomoku" SCREENSHOT_DIR="$target_dir/web-test" npm test)
echo "browser screenshots: $target_dir/web-test/browser-win.png, browser-win-phone.png, browser-replay.png"
# ---------------------------------------------------------------------------

step "all tests passed"
