#!/usr/bin/env bash
# `allegra store migrate` end to end (run inside scripts/pg-cluster.sh run, which sets
# ALLEGRA_PG_URL): a SQLite store of schema version 3 with an open table and three finished games
# (records of fuzz/corpus/record) is copied and checked; a second copy into the now non-empty
# database, an unreachable database and a source without sqlite: are clear errors (exit 2).
set -euo pipefail
allegra=${1:?ALLEGRA}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
: "${ALLEGRA_PG_URL:?run me through scripts/pg-cluster.sh run}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
/usr/bin/python3 - "$dir/s.sqlite" "$root/fuzz/corpus/record" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.executescript('''PRAGMA application_id=1097623410; PRAGMA user_version=3;
CREATE TABLE tables (code TEXT PRIMARY KEY NOT NULL, meta TEXT NOT NULL, created INTEGER NOT NULL, closed INTEGER);
CREATE TABLE log (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE, seq INTEGER NOT NULL,
  kind TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (code, seq)) WITHOUT ROWID;
CREATE TABLE games (id TEXT PRIMARY KEY NOT NULL, code TEXT NOT NULL, record TEXT NOT NULL, finished INTEGER NOT NULL);''')
c.execute("INSERT INTO tables VALUES ('ABCD', '{\"x\":1}', 1, NULL)")
c.execute("INSERT INTO log VALUES ('ABCD', 1, 'sit', '{\"a\":\"it''s\"}')")
for i, f in enumerate(['3p_1round', '2p_1round', '2p_1round_seats']):
    c.execute("INSERT INTO games VALUES (?, ?, ?, ?)",
              (f'G{i}-1', f'G{i}', open(f'{sys.argv[2]}/{f}.jsonl').read(), 1))
c.commit()
PY
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$("$allegra" store migrate --from "sqlite:$dir/s.sqlite" --to "$ALLEGRA_PG_URL" --json --no-progress)
echo "$out"
grep -q '"games_checked": 3' <<<"$out" || fail "3 games checked"
grep -q '"log_lines": 1' <<<"$out" || fail "1 log line"
expect_error() {  # MESSAGE ARGS...
  local message=$1 status=0 err
  shift
  err=$("$allegra" store migrate "$@" --no-progress 2>&1 >/dev/null) || status=$?
  [[ $status -eq 2 ]] || fail "exit $status for $*"
  [[ "$err" == *"$message"* ]] || fail "'$message' not in: $err"
}
expect_error "is not empty" --from "sqlite:$dir/s.sqlite" --to "$ALLEGRA_PG_URL"
expect_error "cannot connect" --from "sqlite:$dir/s.sqlite" --to postgresql://allegra@127.0.0.1:1/x
expect_error "give sqlite:PATH" --from "$dir/s.sqlite" --to "$ALLEGRA_PG_URL"
echo "store migrate: ok"
