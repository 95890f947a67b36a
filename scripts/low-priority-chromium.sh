#!/usr/bin/env bash
# Chromium at the lowest priority (low-priority.sh), for CHROMIUM_PATH in the steps that only fill
# the CPU the journeys leave: Playwright starts this in a session of its own, whose group is
# niced before Chromium starts, so the browser and every process it starts stay low.
exec "$(dirname "$0")/low-priority.sh" "${LOW_PRIORITY_CHROMIUM:-/usr/bin/chromium}" "$@"
