#!/usr/bin/env bash
# Runs the API tests that pick flights from the simulated supply on other days and hours than today's.
# The supply is deterministic per route and day (seat counts, fare classes, fare families), so a test that picks
# "the first class with nine seats" can hold today and fail on another day; the void cut-offs follow the hour of
# the Vietnam day. Each run moves the clock of every process it starts (the tests, the gateway, PGlite) by one
# offset, through libfaketime (Debian package faketime).
#   bash scripts/test-on-dates.sh                 # the default offsets
#   bash scripts/test-on-dates.sh +2d +30h +9d     # offsets in libfaketime's form
#   TEST_ON_DATES_ALL=1 bash scripts/test-on-dates.sh +2d   # the whole API suite, not only the supply's users
#   TEST_ON_DATES_E2E=1 bash scripts/test-on-dates.sh '@2026-12-07 16:52:00'
#                                                   # the whole end-to-end suite (Chromium), the clock started at
#                                                   # 23:52 Vietnam time (libfaketime's absolute form): about 17 min
set -uo pipefail
cd "$(dirname "$0")/.."
lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
if [ ! -f "$lib" ]; then
  echo "libfaketime not found at $lib (apt-get install -y faketime)" >&2
  exit 2
fi
offsets=("$@")
[ ${#offsets[@]} -eq 0 ] && offsets=(+1d +30h +3d +5d +8d +13d)
project=gateway
if [ "${TEST_ON_DATES_E2E:-}" = 1 ]; then
  project=e2e
  files=()
elif [ "${TEST_ON_DATES_ALL:-}" = 1 ]; then
  files=()
else
  mapfile -t files < <(grep -l -E 'inDays|searchToEnd|/api/shop/flights' tests/gateway/*.test.ts)
fi
failed=0
for off in "${offsets[@]}"; do
  log=".tmp/test-on-dates-${project}${off//[^0-9a-z+-]/_}.log"
  mkdir -p .tmp
  # libfaketime starts an absolute '@…' clock again in every process it is loaded into, so a gateway or browser
  # started minutes after the tests would lag them by those minutes (its tsp checks then refuse the tests' requests
  # as skewed): an absolute time becomes the offset from now, which every process shares
  fake="$off"
  if [[ "$off" == @* ]]; then
    fake="$(( $(date -u -d "${off#@}" +%s) - $(date -u +%s) ))"
    [[ "$fake" == -* ]] || fake="+$fake"
  fi
  FAKETIME="$fake" LD_PRELOAD="$lib" node_modules/.bin/vitest run --project "$project" "${files[@]}" > "$log" 2>&1
  rc=$?
  echo "clock $off (offset $fake, ended at $(FAKETIME="$fake" LD_PRELOAD="$lib" date -u +%FT%RZ)): exit $rc, $(grep -E 'Tests ' "$log" | tail -1 | sed 's/\x1b\[[0-9;]*m//g' | xargs) ($log)"
  [ $rc -ne 0 ] && failed=1
done
exit $failed
