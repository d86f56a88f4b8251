#!/usr/bin/env bash
# Make sure the tools the tests drive are installed: Debian's Chromium for the browser tests
# (Playwright drives it; it never downloads a browser of its own) and Debian's PostgreSQL server
# for the multi-worker and deletion-race tests (each test starts its own throwaway cluster).
# Installs what is missing with apt-get when run as root; otherwise says loudly what is missing,
# and the tests that need it skip with the same message.
set -u
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! command -v initdb >/dev/null 2>&1 && ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  missing+=(postgresql)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
    && exit 0
fi
echo "WARNING: ${missing[*]} missing and could not be installed (needs root and apt-get):"
echo "WARNING: the tests that need them will be skipped. Install with: sudo apt-get install ${missing[*]}"
exit 0
