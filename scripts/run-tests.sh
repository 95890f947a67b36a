#!/usr/bin/env bash
# `npm test`: two builds (the tests' build with its hooks, and the build as it ships), with the
# moving face's clips made beside them, then
#   1. the journeys that judge a moving face on the screen (tests/outside/live-judge.ts), one
#      at a time: the shipped build, the video files, the turning head's occlusion, Firefox ESR
#      and WebKitGTK. Where the glasses sit on a turning head depends on how often the app can
#      track it, so nothing else runs then but, at a low priority, the clips and fixtures the
#      next steps need, then the type check, lint, the unit tests and the shop tools' commands,
#      none of which looks at a clock;
#   2. everything else in lanes side by side: still faces, photos, pages, storage, shop
#      pages. Nothing there depends on the machine's pace (no clock is judged, app deadlines only
#      wait), so the lanes may slow each other without changing a verdict.
# Each step prints its duration; each lane's log is printed whole once it has ended; the run
# fails if any step failed, and ends with a summary of every step and every test file with its
# time and every failed test, so that the log's last lines say what went wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
# The lanes below cap their cameras; the journeys judged at a pace never do.
unset E2E_CAMERA_FPS

timed() {
  local name="$1"
  shift
  local start=$SECONDS status=0
  "$@" || status=$?
  local line="<== ${name}: $((SECONDS - start)) s$([ "$status" -eq 0 ] || echo " (failed, exit ${status})")"
  echo "$line"
  echo "$line" >>"$logs/steps"
  return "$status"
}

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The lowest priority, for what only fills the CPU the journeys leave: a session of its own whose
# group is niced (scripts/low-priority.sh says why `nice` alone is not enough beside browsers),
# and its browsers started the same way (CHROMIUM_PATH).
low() { setsid -w scripts/low-priority.sh "$@"; }
# A low priority above the lowest (10), for what the next steps need first.
soon() { LOW_PRIORITY_NICE=10 low "$@"; }
export LOW_PRIORITY_CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
low_browsers=(env CHROMIUM_PATH="$PWD/scripts/low-priority-chromium.sh")

# The lanes (step 2 below): three lists of files that take about as long alone
# (docs/testing.md; the summary below gives each file's time in its lane), their cameras and
# files at 8 fps (E2E_CAMERA_FPS, tests/e2e/app-session.ts). Lane C's privacy session spends most
# of its time waiting in real time for MediaPipe's 60 s log flush with its video paused
# (privacy.e2e.ts), so the pages after it use what the other two leave idle.
lane_a=(tests/e2e/camera.e2e.ts tests/e2e/faults.e2e.ts tests/e2e/true-size.e2e.ts
  tests/e2e/page-fallback.e2e.ts tests/e2e/big-catalogue.e2e.ts tests/e2e/shared-colours.e2e.ts
  tests/e2e/site.e2e.ts)
lane_b=(tests/e2e/photo.e2e.ts tests/e2e/try-all.e2e.ts tests/e2e/lens.e2e.ts
  tests/e2e/phone.e2e.ts tests/e2e/smoke.e2e.ts tests/e2e/room-light.e2e.ts
  tests/e2e/own-glasses.e2e.ts tests/e2e/bad-catalogue.e2e.ts)
lane_c=(tests/e2e/privacy.e2e.ts tests/e2e/known-face.e2e.ts tests/e2e/storage.e2e.ts
  tests/e2e/check-page.e2e.ts tests/e2e/embed.e2e.ts
  tests/e2e/bad-video-files.e2e.ts tests/e2e/shop-glasses.e2e.ts tests/e2e/text-fit.e2e.ts)

# The clips the moving face's files make at their import, made beside the builds
# (tests/outside/make-clips.mjs).
timed "the moving face's clips, beside the builds" node tests/outside/make-clips.mjs first \
  >"$logs/clips" 2>&1 &
clips=$!
timed "build (test hooks)" npm run build:test
timed "build (as shipped, checked for test hooks)" npm run check:production
# A clip that cannot be made fails the file that needs it again, with the same message.
wait "$clips" || cat "$logs/clips"

# From here on, in the CPU the journeys leave, first what the next steps need (LOW_PRIORITY_NICE
# 10): the other clips (the moving face's other shapes, the engines' WebM and photos), and the
# lanes' fixtures, made by importing the lanes' files with no test selected (each makes what it
# needs at import, in .cache/fixtures/: the known face, photos, clips; on a fresh clone they took
# 42 s of lane A's time). Then, at the lowest priority (19), what only the end waits for: the
# type check, lint and the unit tests, which never look at a clock, and the shop tools, whose
# commands and loader check files, not a pace.
timed "the other clips (low priority)" \
  soon node tests/outside/make-clips.mjs rest \
  >>"$logs/clips" 2>&1 &
rest_clips=$!
timed "the lanes' fixtures (low priority)" \
  soon "${low_browsers[@]}" \
  npx vitest run --project e2e "${lane_a[@]}" "${lane_b[@]}" "${lane_c[@]}" \
  --testNamePattern '^$' --passWithNoTests >"$logs/fixtures" 2>&1 &
f=$!
(timed types low npx tsc -b && timed lint low npm run lint &&
  timed "unit tests" low npm run test:unit) >"$logs/checks" 2>&1 &
checks=$!
tools=(tests/e2e/glasses-tools.e2e.ts)
timed "e2e (Chromium), shop tools (lowest priority)" \
  low "${low_browsers[@]}" npx vitest run --project e2e "${tools[@]}" >"$logs/tools" 2>&1 &
t=$!

status=0
fail() { [ "$status" -ne 0 ] || status=$1; }

# 1. A moving face, judged live: alone (but for the steps above, in the CPU it leaves).
# occlusion.e2e judges the far temple on a turning head while it plays: in a lane, under load,
# the pose's lag let two shots of it through in a fresh-clone run (known-faults.ts).
live=(tests/e2e/shipped.e2e.ts tests/e2e/video-file.e2e.ts tests/e2e/occlusion.e2e.ts)
timed "e2e (Chromium): a moving face" npx vitest run --project e2e "${live[@]}" \
  > >(tee "$logs/live") 2>&1 || fail $?
wait "$rest_clips" || cat "$logs/clips"
timed "engines (Firefox ESR, WebKitGTK)" npm run test:engines > >(tee "$logs/engines") 2>&1 || fail $?
# A fixture that cannot be made fails its lane's file again, with the same message.
wait "$f" || cat "$logs/fixtures"

# 2. The rest, in the three lanes side by side.
export E2E_CAMERA_FPS=8
# Each lane in a session of its own: the kernel shares the CPU between sessions before anything
# else (low-priority.sh), each browser has one, and the three lanes' own work (judging pictures,
# decoding files) would share one between them.
timed "e2e (Chromium), lane A" setsid -w npx vitest run --project e2e "${lane_a[@]}" >"$logs/a" 2>&1 &
a=$!
timed "e2e (Chromium), lane B" setsid -w npx vitest run --project e2e "${lane_b[@]}" >"$logs/b" 2>&1 &
b=$!
timed "e2e (Chromium), lane C" setsid -w npx vitest run --project e2e "${lane_c[@]}" >"$logs/c" 2>&1 &
c=$!
wait "$c" || fail $?
cat "$logs/c"
wait "$a" || fail $?
cat "$logs/a"
wait "$b" || fail $?
cat "$logs/b"
wait "$t" || fail $?
cat "$logs/tools"
wait "$checks" || fail $?
cat "$logs/checks"

echo "== summary"
cat "$logs/steps"
# Each failed test's header in vitest's report is followed by its error and the line that threw:
# both are printed under it.
sed 's/\x1b\[[0-9;]*m//g' "$logs"/{live,engines,tools,a,b,c,checks} | awk '
  /^ *FAIL / { print; why = 1; next }
  why > 0 && /^(⎯|$)/ { why = 0 }
  why > 0 && !/^ *[0-9]+\|/ { print "      " $0; if ($0 ~ /❯/) why = 0; next }
  /^ *× |^ [✓×] +(e2e|engines) +tests\// && !seen[$0]++ { print }' || true
exit "$status"
