#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium at /usr/bin/chromium (Playwright's
# own browser download is not available here). Installs it when it is missing;
# that needs root, as CI has. CHROMIUM_PATH names another browser to use instead.
set -euo pipefail
DEBIAN_CHROMIUM=/usr/bin/chromium
CHROMIUM=${CHROMIUM_PATH:-$DEBIAN_CHROMIUM}

if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$CHROMIUM" != "$DEBIAN_CHROMIUM" ]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM is not an executable" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $DEBIAN_CHROMIUM is missing; as root, run: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi
echo "ensure-chromium: $DEBIAN_CHROMIUM is missing; installing Debian's chromium package" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
"$DEBIAN_CHROMIUM" --version
