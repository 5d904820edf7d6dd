#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Frame an application image and its raw signature for the secure-boot
bootloader (layout: protocol.hpp). The signature comes from `pqmcu sign --raw`."""
import argparse
import struct
import zlib

SCHEMES = {"MAYO-2": 1, "mqom2_cat1_gf16_fast_r5": 2}


def frame(scheme, image, sig):
    head = b"PQBT" + struct.pack("<BBHII", 1, SCHEMES[scheme], 0, len(image), len(sig))
    crc = zlib.crc32(head + image + sig) & 0xFFFFFFFF
    return head + struct.pack("<I", crc) + image + sig


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scheme", required=True, choices=sorted(SCHEMES))
    ap.add_argument("--image", required=True)
    ap.add_argument("--sig", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    with open(a.image, "rb") as f:
        image = f.read()
    with open(a.sig, "rb") as f:
        sig = f.read()
    with open(a.out, "wb") as f:
        f.write(frame(a.scheme, image, sig))


if __name__ == "__main__":
    main()
