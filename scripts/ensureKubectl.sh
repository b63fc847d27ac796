#!/usr/bin/env bash
# Runs before `npm test`: the Kubernetes manifests test renders deploy/k8s with `kubectl kustomize`.
# Installs Debian's kubernetes-client (kubectl 1.20, kustomize 2.0.3 inside; the manifests are
# written for it) when kubectl is missing and we may (root with apt-get), else says how.
set -euo pipefail
if command -v kubectl >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's kubernetes-client (kubectl) for the Kubernetes manifests test…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kubernetes-client >/dev/null
  exit 0
fi
echo "kubectl is needed for the Kubernetes manifests test: install it (sudo apt-get install kubernetes-client)." >&2
exit 1
