#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Frame an application image and its raw signature for the secure-boot
bootloader (layout: protocol.hpp: header with its CRC, then the image and the
signature in chunks, each with a CRC over its sequence number and bytes).
The signature comes from `pqmcu sign --raw`."""
import argparse
import struct
import zlib

# protocol.hpp SchemeId; "-stream": MQOM's streaming-verification variant
SCHEMES = {"MAYO-2": 1, "mqom2_cat1_gf16_fast_r5": 2, "mqom2_cat1_gf16_fast_r5-stream": 3}
VERSION = 2
HEADER_BYTES = 20
CHUNK = 256  # protocol.hpp kMaxChunk


def chunks(data, size):
    return [data[i:i + size] for i in range(0, len(data), size)]


def frame(scheme, image, sig, chunk=CHUNK):
    head = b"PQBT" + struct.pack("<BBHII", VERSION, SCHEMES[scheme], chunk, len(image), len(sig))
    out = bytearray(head + struct.pack("<I", zlib.crc32(head) & 0xFFFFFFFF))
    seq = 0
    for part in (image, sig):
        for c in chunks(part, chunk):
            out += c + struct.pack("<I", zlib.crc32(struct.pack("<I", seq) + c) & 0xFFFFFFFF)
            seq += 1
    return bytes(out)


def offset_of(index, chunk=CHUNK, image_len=None, in_signature=False):
    """Frame offset of byte `index` of the image (or, with in_signature, of
    the signature that follows an image of image_len bytes)."""
    if in_signature:
        n_img = (image_len + chunk - 1) // chunk
        return HEADER_BYTES + image_len + 4 * n_img + index + 4 * (index // chunk)
    return HEADER_BYTES + index + 4 * (index // chunk)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scheme", required=True, choices=sorted(SCHEMES))
    ap.add_argument("--image", required=True)
    ap.add_argument("--sig", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--chunk", type=int, default=CHUNK)
    a = ap.parse_args()
    with open(a.image, "rb") as f:
        image = f.read()
    with open(a.sig, "rb") as f:
        sig = f.read()
    with open(a.out, "wb") as f:
        f.write(frame(a.scheme, image, sig, a.chunk))


if __name__ == "__main__":
    main()
