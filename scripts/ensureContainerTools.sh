#!/usr/bin/env bash
# Runs before `npm run test:system`: scripts/buildImage.sh makes the image from Debian's packages
# (no container registry is reachable from the project's machines), and the image test starts it.
# Installs what is missing of mmdebstrap (the root filesystem), umoci (the OCI layout), podman
# (loads and runs it) and runc when we may (root with apt-get), else says how. Nothing when all are there.
set -euo pipefail
# runc too: the image test runs podman with it, since crun refuses this sandbox's hybrid cgroups (docs/deploy.md).
declare -A PACKAGE_OF=([mmdebstrap]=mmdebstrap [umoci]=umoci [podman]=podman [runc]=runc)
missing=()
for cmd in "${!PACKAGE_OF[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${PACKAGE_OF[$cmd]}")
done
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the image build and its test…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The image build and its test need ${missing[*]}: install them (sudo apt-get install ${missing[*]})." >&2
exit 1
