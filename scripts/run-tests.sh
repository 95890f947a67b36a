#!/usr/bin/env bash
# `npm test`: the checks that need nothing built (lint, types, unit tests) run side by side, each
# short and on its own core most of the time; then one build (types already checked) and the
# browser suites, one after another, since each drives a real browser on the same two cores.
# Each step prints its duration; the first failure stops the run with its exit code.
set -euo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

timed() {
  local name="$1"
  shift
  local start=$SECONDS status=0
  "$@" || status=$?
  echo "<== ${name}: $((SECONDS - start)) s$([ "$status" -eq 0 ] || echo " (failed, exit ${status})")"
  return "$status"
}

# Side by side, each into its own log, printed whole in a fixed order once all have ended.
names=(lint typecheck unit)
commands=("npm run lint" "npm run typecheck" "npm run test:unit")
pids=()
for i in "${!names[@]}"; do
  (timed "${names[$i]}" ${commands[$i]}) >"$logs/${names[$i]}" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!names[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  cat "$logs/${names[$i]}"
  [ "$status" -eq 0 ] || failed=$status
done
[ "$failed" -eq 0 ] || exit "$failed"

timed build npm run build:app
timed "e2e (Chromium)" npm run test:e2e
timed "engines (Firefox ESR, WebKitGTK)" npm run test:engines
