#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Secure-boot flow in QEMU (ctest m4.secure_boot.<scheme>; scripts/main-job.sh).

Host side with the pqmcu CLI only: sign the application image (raw signature)
with the bootloader's key; a second key from `pqmcu keygen`. Frames (pack.py)
are fed to the bootloader's UART0 (m4run.py --uart-input):

  valid      the signed image: boots, the application's output appears, exit 0
  flipped    one image byte flipped after signing, CRC recomputed: refused
  other-key  signed by another key: refused
  truncated  the frame cut in the middle of the image: refused (RX timeout)
  truncated-sig  cut in the middle of the signature: refused (RX timeout)
  garbled    one image byte flipped in transit (chunk CRC left): refused
             before verifying
  garbled-sig  the same in a signature chunk: refused before that chunk
             reaches the verifier

Refusals must exit with code 2 and print the expected reason. Prints the
bootloader's verify stack / static RAM (and, with --plugin, the verify
instructions / emulated cycles between pqmcu_bench_mark 0 and 1); --metrics
writes them as one CSV line.
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pack  # noqa: E402

APP_TEXT = "app: hello from the verified application"
REFUSED = 2
SKIPPED = 77  # ctest SKIP_RETURN_CODE


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--alg", required=True, help="the CLI's algorithm name (keygen, sign)")
    ap.add_argument("--scheme", help="the frame's scheme (pack.SCHEMES; default: --alg)")
    ap.add_argument("--chunk", type=int, default=pack.CHUNK, help="frame chunk size (bytes)")
    ap.add_argument("--sign-arg", action="append", default=[],
                    help="extra argument to `pqmcu sign` (repeatable; e.g. a signature variant)")
    ap.add_argument("--sk", required=True)
    ap.add_argument("--boot", required=True)
    ap.add_argument("--app", required=True)
    ap.add_argument("--m4run", required=True)
    ap.add_argument("--qemu", default="qemu-system-arm")
    ap.add_argument("--work", required=True)
    ap.add_argument("--plugin", help="cycle-model plugin .so: measure the valid boot's verify")
    ap.add_argument("--metrics", help="append '<alg>,<stack>,<static>,<total>,<insns>,<cycles>,<flash>' here")
    ap.add_argument("--size", default="arm-none-eabi-size")
    ap.add_argument("--max-flash", type=int, help="fail above this flash (arm-none-eabi-size text + data, bytes)")
    ap.add_argument("--max-ram", type=int, help="fail above this total RAM (the bootloader's report, bytes)")
    a = ap.parse_args()

    if not os.path.exists(a.cli):
        print(f"SKIP: no host pqmcu CLI at {a.cli} (cmake --build build/host --target pqmcu_cli)")
        return SKIPPED
    os.makedirs(a.work, exist_ok=True)
    w = lambda name: os.path.join(a.work, name)  # noqa: E731

    image = open(a.app, "rb").read()
    sig_path = w("app.sig")
    scheme = a.scheme or a.alg
    r = run([a.cli, "sign", a.alg, *a.sign_arg, "--raw", "--sk", a.sk, "--in", a.app, "--sig", sig_path, "--force"])
    if r.returncode != 0:  # also for a signature variant (--sign-arg): the CLI has MQOM's stream signer
        sys.exit(f"pqmcu sign {a.alg} {' '.join(a.sign_arg)} failed: {r.stderr}")
    sig = open(sig_path, "rb").read()
    r = run([a.cli, "keygen", a.alg, "--raw", "--pk", w("other.pk"), "--sk", w("other.sk"), "--force"])
    if r.returncode != 0:
        sys.exit(f"pqmcu keygen failed: {r.stderr}")
    r = run([a.cli, "sign", a.alg, *a.sign_arg, "--raw", "--sk", w("other.sk"), "--in", a.app,
             "--sig", w("other.sig"), "--force"])
    if r.returncode != 0:
        sys.exit(f"pqmcu sign (other key) failed: {r.stderr}")
    other_sig = open(w("other.sig"), "rb").read()

    valid = pack.frame(scheme, image, sig, a.chunk)
    flipped_image = bytearray(image)
    flipped_image[len(image) // 2] ^= 0x01
    garbled = bytearray(valid)
    garbled[pack.offset_of(len(image) // 3, a.chunk)] ^= 0x40
    garbled_sig = bytearray(valid)
    garbled_sig[pack.offset_of(len(sig) // 2, a.chunk, len(image), True)] ^= 0x40
    cases = [
        ("valid", valid, 0, ["boot: signature ok", APP_TEXT]),
        ("flipped", pack.frame(scheme, bytes(flipped_image), sig, a.chunk), REFUSED, ["refused: signature does not verify"]),
        ("other-key", pack.frame(scheme, image, other_sig, a.chunk), REFUSED, ["refused: signature does not verify"]),
        ("truncated", valid[: pack.offset_of(len(image) // 2, a.chunk)], REFUSED, ["refused: transfer timed out"]),
        ("truncated-sig", valid[: pack.offset_of(len(sig) // 2, a.chunk, len(image), True)], REFUSED,
         ["refused: transfer timed out"]),
        ("garbled", bytes(garbled), REFUSED, ["refused: CRC mismatch"]),
        ("garbled-sig", bytes(garbled_sig), REFUSED, ["refused: CRC mismatch"]),
    ]
    failures = 0
    metrics = None
    for name, frame, want_code, want_text in cases:
        path = w(f"{name}.frame")
        with open(path, "wb") as f:
            f.write(frame)
        cmd = [sys.executable, a.m4run, a.boot, "--uart-input", path, "--timeout", "300", "--quiet",
               "--log", w(f"{name}.log"), "--qemu", a.qemu]
        if a.plugin and name == "valid":
            cmd += ["--plugin", a.plugin, "--plugin-log", w("valid.plugin.log")]
        r = run(cmd)
        out = open(w(f"{name}.log"), "rb").read().decode("utf-8", "replace")
        ok = r.returncode == want_code and all(t in out for t in want_text)
        print(f"{'PASS' if ok else 'FAIL'} {name}: exit {r.returncode} (want {want_code})")
        if not ok:
            failures += 1
            print(out + r.stderr)
        if name == "valid":
            m = re.search(r"verify stack (\d+) B, static RAM (\d+) B, total (\d+) B", out)
            if m:
                metrics = [int(x) for x in m.groups()]
    if metrics:
        insns = cycles = ""
        if a.plugin and os.path.exists(w("valid.plugin.log")):
            marks = dict()
            for line in open(w("valid.plugin.log")):
                mm = re.search(r"pqmcu-mark seq=(\d+) insns=(\d+) cycles=(\d+)", line)
                if mm:
                    marks[int(mm.group(1))] = (int(mm.group(2)), int(mm.group(3)))
            # Marks come in pairs around the verifier's work (one pair for a
            # verify call; one per chunk for a streaming verifier): the sum.
            if marks and len(marks) % 2 == 0:
                insns = sum(marks[k + 1][0] - marks[k][0] for k in range(0, len(marks), 2))
                cycles = sum(marks[k + 1][1] - marks[k][1] for k in range(0, len(marks), 2))
        flash = flash_bytes(a.size, a.boot)
        print(f"{scheme}: verify stack {metrics[0]} B, static RAM {metrics[1]} B, total {metrics[2]} B, "
              f"flash {flash} B" + (f", verify {insns} instructions, {cycles} emulated cycles" if insns != "" else ""))
        if a.metrics:
            with open(a.metrics, "a") as f:
                f.write(f"{scheme},{metrics[0]},{metrics[1]},{metrics[2]},{insns},{cycles},{flash}\n")
        if a.max_ram is not None:
            ok = metrics[2] <= a.max_ram
            print(f"{'PASS' if ok else 'FAIL'} RAM budget: total {metrics[2]} B (max {a.max_ram} B)")
            failures += 0 if ok else 1
        if a.max_flash is not None:
            ok = flash != "" and flash <= a.max_flash
            print(f"{'PASS' if ok else 'FAIL'} flash budget: text + data {flash} B (max {a.max_flash} B)")
            failures += 0 if ok else 1
    elif failures == 0:
        print("FAIL: no verify measurement line in the valid boot's output")
        failures += 1
    print(f"{failures} failure(s) in {len(cases)} secure-boot cases and the budgets")
    return 1 if failures else 0


def flash_bytes(size_tool, elf):
    """Flash of the firmware: arm-none-eabi-size's text + data (Berkeley)."""
    r = run([size_tool, "-B", "-d", elf])
    if r.returncode != 0:
        return ""
    text, data = r.stdout.splitlines()[1].split()[:2]
    return int(text) + int(data)


if __name__ == "__main__":
    sys.exit(main())
