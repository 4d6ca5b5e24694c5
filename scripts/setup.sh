#!/usr/bin/env bash
# Installs the Debian packages needed to build and test Allegra.
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
  libbenchmark-dev
  librapidcheck-dev
  libncurses-dev
  libicu-dev
  libsqlite3-dev
  libsqlitecpp-dev
  tmux
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [[ "$status" != "install ok installed" ]]; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
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
