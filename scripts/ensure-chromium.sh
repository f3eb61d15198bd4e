#!/usr/bin/env bash
# Makes sure Debian's Chromium (and fonts for the pages' Chinese and Latin texts) is installed
# for the end-to-end tests. Browser downloads (npx playwright install) do not work on our
# machines, so playwright-core drives /usr/bin/chromium from Debian's `chromium` package.
# Idempotent: when everything is present it only asks dpkg and returns.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
PACKAGES=(chromium fonts-noto-cjk fonts-liberation)

installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

missing=()
if ! command -v dpkg-query >/dev/null 2>&1; then
  if [[ -x "$CHROMIUM" ]]; then
    exit 0 # not a Debian system, but a Chromium is there: use it as is.
  fi
  echo "ensure-chromium: $CHROMIUM is missing and this is not a Debian system (no dpkg);" \
    "install Chromium at $CHROMIUM yourself." >&2
  exit 1
fi
for pkg in "${PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
if [[ -x "$CHROMIUM" && ${#missing[@]} -eq 0 ]]; then
  exit 0
fi
reinstall=()
if [[ ! -x "$CHROMIUM" ]] && installed chromium; then
  # The package is recorded as installed but its binary is gone: reinstall it.
  missing+=(chromium)
  reinstall=(--reinstall)
fi

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "ensure-chromium: need root to install ${missing[*]} with apt-get, and sudo is not" \
      "available without a password. Run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

echo "ensure-chromium: installing ${missing[*]} from Debian's packages (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update -qq >/dev/null; then
  echo "ensure-chromium: apt-get update failed (no access to Debian's package mirror?)." >&2
  exit 1
fi
if ! "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${reinstall[@]}" "${missing[@]}" >/dev/null; then
  echo "ensure-chromium: apt-get install ${missing[*]} failed." >&2
  exit 1
fi
if [[ ! -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
# The Debian wrapper script prints a harmless shell warning on some machines; keep only the version.
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo 'chromium installed')" >&2
