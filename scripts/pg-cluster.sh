#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and measurements (docs/server-store.md), on loopback
# only, in a folder of its own.
#
#   scripts/pg-cluster.sh start DIR    initdb into DIR/data, start on a free port; prints the URL
#                                      (also in DIR/url): postgresql://allegra@127.0.0.1:PORT/allegra_test
#   scripts/pg-cluster.sh pause DIR    stop the server, keep the data (a "PostgreSQL restart")
#   scripts/pg-cluster.sh resume DIR   start it again on the same port
#   scripts/pg-cluster.sh stop DIR     stop it and remove DIR (only a DIR this script made)
#   scripts/pg-cluster.sh run CMD...   a cluster in a temporary folder for CMD, with
#                                      ALLEGRA_PG_URL set; removed afterwards; exits with CMD's status
#
# PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the unprivileged system
# user `allegra-pg`, made here if missing. The cluster is for tests only: fsync=off (a crash of
# the machine may corrupt it; a crash of a process loses nothing committed), trust authentication,
# listening on 127.0.0.1 and on a socket in DIR. It starts in about a second.
set -euo pipefail

PG_USER=allegra-pg
MARKER=.allegra-pg-cluster

die() {
  echo "pg-cluster.sh: $*" >&2
  exit 1
}

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [[ -n "$dir" && -x "$dir/initdb" ]] ||
    die "no PostgreSQL server found (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql"
  echo "$dir"
}

# Runs a command as the cluster's owner (root cannot run PostgreSQL).
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u "$PG_USER" -- "$@"
  else
    "$@"
  fi
}

ensure_user() {
  [[ $(id -u) -eq 0 ]] || return 0
  id -u "$PG_USER" >/dev/null 2>&1 && return 0
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$PG_USER" ||
    die "cannot create the user $PG_USER that runs the test cluster"
}

free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_server() {  # DIR PORT
  local dir=$1 port=$2 bin
  bin=$(pg_bin)
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50" \
    start >/dev/null || {
    cat "$dir/server.log" >&2 || true
    die "PostgreSQL did not start in $dir (its log is above)"
  }
}

cmd_start() {
  local dir=$1 bin port
  bin=$(pg_bin)
  [[ ! -e "$dir" || -z "$(ls -A "$dir" 2>/dev/null)" ]] || die "'$dir' is not empty: give a new folder"
  ensure_user
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  touch "$dir/$MARKER"
  [[ $(id -u) -eq 0 ]] && chown "$PG_USER" "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -A trust -U allegra -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    die "initdb failed in '$dir' (its folders must be reachable by $PG_USER)"
  }
  port=$(free_port)
  echo "$port" >"$dir/port"
  start_server "$dir" "$port"
  "$bin/psql" -q -h 127.0.0.1 -p "$port" -U allegra -d postgres -c 'CREATE DATABASE allegra_test' >/dev/null ||
    die "cannot create the database allegra_test"
  echo "postgresql://allegra@127.0.0.1:$port/allegra_test" | tee "$dir/url"
}

cmd_pause() {
  local dir=$1
  as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
}

cmd_resume() {
  local dir=$1
  start_server "$dir" "$(cat "$dir/port")"
}

cmd_stop() {
  local dir=$1
  [[ -f "$dir/$MARKER" ]] || die "'$dir' is not a cluster of this script: left alone"
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true
  fi
  rm -rf "$dir"
}

RUN_DIR=
cmd_run() {
  local status=0
  RUN_DIR=$(mktemp -d /tmp/allegra-pg.XXXXXX)
  rmdir "$RUN_DIR"
  trap 'cmd_stop "$RUN_DIR" || true' EXIT
  ALLEGRA_PG_URL=$(cmd_start "$RUN_DIR")
  export ALLEGRA_PG_URL ALLEGRA_PG_DIR=$RUN_DIR
  "$@" || status=$?
  return $status
}

case "${1:-}" in
  start | pause | resume | stop)
    [[ $# -eq 2 ]] || die "usage: $0 $1 DIR"
    "cmd_$1" "$2"
    ;;
  run)
    shift
    [[ $# -ge 1 ]] || die "usage: $0 run CMD..."
    cmd_run "$@"
    ;;
  *) die "usage: $0 start|pause|resume|stop DIR, or $0 run CMD..." ;;
esac
