#!/usr/bin/env bash
# `npm test`: every step in order, stopping at the first failure, and each step's time printed at the
# end (also when a step fails), so CI shows where its minutes go. Lint and typecheck read the code and
# run nothing of it: they run side by side, each one's output printed whole when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
total=$SECONDS
logs=$(mktemp -d)
report() {
  echo "== step times"
  printf '   %s\n' "${times[@]}"
  printf '   %-10s %5d s\n' total $((SECONDS - total))
  rm -rf "$logs"
}
trap report EXIT

# The time and status of one step, for the report.
record() { times+=("$(printf '%-10s %5d s%s' "$1" "$2" "$([ "$3" -eq 0 ] || echo '  FAILED')")"); }

# Starts `npm run $1` in the background, its output to a file; writes its time and status beside it.
start_step() {
  (
    start=$SECONDS
    status=0
    npm run --silent "$1" >"$logs/$1.out" 2>&1 || status=$?
    echo "$((SECONDS - start)) $status" >"$logs/$1.result"
  ) &
}

start_step lint
start_step typecheck
wait
failed=0
for step in lint typecheck; do
  read -r seconds status <"$logs/$step.result"
  echo "== npm run $step (${seconds} s, side by side)"
  cat "$logs/$step.out"
  record "$step" "$seconds" "$status"
  [ "$status" -eq 0 ] || failed=$status
done
[ $failed -eq 0 ] || exit $failed

for step in test:unit test:e2e test:fleet; do
  start=$SECONDS
  echo "== npm run $step"
  status=0
  npm run --silent "$step" || status=$?
  record "$step" $((SECONDS - start)) $status
  [ $status -eq 0 ] || exit $status
  if [ "$step" = test:unit ]; then npx tsx scripts/unit-times.ts; fi
done
