#!/usr/bin/env bash
# Runs a command at the lowest priority, one that holds against the browsers the tests start.
# The kernel shares the CPU between sessions first (sched_autogroup) and by `nice` only within
# one, and Playwright starts each browser in a session of its own: a niced process in the tests'
# session took an equal share beside each browser (the moving face's judging ran twice as slow
# beside two niced busy loops; as fast as alone with the loops' session niced, docs/testing.md).
# So the caller gives this a session of its own (`setsid -w`), and its group is niced here, to
# LOW_PRIORITY_NICE (19 unless said: what the next step needs first goes at 10).
level="${LOW_PRIORITY_NICE:-19}"
echo "$level" >/proc/self/autogroup 2>/dev/null || true
exec nice -n "$level" "$@"
