# syntax=docker/dockerfile:1
# The shop as a container image (ADR 052): built with its dev tools, run with production packages
# only, as the unprivileged `node` user, data in the /data volume. compose.yaml runs two of these
# behind Caddy on one PostgreSQL.
# Node 26, the active LTS line since October 2026, on Debian 12 (bookworm), pinned to both (README:
# Prerequisites; ADR 067). Another supported major: --build-arg NODE_IMAGE=node:24-bookworm-slim.
ARG NODE_IMAGE=node:26-bookworm-slim
# The npm the lockfile and .npmrc (strict-allow-scripts) are made with.
ARG NPM_VERSION=11.19.1

# ── build: every package, the storefront and the server bundle ────────────────────────────────
FROM ${NODE_IMAGE} AS build
ARG NPM_VERSION
RUN npm install -g npm@${NPM_VERSION} --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ── deps: production packages only (tsx is one: the db:* and admin:create commands run from source)
FROM ${NODE_IMAGE} AS deps
ARG NPM_VERSION
RUN npm install -g npm@${NPM_VERSION} --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ── runtime ────────────────────────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS runtime
# pg_dump/pg_restore for `npm run db:backup` / `db:restore` on PostgreSQL (Debian 12: version 15,
# so the server must be 15 or older to be dumped: compose.yaml runs postgres:15).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json package-lock.json tsconfig.json ./
# Migrations (read at start) and the sources the db:* and admin:create commands run through tsx.
COPY server ./server
COPY core ./core
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (/healthz): a slow database must not get a healthy process restarted. The proxy
# asks /readyz before it sends a process traffic.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Plain node as PID 1: server.ts handles SIGTERM itself (drain /readyz, finish requests, close).
CMD ["node", "build/server-app/main.js"]
