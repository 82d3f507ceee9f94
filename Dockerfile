# One Dockerfile for the whole monorepo, one target per deployable app (docker-compose.yml picks them):
#   svc-identity, svc-beneficiaries, svc-finance   domain services
#   mf-beneficiaries, mf-finance, mf-admin          the static server (static-server/) with one remote's build each
#   launcher                                        the one-process mode (`npm start`): every service, the gateway
#                                                   and every browser build in one container, data under /data
#   gateway                                         the public origin, with the shell's build (the default target)
# The builder stage builds everything once; each runtime stage takes that app's build output and only
# the production dependencies of its own workspace, runs as the unprivileged `node` user and has a HEALTHCHECK.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- workspace manifests: all of them, so that npm can read the lockfile's workspace tree ----
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/server-kit/package.json libs/server-kit/
COPY libs/testing/package.json libs/testing/
COPY libs/web-kit/package.json libs/web-kit/
COPY libs/ui/package.json libs/ui/
COPY libs/build-kit/package.json libs/build-kit/
COPY svc-identity/package.json svc-identity/
COPY svc-beneficiaries/package.json svc-beneficiaries/
COPY svc-finance/package.json svc-finance/
COPY static-server/package.json static-server/
COPY gateway/package.json gateway/
COPY launcher/package.json launcher/
COPY shell/package.json shell/
COPY mf-beneficiaries/package.json mf-beneficiaries/
COPY mf-finance/package.json mf-finance/
COPY mf-admin/package.json mf-admin/
COPY e2e/package.json e2e/

# ---- builder: all dependencies, then `npm run build` (tsc for the Node apps, webpack for the browser apps) ----
FROM manifests AS builder
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies, one set per Node workspace ----
FROM manifests AS deps-svc-identity
RUN npm ci --no-audit --no-fund --omit=dev --workspace=svc-identity

FROM manifests AS deps-svc-beneficiaries
RUN npm ci --no-audit --no-fund --omit=dev --workspace=svc-beneficiaries

FROM manifests AS deps-svc-finance
RUN npm ci --no-audit --no-fund --omit=dev --workspace=svc-finance

FROM manifests AS deps-static-server
RUN npm ci --no-audit --no-fund --omit=dev --workspace=static-server

FROM manifests AS deps-gateway
RUN npm ci --no-audit --no-fund --omit=dev --workspace=gateway

FROM manifests AS deps-launcher
RUN npm ci --no-audit --no-fund --omit=dev --workspace=launcher

# ---- the gateway's build and the libraries it runs on (the gateway and launcher images take it whole) ----
FROM scratch AS gateway-build
COPY --from=builder /app/libs/contracts/dist /app/libs/contracts/dist
COPY --from=builder /app/libs/server-kit/dist /app/libs/server-kit/dist
COPY --from=builder /app/static-server/dist /app/static-server/dist
COPY --from=builder /app/gateway/dist /app/gateway/dist

# ---- what every runtime image shares ----
FROM ${NODE_IMAGE} AS node-runtime
# In a container every process listens on all its addresses (the processes' own default is loopback).
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY deploy/healthcheck.cjs deploy/healthcheck.cjs
# Application files stay owned by root: the process can read them, not change them.
USER node
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 CMD ["node", "deploy/healthcheck.cjs"]

# ---- domain services ----
FROM node-runtime AS svc-identity
COPY --from=deps-svc-identity /app ./
COPY --from=builder /app/libs/contracts/dist libs/contracts/dist
COPY --from=builder /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=builder /app/svc-identity/dist svc-identity/dist
ENV PORT=3001
EXPOSE 3001
CMD ["node", "svc-identity/dist/main.js"]

FROM node-runtime AS svc-beneficiaries
COPY --from=deps-svc-beneficiaries /app ./
COPY --from=builder /app/libs/contracts/dist libs/contracts/dist
COPY --from=builder /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=builder /app/svc-beneficiaries/dist svc-beneficiaries/dist
ENV PORT=3002
EXPOSE 3002
CMD ["node", "svc-beneficiaries/dist/main.js"]

FROM node-runtime AS svc-finance
COPY --from=deps-svc-finance /app ./
COPY --from=builder /app/libs/contracts/dist libs/contracts/dist
COPY --from=builder /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=builder /app/svc-finance/dist svc-finance/dist
ENV PORT=3003
EXPOSE 3003
CMD ["node", "svc-finance/dist/main.js"]

# ---- static servers for the remotes: the static server alone (no gateway, no service), one remote's build each ----
FROM node-runtime AS static-server-base
COPY --from=deps-static-server /app ./
COPY --from=builder /app/static-server/dist static-server/dist
ENV PORT=8080
EXPOSE 8080

FROM static-server-base AS mf-beneficiaries
COPY --from=builder /app/mf-beneficiaries/dist mf-beneficiaries/dist
ENV STATIC_DIR=/app/mf-beneficiaries/dist
CMD ["node", "static-server/dist/main.js"]

FROM static-server-base AS mf-finance
COPY --from=builder /app/mf-finance/dist mf-finance/dist
ENV STATIC_DIR=/app/mf-finance/dist
CMD ["node", "static-server/dist/main.js"]

FROM static-server-base AS mf-admin
COPY --from=builder /app/mf-admin/dist mf-admin/dist
ENV STATIC_DIR=/app/mf-admin/dist
CMD ["node", "static-server/dist/main.js"]

# ---- the one-process mode: the launcher with the gateway, the three services and every browser build ----
# Embedded PostgreSQL, local-disk files and the generated secrets live under DATA_DIR (a volume).
FROM node-runtime AS launcher
COPY --from=deps-launcher /app ./
COPY --from=gateway-build /app ./
COPY --from=builder /app/svc-identity/dist svc-identity/dist
COPY --from=builder /app/svc-beneficiaries/dist svc-beneficiaries/dist
COPY --from=builder /app/svc-finance/dist svc-finance/dist
COPY --from=builder /app/launcher/dist launcher/dist
COPY --from=builder /app/shell/dist shell/dist
COPY --from=builder /app/mf-beneficiaries/dist mf-beneficiaries/dist
COPY --from=builder /app/mf-finance/dist mf-finance/dist
COPY --from=builder /app/mf-admin/dist mf-admin/dist
USER root
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
ENV DATA_DIR=/data PORT=8080
EXPOSE 8080
CMD ["node", "launcher/dist/embedded/embedded-main.js"]

# ---- the gateway with the shell's build (last, so it is also what a plain `docker build .` makes) ----
# Only the gateway's own build and its libraries: no service, no launcher.
FROM node-runtime AS gateway
COPY --from=deps-gateway /app ./
COPY --from=gateway-build /app ./
COPY --from=builder /app/shell/dist shell/dist
ENV SHELL_DIR=/app/shell/dist PORT=8080
EXPOSE 8080
CMD ["node", "gateway/dist/main.js"]
