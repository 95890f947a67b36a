#!/usr/bin/env bash
# `npm test`: lint, unit tests, one build, then the browser suites, one after another (each is
# CPU-bound, and the browser suites drive real browsers on the same cores; side by side on two
# cores, lint, types and unit tests took as long as in a row). Each step prints its duration;
# the first failure stops the run with its exit code.
set -euo pipefail
cd "$(dirname "$0")/.."

timed() {
  local name="$1"
  shift
  local start=$SECONDS status=0
  "$@" || status=$?
  echo "<== ${name}: $((SECONDS - start)) s$([ "$status" -eq 0 ] || echo " (failed, exit ${status})")"
  return "$status"
}

timed lint npm run lint
timed "unit tests" npm run test:unit
timed build npm run build
timed "e2e (Chromium)" npm run test:e2e
timed "engines (Firefox ESR, WebKitGTK)" npm run test:engines
