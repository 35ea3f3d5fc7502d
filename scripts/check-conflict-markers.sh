#!/usr/bin/env bash
# A merge committed with its conflict markers left in Markdown went unseen by every other check.
set -euo pipefail
cd "$(dirname "$0")/.."
if git grep -nE '^(<<<<<<< |>>>>>>> |=======$)' -- ':!*.snap' ':!**/__fixtures__/**'; then
  echo "check-conflict-markers: the lines above are a merge's conflict markers" >&2
  exit 1
fi
