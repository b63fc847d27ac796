#!/usr/bin/env bash
# `npm run image`: builds Mnemograph's OCI image without a container registry, from Debian's
# packages. The image is the Dockerfile's runtime stage, made otherwise (docs/deploy.md):
#
#   layer 1  a Debian bookworm root filesystem from mmdebstrap: the essential packages and
#            openjdk-17-jre-headless, the `node` user (uid 1000) and /data it owns
#   layer 2  /usr/local/bin/node: this machine's Node (Debian's nodejs is 18, engines wants >=20.19)
#   layer 3  /app: the `npm pack` tarballs unpacked, production dependencies installed from the
#            repository's lock file (`npm ci --omit=dev`), other platforms' onnxruntime binaries dropped
#   layer 4  /opt/mnemograph/cache: Neo4j, APOC and the embedding model, provisioned by the packed
#            app's own `dist/cli/provision.js` (Maven Central through `mvn`, as the gateway does)
#
# umoci writes the layers and the config into an OCI layout; the layout tarred is an oci-archive
# that `podman load` (or `docker load`) reads. Output, in OUT (default build/image, git-ignored):
#   oci/                   the OCI layout, tag mnemograph:<version>; `podman load` names it localhost/mnemograph:<version>
#   mnemograph-oci.tar     the same as an oci-archive
#   build.env              what was built: commit, tag, sizes, seconds
#
# Cached, in <the gateway's cache dir>/image: the root filesystem's tarball, keyed by everything
# that makes it (rebuilt when that changes, or with --refresh-rootfs to take Debian's updates), and
# npm's download cache. A clean work tree whose commit matches OUT/build.env is not built again
# (--force builds anyway). Reproducible: every layer's files carry the commit's time, sorted, owned
# by numbers, so the same commit, root filesystem and Node give the same layers.
#
#   bash scripts/buildImage.sh [--out DIR] [--force] [--refresh-rootfs]
#   EMBEDDING_MODEL=all-minilm-l6-v2-q bash scripts/buildImage.sh   # another baked-in model
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/build/image"
FORCE=0
REFRESH_ROOTFS=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) OUT="$(realpath -m "$2")"; shift 2 ;;
    --force) FORCE=1; shift ;;
    --refresh-rootfs) REFRESH_ROOTFS=1; shift ;;
    *) echo "usage: $0 [--out DIR] [--force] [--refresh-rootfs]" >&2; exit 2 ;;
  esac
done

for cmd in mmdebstrap umoci node npm mvn tar; do
  command -v "$cmd" >/dev/null 2>&1 || { echo "$cmd is missing: bash scripts/ensureContainerTools.sh installs the image tools (Node 20 and Maven as the README says)" >&2; exit 1; }
done

# The baked-in model: EMBEDDING_MODEL, else the Dockerfile's default (its `ARG EMBEDDING_MODEL=`).
EMBEDDING_MODEL="${EMBEDDING_MODEL:-$(sed -n 's/^ARG EMBEDDING_MODEL=//p' "$ROOT/Dockerfile" | head -1)}"
VERSION="$(node -p "require('$ROOT/package.json').version")"
# The layout's tag, which `podman load` names the image by (localhost/mnemograph:<version>).
TAG="mnemograph:$VERSION"
COMMIT="$(git -C "$ROOT" rev-parse HEAD)"
CLEAN="$([ -z "$(git -C "$ROOT" status --porcelain)" ] && echo yes || echo no)"
# Every file in the image carries the commit's time (reproducible-builds.org's SOURCE_DATE_EPOCH).
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct)}"
CREATED="$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%SZ)"
# Heavy steps share the machine politely.
NICE=(nice -n 10)

if [ "$FORCE" = 0 ] && [ "$CLEAN" = yes ] && [ -f "$OUT/build.env" ] \
  && grep -qx "COMMIT=$COMMIT" "$OUT/build.env" && grep -qx "CLEAN=yes" "$OUT/build.env" \
  && grep -qx "EMBEDDING_MODEL=$EMBEDDING_MODEL" "$OUT/build.env"; then
  echo "Reusing the image built from $COMMIT in $OUT (--force builds it again)"
  cat "$OUT/build.env"
  exit 0
fi

started=$SECONDS
declare -A STEP_SECONDS=()
step() { # step NAME COMMAND...: runs and times one step
  local name="$1" began=$SECONDS
  shift
  echo "== $name"
  "$@"
  STEP_SECONDS[$name]=$((SECONDS - began))
}

WORK="$(mktemp -d "${TMPDIR:-/tmp}/mnemograph-image-XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# ---- the packed app ----
build_app() {
  mkdir -p "$WORK/packs" "$WORK/app/app/packages/client"
  (cd "$ROOT" && npm pack --ignore-scripts --silent --pack-destination "$WORK/packs" >/dev/null \
    && npm pack -w @mnemograph/client --ignore-scripts --silent --pack-destination "$WORK/packs" >/dev/null)
  tar -xzf "$WORK/packs/mnemograph-$VERSION.tgz" -C "$WORK/app/app" --strip-components=1
  # The server's dependency on the client is the workspace link the lock file records.
  tar -xzf "$WORK/packs/mnemograph-client-$VERSION.tgz" -C "$WORK/app/app/packages/client" --strip-components=1
  cp "$ROOT/package-lock.json" "$WORK/app/app/package-lock.json"
  (cd "$WORK/app/app" && "${NICE[@]}" npm ci --omit=dev --no-audit --no-fund --onnxruntime-node-install=skip \
    --cache "$CACHE/image/npm-cache" --loglevel=error)
  # onnxruntime-node ships binaries for every platform (~240 of its ~290 MB): keep linux/x64's.
  find "$WORK/app/app/node_modules/onnxruntime-node/bin" -mindepth 2 -maxdepth 2 -type d ! -name linux -exec rm -rf {} +
  find "$WORK/app/app/node_modules/onnxruntime-node/bin" -mindepth 3 -maxdepth 3 -type d ! -name "$(node -p process.arch)" -exec rm -rf {} +
  rm -f "$WORK/app/app/package-lock.json"
}

# ---- Neo4j, APOC and the model, by the packed app's own provisioning ----
provision() {
  MNEMOGRAPH_CACHE_DIR="$WORK/cache/opt/mnemograph/cache" EMBEDDING_MODEL="$EMBEDDING_MODEL" \
    "${NICE[@]}" node "$WORK/app/app/dist/cli/provision.js"
  # Provisioning marks each finished download with the time it finished; the image says the
  # commit's, so that this layer too is the same from one build to the next (only the markers differed).
  find "$WORK/cache" -name .complete -exec sh -c 'printf "%s\n" "$0" > "$1"' "$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%S.000Z)" {} \;
}

# ---- Node: this machine's, if the package's engines accept it ----
copy_node() {
  local node_bin
  node_bin="$(readlink -f "$(command -v node)")"
  node -e '
    const want = require(process.argv[1]).engines.node.match(/^>=(\d+)\.(\d+)/).slice(1).map(Number);
    const [major, minor] = process.versions.node.split(".").map(Number);
    if (major < want[0] || (major === want[0] && minor < want[1])) { console.error(`Node ${process.version} is older than engines ${want.join(".")}`); process.exit(1); }
  ' "$ROOT/package.json"
  mkdir -p "$WORK/node/usr/local/bin"
  cp "$node_bin" "$WORK/node/usr/local/bin/node"
}

# ---- the root filesystem: cached, keyed by everything that makes it ----
ROOTFS_ARGS=(
  --variant=essential
  --include=openjdk-17-jre-headless,libstdc++6
  # Documentation and translations are not needed in a server's image; licences are kept.
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*'
  --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*'
  # The JRE's post-install links its man page there (as in the Dockerfile's slim stage).
  --essential-hook='mkdir -p "$1/usr/share/man/man1"'
  # The unprivileged user the gateway runs as (uid 1000, like the node images'), and /data it owns.
  --customize-hook='echo "node:x:1000:1000::/home/node:/bin/sh" >> "$1/etc/passwd"; echo "node:x:1000:" >> "$1/etc/group"; mkdir -p "$1/home/node" "$1/data"; chown 1000:1000 "$1/home/node" "$1/data"'
  bookworm
)
rootfs() {
  local key
  key="$(printf '%s\n' "${ROOTFS_ARGS[@]}" "$(mmdebstrap --version)" | sha256sum | cut -c1-16)"
  ROOTFS="$CACHE/image/rootfs-$key.tar"
  if [ "$REFRESH_ROOTFS" = 1 ] || [ ! -f "$ROOTFS" ]; then
    mkdir -p "$CACHE/image"
    # Debian's mirror for bookworm, its updates and security (mmdebstrap's defaults for a stable release).
    "${NICE[@]}" mmdebstrap --quiet --format=tar "${ROOTFS_ARGS[@]}" "$ROOTFS.partial"
    mv "$ROOTFS.partial" "$ROOTFS"
  else
    echo "cached: $ROOTFS"
  fi
}

# A layer's tarball: sorted, every file at the commit's time (not clamped: Maven's unpack leaves the
# model's files a jar time whose milliseconds differ from run to run), root's numbers, no atime or ctime.
layer_tar() { # layer_tar DIR TAR
  tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime -C "$1" -cf "$2" .
}

# ---- the OCI layout ----
assemble() {
  local layout="$WORK/oci" image="$WORK/oci:building"
  rm -rf "$layout"
  umoci init --layout "$layout"
  umoci new --image "$image"
  umoci raw add-layer --image "$image" --history.created "$CREATED" --history.created_by "mmdebstrap bookworm: essential + openjdk-17-jre-headless" "$ROOTFS"
  for part in node app cache; do
    layer_tar "$WORK/$part" "$WORK/$part.tar"
    "${NICE[@]}" umoci raw add-layer --image "$image" --history.created "$CREATED" --history.created_by "scripts/buildImage.sh: $part" "$WORK/$part.tar"
    rm -f "$WORK/$part.tar"
  done
  # The Dockerfile's runtime stage: its ENV, WORKDIR, USER (as numbers, which Kubernetes' runAsNonRoot
  # can check), EXPOSE and CMD. tests/integration/deploy/imageStart.test.ts compares them.
  # The OCI config has no HEALTHCHECK: run the Dockerfile's command with --health-cmd, or probe /health/ready.
  umoci config --image "$image" --created "$CREATED" --history.created "$CREATED" --history.created_by "scripts/buildImage.sh: config" \
    --config.env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --config.env NODE_ENV=production --config.env MNEMOGRAPH_MODE=production \
    --config.env HOST=0.0.0.0 --config.env PORT=4000 \
    --config.env MNEMOGRAPH_CACHE_DIR=/opt/mnemograph/cache --config.env MNEMOGRAPH_DATA_DIR=/data/neo4j \
    --config.env "EMBEDDING_MODEL=$EMBEDDING_MODEL" \
    --config.workingdir /app --config.user 1000:1000 --config.exposedports 4000/tcp --config.volume /data \
    --config.cmd node --config.cmd dist/cli/main.js \
    --config.label "org.opencontainers.image.title=mnemograph" \
    --config.label "org.opencontainers.image.version=$VERSION" \
    --config.label "org.opencontainers.image.revision=$COMMIT" \
    --config.label "org.opencontainers.image.licenses=Apache-2.0"
  umoci tag --image "$image" "$TAG"
  umoci rm --image "$image"
  umoci gc --layout "$layout"
  rm -rf "$OUT"
  mkdir -p "$OUT"
  mv "$layout" "$OUT/oci"
  # The layout as one file: an oci-archive.
  tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner -C "$OUT/oci" -cf "$OUT/mnemograph-oci.tar" .
}

compile() {
  "${NICE[@]}" node "$ROOT/scripts/build.mjs"
  # The gateway's own cache folder (MNEMOGRAPH_CACHE_DIR, MNEMOGRAPH_HOME, XDG_CACHE_HOME), as it reads it.
  CACHE="$(node --input-type=module -e "const { loadConfig } = await import('$ROOT/dist/config/config.js'); process.stdout.write(loadConfig(process.env).neo4j.cacheDir)")"
}

step "compile" compile
step "root filesystem" rootfs
step "pack and install the app" build_app
step "provision Neo4j, APOC and the model" provision
step "copy node" copy_node
step "assemble the OCI image" assemble

layers="$(du -sb "$OUT/oci/blobs" | cut -f1)"
archive="$(stat -c %s "$OUT/mnemograph-oci.tar")"
unpacked="$(($(stat -c %s "$ROOTFS") + $(du -sb "$WORK/node" | cut -f1) + $(du -sb "$WORK/app" | cut -f1) + $(du -sb "$WORK/cache" | cut -f1)))"
step "clean up" rm -rf "$WORK"
total=$((SECONDS - started))
{
  echo "COMMIT=$COMMIT"
  echo "CLEAN=$CLEAN"
  echo "TAG=$TAG"
  echo "EMBEDDING_MODEL=$EMBEDDING_MODEL"
  echo "NODE=$(node -v)"
  echo "ROOTFS=$ROOTFS"
  echo "SIZE_COMPRESSED_BYTES=$layers"
  echo "SIZE_UNPACKED_BYTES=$unpacked"
  echo "ARCHIVE_BYTES=$archive"
  echo "BUILD_SECONDS=$total"
  for name in "${!STEP_SECONDS[@]}"; do echo "STEP_SECONDS[$name]=${STEP_SECONDS[$name]}"; done | sort
} > "$OUT/build.env"
cat "$OUT/build.env"
echo "Built $OUT/oci (tag $TAG) and $OUT/mnemograph-oci.tar in ${total} s: $((layers / 1000000)) MB compressed, $((unpacked / 1000000)) MB unpacked"
