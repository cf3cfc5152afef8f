# syntax=docker/dockerfile:1
# Polyglot Press: build with the full toolchain, run on a slim image as a non-root user.
# docker build -t polyglot-press . && docker run -p 127.0.0.1:3000:3000 -v press-data:/data polyglot-press
# (docs/decisions/0055-container-image.md)

# Node's version matches the "node" devDependency that `npm start` and `npm test` run under.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY app ./app
COPY core ./core
COPY server ./server
COPY public ./public
COPY scripts ./scripts
COPY vite.config.ts react-router.config.ts tsconfig.json ./
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/data/site.db \
    DEV_LOGIN=off
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# Sources for the command-line tools (npm run admin / backup / restore), which Node runs as TypeScript.
COPY package.json ./
COPY server ./server
COPY core ./core
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains in-flight requests for up to SHUTDOWN_TIMEOUT_SECONDS (10 s); give docker stop longer (-t 15).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=40", "--input-type=module", "-e", "const { start } = await import('./build/server/index.js'); await start();"]
