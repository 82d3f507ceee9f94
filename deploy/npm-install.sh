#!/bin/sh
# Installs node_modules as package-lock.json pins them. Extra arguments go to npm
# (for example: --omit=dev --workspace=svc-identity).
#
# `npm ci` is tried first. It refuses a lockfile that lacks other platforms' optional packages
# (@swc/core-darwin-*, @unrs/resolver-binding-*), which happens when the lockfile was made against a
# registry that does not serve them. `npm install --no-save` then installs the versions the lockfile pins
# and leaves package-lock.json as it is.
set -eu

if npm ci --no-audit --no-fund "$@"; then
  exit 0
fi

echo "npm ci refused the lockfile; installing the pinned versions with npm install --no-save" >&2
npm install --no-save --no-audit --no-fund "$@"
