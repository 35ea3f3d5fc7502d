#!/usr/bin/env bash
# The fleet test (npm run test:fleet) runs Debian's HAProxy on the shipped deploy/haproxy.cfg.
set -euo pipefail

if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "ensure-haproxy: haproxy is missing; installing Debian's haproxy package" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy
  exit 0
fi

echo "ensure-haproxy: haproxy is missing. Install it as root, then run the tests again:" >&2
echo "  sudo apt-get update -qq && sudo apt-get install -y -qq haproxy" >&2
exit 1
