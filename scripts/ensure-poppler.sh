#!/usr/bin/env bash
# The PDF report test (apps/server/test/report-pdf.test.ts) reads the PDF back with Debian's poppler-utils:
# pdftotext for its text, pdftoppm for a picture of its first page kept as a CI artifact.
set -euo pipefail

if command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "ensure-poppler: pdftotext/pdftoppm are missing; installing Debian's poppler-utils package" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils
  exit 0
fi

echo "ensure-poppler: pdftotext/pdftoppm are missing. Install them as root, then run the tests again:" >&2
echo "  sudo apt-get update -qq && sudo apt-get install -y -qq poppler-utils" >&2
exit 1
