#!/usr/bin/env bash
# `npm test`: every step in order, stopping at the first failure, and each step's time printed at the
# end (also when a step fails), so CI shows where its minutes go.
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
total=$SECONDS
report() {
  echo "== step times"
  printf '   %s\n' "${times[@]}"
  printf '   %-10s %5d s\n' total $((SECONDS - total))
}
trap report EXIT

for step in lint typecheck test:unit test:e2e test:fleet; do
  start=$SECONDS
  echo "== npm run $step"
  status=0
  npm run --silent "$step" || status=$?
  times+=("$(printf '%-10s %5d s%s' "$step" $((SECONDS - start)) "$([ $status -eq 0 ] || echo '  FAILED')")")
  [ $status -eq 0 ] || exit $status
  if [ "$step" = test:unit ]; then npx tsx scripts/unit-times.ts; fi
done
