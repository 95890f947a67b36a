#!/usr/bin/env bash
# `npm test`: one build with the test hooks (`npm run build:test`, no type check); then the type
# check, lint, the unit tests and a production build checked for test hooks beside the engines'
# suite (Firefox ESR and WebKitGTK under Xvfb, which spends much of its time waiting on its
# browsers); then the Chromium suite alone, since it is CPU-bound and its checks see the picture
# in real time (but for the files in `lanes`, below). (Lint, types and
# unit tests side by side with each other were no faster on two cores.) Each step prints its
# duration; the run stops at the first failed phase with its exit code.
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

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

timed "build (test hooks)" npm run build:test

# Side by side, each into its own log, printed whole once both have ended.
(timed types npx tsc -b && timed lint npm run lint && timed "unit tests" npm run test:unit &&
  timed "production build without test hooks" npm run check:production) >"$logs/checks" 2>&1 &
checks=$!
(timed "engines (Firefox ESR, WebKitGTK)" npm run test:engines) >"$logs/engines" 2>&1 &
engines=$!
status=0
wait "$checks" || status=$?
cat "$logs/checks"
wait "$engines" || status=$?
cat "$logs/engines"
[ "$status" -eq 0 ] || exit "$status"

# The Chromium suite, alone: it is CPU-bound and its checks see the picture in real time, but for
# the files in `lanes`, which run side by side at the end, one lane each: the privacy session
# waits a minute for MediaPipe's usage-log flush, 60 s after the workers start (privacy.e2e.ts);
# the others fill that minute: the text sweep (page layout at 18 sizes); the shop-page embedding,
# the site and the bad catalogue one after the other; the still face and the cut (motion.e2e.ts:
# its bounds are pixels, not rates), then the paused seeks of the roll, the shop page's fit and
# the smoke checks. Beside the engines and the checks, the privacy session missed a click's 30 s;
# beside the lanes, the storage checks ran 4× slower: both stay out of there.
# `npm run test:e2e` runs every file one by one.
lanes=(
  "tests/e2e/privacy.e2e.ts"
  "tests/e2e/text-fit.e2e.ts"
  "tests/e2e/embed.e2e.ts tests/e2e/site.e2e.ts tests/e2e/bad-catalogue.e2e.ts"
  "tests/e2e/motion.e2e.ts tests/e2e/roll.e2e.ts tests/e2e/check-page.e2e.ts tests/e2e/smoke.e2e.ts"
)
side=()
for lane in "${lanes[@]}"; do
  for file in $lane; do side+=("--exclude=$file"); done
done
timed "e2e (Chromium)" npx vitest run --project e2e "${side[@]}"
pids=()
for index in "${!lanes[@]}"; do
  # shellcheck disable=SC2086 # a lane is a list of files
  (timed "e2e (Chromium) lane $((index + 1)): ${lanes[$index]//tests\/e2e\//}" \
    npx vitest run --project e2e ${lanes[$index]}) >"$logs/lane-$index" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
for index in "${!lanes[@]}"; do cat "$logs/lane-$index"; done
exit "$status"
