# syntax=docker/dockerfile:1
# One image for the BFF (default command) and the standalone reference upstream (docker-compose.yml).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY matching/package.json matching/
COPY upstream/package.json upstream/
COPY bff/package.json bff/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci
COPY . .
RUN npm run build -- --force

# Production dependencies of the server workspaces only (the SPA is served as static files).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY matching/package.json matching/
COPY upstream/package.json upstream/
COPY bff/package.json bff/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --omit=dev --workspace=@evt/bff --workspace=@evt/upstream --workspace=@evt/contracts \
  && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    UPSTREAM_DATA_DIR=/data/upstream
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY contracts/package.json contracts/
COPY matching/package.json matching/
COPY upstream/package.json upstream/
COPY bff/package.json bff/
COPY web/package.json web/
COPY tests/package.json tests/
# The bundles find the files they read at run time where they are in the repository (scripts/build.mjs):
# locales/ for mail texts, upstream/src/db/migrations for the upstream's schema.
COPY --from=build /app/bff/dist bff/dist
COPY --from=build /app/upstream/dist upstream/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/web/dist-ssr web/dist-ssr
COPY --from=build /app/locales locales
COPY --from=build /app/upstream/src/db/migrations upstream/src/db/migrations
RUN mkdir -p /data/upstream && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+(process.env.HEALTH_PATH||'/healthz')).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The BFF in production needs its upstream: UPSTREAM_API_URL, AUTOMATION_WEBHOOK_URL and
# AUTOMATION_WEBHOOK_HEADER_VALUE (docker-compose.yml points them at its upstream service). Without them it
# refuses to start rather than run the reference upstream in-process (EMBEDDED_UPSTREAM=true asks for that,
# with no demo data and no /_dev/outbox).
CMD ["node", "--enable-source-maps", "bff/dist/main.js"]
