#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Brings qemu-plugin.h (the TCG plugin API header of the installed QEMU) from
# Debian's qemu source package. Debian does not package the header, and we must
# not copy it into the repository, so it is fetched at set-up time.
# Usage: fetch-qemu-plugin-header.sh DEST_DIR   (idempotent; needs root for apt)
set -euo pipefail
dest=${1:?destination directory}
if [ -f "$dest/qemu-plugin.h" ]; then exit 0; fi
mkdir -p "$dest"
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
    cat > /etc/apt/sources.list.d/pqmcu-deb-src.sources <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    apt-get update -qq
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Only the upstream tarball is needed; the header is not touched by Debian's patches.
(cd "$work" && apt-get source --download-only -qq qemu >/dev/null)
tarball=$(ls "$work"/qemu_*.orig.tar.* | head -n 1)
# (no grep -m1: closing the pipe early would kill tar and, with pipefail, the script)
member=$(tar -tf "$tarball" | grep '/include/qemu/qemu-plugin.h$' | head -n 1 || true)
[ -n "$member" ] || { echo "qemu-plugin.h not found in $tarball" >&2; exit 1; }
tar -xf "$tarball" -C "$work" "$member"
cp "$work/$member" "$dest/qemu-plugin.h"
echo "qemu-plugin.h installed in $dest"
