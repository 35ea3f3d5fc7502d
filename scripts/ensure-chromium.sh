#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (/usr/bin/chromium): `playwright install` cannot download here.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium package" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  exit 0
fi

echo "ensure-chromium: /usr/bin/chromium is missing. Install it as root, then run the tests again:" >&2
echo "  sudo apt-get update -qq && sudo apt-get install -y -qq chromium" >&2
exit 1
