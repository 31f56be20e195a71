# Build stage: Node (for Rsbuild) plus Bun from npm, the locked dependencies, every front-end built.
FROM node:22-bookworm-slim AS build
RUN npm install --global bun@1.4.4
WORKDIR /app
COPY . .
RUN bun install --frozen-lockfile && bun scripts/build.ts

# Run stage: Bun and PostgreSQL's client tools; the API serves /api and the built shell and remotes.
FROM oven/bun:1.4.4-slim
# pg_dump/pg_restore for `bun run backup`/`restore` and the API's scheduled backup and drill. A dump
# needs a pg_dump at least as new as the server: compose.yaml runs PostgreSQL 17, Debian bookworm
# ships 15, so the client comes from PostgreSQL's own apt repository (PGDG).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl \
  && install -d /usr/share/postgresql-common/pgdg \
  && curl -fsSL -o /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
  && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" \
    > /etc/apt/sources.list.d/pgdg.list \
  && apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-17 \
  && apt-get purge -y curl && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
COPY --from=build /app /app
RUN mkdir -p /data /backups && chown bun:bun /data /backups
USER bun
EXPOSE 3000
CMD ["bun", "api/src/main.ts"]
