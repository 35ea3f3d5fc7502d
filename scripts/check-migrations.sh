#!/usr/bin/env bash
# Fails when apps/server/src/db/schema has changes that no committed migration carries, or when a
# migration breaks the previous release's queries without being marked a contract step (expand/contract:
# scripts/check-migration-safety.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d .drizzle-check.XXXXXX)  # drizzle-kit wants a relative --out
trap 'rm -rf "$tmp"' EXIT
cp -r apps/server/src/db/migrations/. "$tmp/"
out=$(npx drizzle-kit generate --dialect postgresql --schema apps/server/src/db/schema/index.ts --casing snake_case --out "$tmp" 2>&1) || {
  echo "$out" >&2
  echo "check-migrations: drizzle-kit failed" >&2
  exit 1
}
if ! grep -q 'No schema changes' <<<"$out"; then
  echo "$out"
  echo "The Drizzle schema changed without a migration: run 'npm run db:generate' and commit the result." >&2
  exit 1
fi
echo "migrations: in sync with the schema"
npx tsx scripts/check-migration-safety.ts
