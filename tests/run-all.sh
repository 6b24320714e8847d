#!/usr/bin/env bash
# Runs every test in every language: Rust (fmt, clippy, unit, integration,
# property and doc tests), the C header check, the C ABI tests under
# valgrind, AddressSanitizer and ThreadSanitizer, the Python package (wheel built with maturin in a virtual
# environment, pytest, mypy --strict) and the Java bindings (JUnit, the
# Swing demo driven under Xvfb in English and Chinese, the migration
# examples, and the runnable demo jar started from a folder of its own). Installs what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

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

step "Python: wheel, pytest, mypy --strict"
venv=target/python-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q "maturin>=1.5,<2" pytest mypy numpy
rm -rf target/wheels
"$venv/bin/maturin" build --release -q -o target/wheels
"$venv/bin/python" -m pip install -q --force-reinstall target/wheels/gomoku-*.whl
"$venv/bin/python" -m pytest -q python/tests
(cd python && "../$venv/bin/mypy" --strict gomoku tests)

step "Java: JUnit, the Swing demo and the migration examples under Xvfb, the runnable jar from a folder of its own"
(cd bindings/java && xvfb-run -a mvn -B --no-transfer-progress verify)
echo "demo screenshots: bindings/java/target/demo-screenshot.png, demo-screenshot-zh.png (and demo-menu*, demo-history*)"

step "all tests passed"
