#!/usr/bin/env bash
# Runs before `npm test`: the offline-explorer test drives Debian's Chromium.
# Installs it when missing and we may (root with apt-get), else says how.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the explorer test…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is needed for the explorer test: install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
