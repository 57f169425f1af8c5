#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium headless shell (package
# chromium-headless-shell, the old headless mode Playwright itself uses for headless
# runs): the same Chromium as Debian's browser, without its windowing layers, and the
# 29 browser tests took 205 s with it against 225 s with /usr/bin/chromium here.
# Playwright's own browser download is not available here. Installs the package when
# it is missing; that needs root, as CI has. CHROMIUM_PATH names another browser to
# use instead (/usr/bin/chromium, say).
set -euo pipefail
DEBIAN_SHELL=/usr/lib/chromium/chromium-headless-shell
CHROMIUM=${CHROMIUM_PATH:-$DEBIAN_SHELL}

if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$CHROMIUM" != "$DEBIAN_SHELL" ]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM is not an executable" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $DEBIAN_SHELL is missing; as root, run: apt-get update && apt-get install -y chromium-headless-shell" >&2
  exit 1
fi
echo "ensure-chromium: $DEBIAN_SHELL is missing; installing Debian's chromium-headless-shell package" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium-headless-shell >/dev/null
"$DEBIAN_SHELL" --version
