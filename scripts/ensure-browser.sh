#!/usr/bin/env bash
# Make sure Debian's Chromium is installed for the browser tests (Playwright drives it; it never
# downloads a browser of its own). Installs it with apt-get when run as root; otherwise says
# loudly what is missing, and the browser tests skip with the same message.
set -u
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
    && exit 0
fi
echo "WARNING: /usr/bin/chromium is missing and could not be installed (needs root and apt-get):"
echo "WARNING: the end-to-end browser tests will be skipped. Install it with: sudo apt-get install chromium"
exit 0
