#!/usr/bin/env bash
# The end-to-end tests and the bench drive Debian's Chromium and read videos with ffmpeg. On a new
# machine they are missing: install them (as root) before the tests run.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
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
