#!/bin/sh
# Install what the browser tests (`make browser-test`) need on a Debian machine: Debian's Chromium, which
# Playwright drives (Playwright's own browser download is never used), chromedriver, and a font with the
# card suits for the screenshots. Does nothing when they are installed; otherwise needs root or sudo.
# CI (.ci/run) calls it on a clean machine.
set -eu

CHROMIUM="${EXPEDITIONS_CHROMIUM:-/usr/bin/chromium}"
PACKAGES="chromium chromium-driver fonts-dejavu-core"
# The static edition's build (`make site`) packs Pyodide with npm and compiles its modules with Node.
NODE_PACKAGES="nodejs npm"

if [ -x "$CHROMIUM" ] && command -v chromedriver >/dev/null 2>&1; then
    if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
        echo "browser setup: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM") and Node $(node --version) are installed"
        exit 0
    fi
    PACKAGES="$NODE_PACKAGES"
elif ! command -v npm >/dev/null 2>&1; then
    PACKAGES="$PACKAGES $NODE_PACKAGES"
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "browser setup: no $CHROMIUM and no apt-get; install Chromium and set EXPEDITIONS_CHROMIUM to its path" >&2
    exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "browser setup: installing $PACKAGES needs root or sudo" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# A fresh container has no package lists; old lists can name versions the mirror no longer has.
if ! ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1; then
    $SUDO apt-get update
fi
# shellcheck disable=SC2086  # the package list is split on purpose
if ! $SUDO apt-get install -y $PACKAGES; then
    $SUDO apt-get update
    $SUDO apt-get install -y $PACKAGES
fi
"$CHROMIUM" --version
