#!/usr/bin/env bash
# `npm test`: one build with the test hooks (`npm run build:test`, no type check), then three
# lanes side by side, each into its own log, printed whole once all have ended:
# - the Chromium suite (tests/e2e), the spine: it is CPU-bound and most of its checks see the
#   picture in real time;
# - one at a time, the Chromium files that judge nothing in real time (`beside`, below), then
#   the other engines (Firefox ESR and WebKitGTK under Xvfb), which come last so that they meet
#   only the suite: beside the suite and the checks too, WebKit's recording once took over a
#   minute to finish;
# - at low priority (nice), what never looks at a clock: the type check, lint, the unit tests, a
#   production build checked for test hooks, then the shop tools' check, the text sweep, the
#   embedding, bad manifests and the smoke checks (`untimed`).
# Then the pipeline's rates, the video file and storage alone (below). Each step prints its duration; the run fails if any
# lane failed.
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

# Beside the suite, one at a time: the privacy session (privacy.e2e.ts: it waits a minute for
# MediaPipe's usage-log flush, 60 s after the workers start), the late occluder (17 s of it a
# wait on the app's deadline), the photo source with favourites, 全部试戴 and 镜片 (still
# pictures, nothing timed) and shops' exports worn (kept pictures). The site's pages stay in
# the suite (they time a toast's 2 s: 2.7 s beside it).
# Measured: beside the engines and the checks the privacy session once missed a click's 30 s;
# with the site and catalogue checks beside the suite too, a paused video and the page path
# missed their deadlines; four files side by side each ran 1.5-4x slower; the cut test
# (motion.e2e.ts) beside two files at once once saw no glasses on the first face before the cut.
# So the real-time files stay in the suite and the others run one at a time. `npm run test:e2e`
# runs every file one by one.
beside=(tests/e2e/privacy.e2e.ts tests/e2e/late-occluder.e2e.ts tests/e2e/photo.e2e.ts
  tests/e2e/try-all.e2e.ts tests/e2e/lens.e2e.ts tests/e2e/shop-glasses.e2e.ts)
# After the checks, at their low priority: files that only wait on the page (no app deadline in
# view), so the lanes end together.
untimed=(tests/e2e/glasses-tools.e2e.ts tests/e2e/text-fit.e2e.ts tests/e2e/embed.e2e.ts
  tests/e2e/bad-catalogue.e2e.ts tests/e2e/smoke.e2e.ts)

(for file in "${beside[@]}"; do
  timed "e2e (Chromium) $(basename "$file"), beside the suite" \
    npx vitest run --project e2e "$file" || exit
done && timed "engines (Firefox ESR, WebKitGTK)" npm run test:engines) >"$logs/engines" 2>&1 &
engines=$!
(timed types nice -n 10 npx tsc -b && timed lint nice -n 10 npm run lint &&
  timed "unit tests" nice -n 10 npm run test:unit &&
  timed "production build without test hooks" nice -n 10 npm run check:production &&
  for file in "${untimed[@]}"; do
    timed "e2e (Chromium) $(basename "$file"), low priority" \
      nice -n 10 npx vitest run --project e2e "$file" || exit
  done) >"$logs/checks" 2>&1 &
checks=$!
# Last, alone: the pipeline's rates (pipeline.e2e.ts: drawn share, faces found on ≥ 90 % of
# tracked frames) and a video file played, sought and looped with the face tracked
# (video-file.e2e.ts), and storage (storage.e2e.ts). Beside the three lanes the webcam's face was
# found on 81 % (frames so far apart that the tracker lost the moving face between them), the
# file's check failed once, and on a first visit the runtime's wasm was fetched twice (in the
# suite and beside it: a fault of the app under load, open, not hidden by this order).
last=(tests/e2e/pipeline.e2e.ts tests/e2e/video-file.e2e.ts tests/e2e/storage.e2e.ts)
elsewhere=("${untimed[@]}" "${beside[@]}" "${last[@]}")
status=0
timed "e2e (Chromium)" npx vitest run --project e2e "${elsewhere[@]/#/--exclude=}" || status=$?
wait "$checks" || { s=$?; [ "$status" -ne 0 ] || status=$s; }
cat "$logs/checks"
wait "$engines" || { s=$?; [ "$status" -ne 0 ] || status=$s; }
cat "$logs/engines"
timed "e2e (Chromium) pipeline, video file and storage, alone" npx vitest run --project e2e "${last[@]}" ||
  { s=$?; [ "$status" -ne 0 ] || status=$s; }
exit "$status"
