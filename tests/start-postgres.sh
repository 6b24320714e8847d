#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the server's database tests and
# prints its URL: `eval "$(bash tests/start-postgres.sh DIR)"` sets
# GOMOKU_TEST_POSTGRES_URL and GOMOKU_TEST_POSTGRES_DIR. The cluster lives
# in DIR, listens on 127.0.0.1 only, trusts local connections, and is
# stopped by `bash tests/start-postgres.sh --stop DIR`.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found" >&2; exit 1; }
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "${1:-}" = "--stop" ]; then
    as_owner "$bin/pg_ctl" -D "$2/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$2"
    exit 0
fi
dir=$1
# The first free port from 55432 on (another cluster may hold one).
port=${GOMOKU_TEST_POSTGRES_PORT:-55432}
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    port=$((port + 1))
done
rm -rf "$dir"
mkdir -p "$dir"
[ "$(id -u)" -ne 0 ] || chown postgres "$dir"
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir" start >/dev/null; then
    cat "$dir/server.log" >&2
    exit 1
fi
echo "export GOMOKU_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$port/postgres"
echo "export GOMOKU_TEST_POSTGRES_DIR=$dir"
