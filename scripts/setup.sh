#!/usr/bin/env bash
# Installs the Debian packages needed to build and test Allegra, and the web client's npm
# packages (web/node_modules, exactly as web/package-lock.json pins them).
# Idempotent: does nothing (and prints nothing) when everything is installed.
set -euo pipefail

PACKAGES=(
  build-essential
  g++
  cmake
  ninja-build
  git
  clang
  clang-14
  clang-format
  libclang-rt-14-dev
  libcli11-dev
  nlohmann-json3-dev
  libfmt-dev
  libspdlog-dev
  libgtest-dev
  libboost1.81-dev
  libgmock-dev
  libvalijson-dev  # the tests validate the protocol against its JSON Schema
  libbenchmark-dev
  librapidcheck-dev
  libncurses-dev
  libicu-dev
  libsqlite3-dev
  libsqlitecpp-dev
  # The PostgreSQL store (allegra serve --store, docs/server-store.md): libpqxx to build, and the
  # server for the tests' throwaway cluster (scripts/pg-cluster.sh).
  libpqxx-dev
  postgresql
  libsodium-dev  # the accounts' Argon2id passwords and session tokens (docs/security.md)
  libgoogle-perftools-dev  # tcmalloc, the allegra binary's allocator (docs/architecture.md)
  tmux
  chromium
  # The Python module (python/, docs/python.md), for /usr/bin/python3.
  pybind11-dev
  python3-dev
  python3-numpy
  python3-pytest
  # sim and rate across MPI ranks (ALLEGRA_MPI, src/cli/mpi_split.h): OpenMPI and its mpirun.
  libopenmpi-dev
  openmpi-bin
  python3-matplotlib  # the example's training curve (examples/learn_vs_random.py)
  # The learned value of the search (docs/value.md): inference in C++, training with PyTorch.
  libeigen3-dev
  python3-torch
  # Several allegra serve processes behind a proxy (deploy/haproxy.cfg, docs/scaling.md).
  haproxy
)

# Node 20 (or newer) with npm builds the web client; Debian's nodejs + npm do when it is missing.
if ! command -v npm >/dev/null 2>&1; then
  PACKAGES+=(nodejs npm)
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [[ "$status" != "install ok installed" ]]; then
    missing+=("$pkg")
  fi
done

install_web() {
  # npm ci only when the installed tree is not the one the lock file describes.
  local web
  web="$(cd "$(dirname "${BASH_SOURCE[0]}")/../web" && pwd)"
  if [[ ! -f "$web/node_modules/.package-lock.json" || "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]]; then
    echo "setup.sh: npm ci in web/" >&2
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error >&2)
  fi
}

if [[ ${#missing[@]} -eq 0 ]]; then
  install_web
  exit 0
fi

echo "setup.sh: installing missing packages: ${missing[*]}" >&2

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "setup.sh: not root and sudo is unavailable; please install: ${missing[*]}" >&2
    exit 1
  fi
fi

"${SUDO[@]}" apt-get update >&2
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  "${missing[@]}" >&2
install_web
