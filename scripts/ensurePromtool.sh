#!/usr/bin/env bash
# Runs before `npm test`: the alert-rule test checks deploy/prometheus with Prometheus' own `promtool`.
# Takes promtool out of Debian's prometheus package into the user's cache (only that binary: installing
# the package would also install, and on some machines start, a Prometheus server) when it is missing
# and we may (apt-get), else says how. Nothing when promtool is on PATH or already in the cache.
set -euo pipefail
target="${XDG_CACHE_HOME:-$HOME/.cache}/mnemograph/promtool"
if command -v promtool >/dev/null 2>&1 || [ -x "$target" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && command -v dpkg-deb >/dev/null 2>&1; then
  echo "Taking promtool from Debian's prometheus package for the alert-rule test…"
  [ "$(id -u)" = "0" ] && apt-get update -qq
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && apt-get download -qq prometheus 2>/dev/null)
  dpkg-deb --fsys-tarfile "$work"/prometheus_*.deb | tar -x -C "$work" ./usr/bin/promtool
  mkdir -p "$(dirname "$target")"
  mv "$work/usr/bin/promtool" "$target"
  exit 0
fi
echo "promtool is needed for the alert-rule test: install Debian's prometheus package (sudo apt-get install prometheus) or put promtool on PATH." >&2
exit 1
