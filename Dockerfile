# The Mnemograph gateway, for use with an external Neo4j (see docker-compose.yml).
# The embedded Neo4j needs Java and is not part of this image, so NEO4J_URI must be set.
FROM node:20-bookworm-slim

WORKDIR /app

# Dependencies first, so editing the source does not reinstall them. Dev
# dependencies stay in: the gateway runs from TypeScript with tsx.
COPY package.json package-lock.json ./
RUN npm ci && npm cache clean --force

COPY tsconfig.json ./
COPY schema ./schema
COPY src ./src

ENV HOST=0.0.0.0 \
    PORT=4000
EXPOSE 4000

USER node
CMD ["npx", "tsx", "src/cli/main.ts"]
