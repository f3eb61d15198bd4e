#!/usr/bin/env bash
# Makes sure a program from Debian's packages is installed, for the tests and the tools that run
# it (Chromium for the e2e tests, nginx for the fleet). Downloads from elsewhere do not work on
# our machines; Debian's mirror does.
#   scripts/ensure-debian-packages.sh <name for messages> <binary> <package>...
# Idempotent: when the binary and every package are present it only asks dpkg and returns.
# Packages that ship a service (nginx) are installed without starting it: the project starts its
# own processes on its own ports.
set -euo pipefail

NAME="$1"
BINARY="$2"
shift 2
PACKAGES=("$@")

installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

missing=()
if ! command -v dpkg-query >/dev/null 2>&1; then
  if [[ -x "$BINARY" ]]; then
    exit 0 # not a Debian system, but the program is there: use it as is.
  fi
  echo "$NAME: $BINARY is missing and this is not a Debian system (no dpkg);" \
    "install it at $BINARY yourself." >&2
  exit 1
fi
for pkg in "${PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
if [[ -x "$BINARY" && ${#missing[@]} -eq 0 ]]; then
  exit 0
fi
reinstall=()
if [[ ! -x "$BINARY" ]] && installed "${PACKAGES[0]}"; then
  # The package is recorded as installed but its binary is gone: reinstall it.
  missing+=("${PACKAGES[0]}")
  reinstall=(--reinstall)
fi

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "$NAME: need root to install ${missing[*]} with apt-get, and sudo is not" \
      "available without a password. Run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

echo "$NAME: installing ${missing[*]} from Debian's packages (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
# Debian's way to keep a package's service from starting at install (invoke-rc.d asks policy-rc.d).
POLICY=/usr/sbin/policy-rc.d
policy_added=0
if [[ ! -e "$POLICY" ]]; then
  printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee "$POLICY" >/dev/null
  "${SUDO[@]}" chmod 755 "$POLICY"
  policy_added=1
fi
cleanup() { if ((policy_added)); then "${SUDO[@]}" rm -f "$POLICY"; fi; }
trap cleanup EXIT
if ! "${SUDO[@]}" apt-get update -qq >/dev/null; then
  echo "$NAME: apt-get update failed (no access to Debian's package mirror?)." >&2
  exit 1
fi
if ! "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${reinstall[@]}" "${missing[@]}" >/dev/null; then
  echo "$NAME: apt-get install ${missing[*]} failed." >&2
  exit 1
fi
if [[ ! -x "$BINARY" ]]; then
  echo "$NAME: apt-get finished but $BINARY is still missing." >&2
  exit 1
fi
# Chromium's Debian wrapper prints a harmless shell warning on some machines; keep only the version.
echo "$NAME: $("$BINARY" --version 2>/dev/null || "$BINARY" -v 2>&1 || echo "$BINARY installed")" >&2
