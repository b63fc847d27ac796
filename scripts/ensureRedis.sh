#!/usr/bin/env bash
# Runs before `npm test`: the multi-gateway test (REDIS_URL) starts Debian's redis-server as a child
# process of its own on a free port. Installs it when missing and we may (root with apt-get), else says how.
# Only the binary is wanted: the package's own service is not started by this script.
set -euo pipefail
server="${REDIS_SERVER_PATH:-redis-server}"
if command -v "$server" >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's redis-server for the multi-gateway test…"
  apt-get update -qq
  # policy-rc.d 101: the package does not start its own server (no service manager here, and none is wanted).
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  exit 0
fi
echo "redis-server is needed for the multi-gateway test: install it (sudo apt-get install redis-server) or set REDIS_SERVER_PATH." >&2
exit 1
