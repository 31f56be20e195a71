# Build stage: Node (for Rsbuild) plus Bun from npm, the locked dependencies, every front-end built.
FROM node:22-bookworm-slim AS build
RUN npm install --global bun@1.4.4
WORKDIR /app
COPY . .
RUN bun install --frozen-lockfile && bun scripts/build.ts

# Run stage: Bun only; the API serves /api and the built shell and remotes.
FROM oven/bun:1.4.4-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
COPY --from=build /app /app
RUN mkdir -p /data && chown bun:bun /data
USER bun
EXPOSE 3000
CMD ["bun", "api/src/main.ts"]
