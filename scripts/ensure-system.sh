#!/usr/bin/env bash
# The end-to-end tests and the bench drive Debian's Chromium (and Firefox ESR and WebKitGTK) and
# read videos with ffmpeg. On a new machine they are missing: install them (as root) first.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
# The other two engines' suites (README "Browser engines"): Firefox ESR over WebDriver BiDi,
# WebKitGTK's MiniBrowser over WebKitWebDriver, both under Xvfb with Mesa for WebGL.
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb xauth)
dpkg-query -W -f='${Status}' libgl1-mesa-dri 2>/dev/null | grep -q 'install ok installed' ||
  missing+=(libgl1-mesa-dri)
# The host configurations the build writes are served by the real hosts in the unit tests
# (tests/unit/host-configs.test.ts).
command -v nginx >/dev/null 2>&1 || missing+=(nginx-light)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
# CJK glyphs, or the Chinese UI renders as boxes in screenshots.
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed' ||
  missing+=(fonts-noto-cjk)
[ "${#missing[@]}" -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "run as root or install them yourself: apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update && apt-get install -y --no-install-recommends "${missing[@]}"
