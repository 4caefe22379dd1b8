# syntax=docker/dockerfile:1
# The proxy in a container: built with the dev tooling, run with production dependencies only,
# as the unprivileged `node` user, the outbox on a volume.

FROM node:20-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source where no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm ci --omit=dev --no-audit --no-fund

FROM node:20-slim
# MALLOC_ARENA_MAX: two malloc arenas, not glibc's eight per core (deploy/enquiry-form.service says why).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# heif-convert turns iPhone photos into JPEGs. For Word and OpenDocument files (CONVERT_DOCUMENTS=1)
# add libreoffice-writer-nogui here: about 200 MB more. LibreOffice only ever runs inside
# bubblewrap's box (no network, no secrets, none of the container's files; prlimit from
# util-linux caps its memory), proven at every start: the container needs the security_opt
# of compose.yaml for it (docs/configuration.md, "Documents are converted in a box").
RUN apt-get update \
 && apt-get install -y --no-install-recommends libheif-examples bubblewrap \
 && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Ready: the outbox is writable and the disk not full.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# docker stop sends SIGTERM and waits 10 s: the proxy exits within SHUTDOWN_DRAIN_MS (8 s).
STOPSIGNAL SIGTERM
# A young generation of up to 64 MiB: fewer, cheaper collections under load (docs/production.md).
CMD ["node", "--max-semi-space-size=64", "dist/proxy/main.js"]
