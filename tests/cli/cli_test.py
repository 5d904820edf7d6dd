#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""End-to-end tests of the `pqmcu` command's files, names and exit codes.

Runs the built binary in a temporary directory: armored and raw round trips,
strict parsing, algorithm mismatches, exit codes (0 valid, 1 invalid, 2 error,
one line on stderr), no overwrite without --force, aliasing, secret key mode
0600, '-' for stdin / stdout, --version, bounded messages (/dev/zero), and no
partial file when a write fails (RLIMIT_FSIZE, /dev/full).

usage: cli_test.py --cli build/host/tools/cli/pqmcu --version 0.1.0 [case ...]
"""
import argparse
import base64
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile

MQOM = "mqom2_cat1_gf16_fast_r5"
MQOM_SAME_SIZE = "mqom2_cat1_gf16_fast_r3"  # same key sizes as MQOM
MAYO = "MAYO-2"
ALGS = (MQOM, MAYO)

CLI = None
VERSION = None
SANITIZED = False  # AddressSanitizer reserves terabytes of address space: no RLIMIT_AS then


class Failed(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failed(what)


def run(*args, stdin=None, input_bytes=None, timeout=120, preexec=None, stdout_file=None):
    """Runs pqmcu; returns (exit code, stdout bytes, stderr text)."""
    def setup():
        os.umask(0o022)
        if preexec:
            preexec()
    p = subprocess.run([CLI, *args], input=input_bytes, stdin=stdin,
                       stdout=stdout_file if stdout_file is not None else subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout, preexec_fn=setup)
    return p.returncode, p.stdout if stdout_file is None else b"", p.stderr.decode(errors="replace")


def expect(rc_want, *args, contains=(), **kw):
    """Runs and checks the exit code; for errors, exactly one 'pqmcu: ' line on stderr."""
    rc, out, err = run(*args, **kw)
    check(rc == rc_want, f"pqmcu {' '.join(args)}: exit {rc}, expected {rc_want}; stderr: {err.strip()!r}")
    if rc_want != 0:
        lines = err.splitlines()
        check(len(lines) == 1 and lines[0].startswith("pqmcu: "),
              f"pqmcu {' '.join(args)}: stderr is not one 'pqmcu:' line: {err!r}")
    for c in contains:
        check(c in err, f"pqmcu {' '.join(args)}: stderr {err.strip()!r} lacks {c!r}")
    return out, err


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def sizes():
    rc, out, _ = run("list")
    check(rc == 0, "pqmcu list failed")
    table = {}
    for line in out.decode().splitlines()[1:]:
        f = line.split()
        table[f[0]] = (int(f[-3]), int(f[-2]), int(f[-1]))
    return table


def armor_parts(text, label):
    """Checks the armored layout; returns (algorithm, raw bytes)."""
    lines = text.decode().split("\n")
    check(lines[-1] == "", "armored file does not end with a newline")
    lines = lines[:-1]
    check(lines[0] == f"-----BEGIN PQMCU {label}-----", f"BEGIN line {lines[0]!r}")
    check(lines[1].startswith("Algorithm: "), f"header {lines[1]!r}")
    check(lines[-1] == f"-----END PQMCU {label}-----", f"END line {lines[-1]!r}")
    body = lines[2:-1]
    check(all(len(l) == 64 for l in body[:-1]) and 1 <= len(body[-1]) <= 64, "base64 not wrapped at 64 columns")
    return lines[1][len("Algorithm: "):], base64.b64decode("".join(body), validate=True)


def listing(d):
    return sorted(os.listdir(d))


def keys(d, alg, prefix="", raw=False):
    pk, sk = os.path.join(d, prefix + "pk"), os.path.join(d, prefix + "sk")
    expect(0, "keygen", alg, "--pk", pk, "--sk", sk, *(["--raw"] if raw else []))
    return pk, sk


# ---------------------------------------------------------------------------
# Cases: each takes a fresh temporary directory.

def case_version(d):
    rc, out, _ = run("--version")
    check(rc == 0 and out == f"pqmcu {VERSION}\n".encode(), f"--version printed {out!r} (exit {rc})")


def case_help_and_usage(d):
    rc, out, _ = run("--help")
    text = out.decode()
    check(rc == 0, "--help exit status")
    for word in ("Exit status: 0", "1 signature invalid", "2 usage", "--raw", "-----BEGIN PQMCU PUBLIC KEY-----"):
        check(word in text, f"--help lacks {word!r}")
    expect(2, "sign", "--sk", "k", "--in", "m", "--sig", "s", "--no-such-option", contains=("--no-such-option",))
    expect(2, "sign", "--in", "m", "--sig", "s", contains=("--sk",))
    expect(2)  # no subcommand
    with open("/dev/full", "wb") as full:
        expect(2, "list", stdout_file=full, contains=("No space left",))
    expect(2, "keygen", "no_such_algorithm", "--pk", f"{d}/p", "--sk", f"{d}/s", contains=("unknown algorithm",))


def case_names(d):
    table = sizes()
    check(MQOM in table and MAYO in table, "`pqmcu list` lacks the canonical names")
    check("mayo_2" not in table and "MQOM2-L1-gf16-fast-r5" not in table, "`pqmcu list` prints aliases")
    for alias, canonical in (("mayo2", MAYO), ("mayo_2", MAYO), ("Mayo-2", MAYO),
                             ("MQOM2-L1-gf16-fast-r5", MQOM), ("MQOM2_CAT1_GF16_FAST_R5", MQOM)):
        pk, sk = os.path.join(d, alias + ".pk"), os.path.join(d, alias + ".sk")
        expect(0, "keygen", alias, "--pk", pk, "--sk", sk)
        alg, _ = armor_parts(read(pk), "PUBLIC KEY")
        check(alg == canonical, f"keygen {alias} wrote Algorithm: {alg}, expected {canonical}")


def case_roundtrip_armored(d):
    write(f"{d}/msg", b"firmware image\n" * 1000)
    table = sizes()
    for alg in ALGS:
        pk, sk = keys(d, alg, prefix=alg)
        a1, raw_pk = armor_parts(read(pk), "PUBLIC KEY")
        a2, raw_sk = armor_parts(read(sk), "SECRET KEY")
        check(a1 == alg and a2 == alg, f"{alg}: keys name {a1}/{a2}")
        check((len(raw_pk), len(raw_sk)) == table[alg][:2], f"{alg}: key sizes differ from `pqmcu list`")
        sig = f"{d}/{alg}.sig"
        expect(0, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", sig)  # algorithm from the key
        a3, raw_sig = armor_parts(read(sig), "SIGNATURE")
        check(a3 == alg and len(raw_sig) == table[alg][2], f"{alg}: signature names {a3}, {len(raw_sig)} bytes")
        out, _ = expect(0, "verify", "--pk", pk, "--in", f"{d}/msg", "--sig", sig)
        check(out == b"signature valid\n", f"verify printed {out!r}")
        expect(0, "verify", alg, "--pk", pk, "--in", f"{d}/msg", "--sig", sig)
        check(stat.S_IMODE(os.stat(pk).st_mode) == 0o644, f"{alg}: public key mode {oct(os.stat(pk).st_mode)}")


def case_roundtrip_raw(d):
    write(f"{d}/msg", b"raw firmware")
    table = sizes()
    for alg in ALGS:
        pk, sk = keys(d, alg, prefix=alg + ".raw.", raw=True)
        check((len(read(pk)), len(read(sk))) == table[alg][:2], f"{alg}: raw key sizes")
        check(stat.S_IMODE(os.stat(sk).st_mode) == 0o600, f"{alg}: raw secret key mode")
        sig = f"{d}/{alg}.raw.sig"
        expect(2, "sign", "--raw", "--sk", sk, "--in", f"{d}/msg", "--sig", sig, contains=("do not name",))
        expect(2, "sign", alg, "--sk", sk, "--in", f"{d}/msg", "--sig", sig, contains=("--raw",))
        check(not os.path.exists(sig), "a refused sign wrote its output")
        expect(0, "sign", alg, "--raw", "--sk", sk, "--in", f"{d}/msg", "--sig", sig)
        check(len(read(sig)) == table[alg][2], f"{alg}: raw signature size")
        expect(0, "verify", alg, "--raw", "--pk", pk, "--in", f"{d}/msg", "--sig", sig)
        expect(2, "verify", alg, "--pk", pk, "--in", f"{d}/msg", "--sig", sig, contains=("--raw",))
        # Armored keys, raw signature (firmware images): the key names the algorithm.
        apk, ask = keys(d, alg, prefix=alg + ".armored.")
        expect(0, "sign", "--raw", "--sk", ask, "--in", f"{d}/msg", "--sig", sig + "2")
        check(len(read(sig + "2")) == table[alg][2], f"{alg}: raw signature from an armored key")
        expect(0, "verify", "--raw", "--pk", apk, "--in", f"{d}/msg", "--sig", sig + "2")
        # A raw file of the wrong length.
        write(f"{d}/short", read(sig)[:-1])
        expect(2, "verify", alg, "--raw", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/short",
               contains=("must be",))


def case_tampered(d):
    write(f"{d}/msg", b"hello")
    for alg in ALGS:
        pk, sk = keys(d, alg, prefix=alg)
        sig = f"{d}/{alg}.sig"
        expect(0, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", sig)
        write(f"{d}/msg2", b"hellp")
        expect(1, "verify", "--pk", pk, "--in", f"{d}/msg2", "--sig", sig, contains=("invalid",))
        # One base64 character of the body changed (still canonical base64).
        lines = read(sig).split(b"\n")
        row = bytearray(lines[5])
        row[10] = ord("A") if row[10] != ord("A") else ord("B")
        lines[5] = bytes(row)
        write(f"{d}/bad.sig", b"\n".join(lines))
        expect(1, "verify", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/bad.sig", contains=("invalid",))
        # A raw signature with one bit flipped.
        expect(0, "sign", "--raw", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/{alg}.raw")
        raw = bytearray(read(f"{d}/{alg}.raw"))
        raw[len(raw) // 2] ^= 1
        write(f"{d}/{alg}.rawbad", bytes(raw))
        expect(1, "verify", "--raw", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/{alg}.rawbad")


def case_wrong_algorithm(d):
    write(f"{d}/msg", b"m")
    qpk, qsk = keys(d, MQOM, prefix="q")
    mpk, msk = keys(d, MAYO, prefix="m")
    # Same key sizes, other set: refused, naming both.
    expect(2, "sign", MQOM_SAME_SIZE, "--sk", qsk, "--in", f"{d}/msg", "--sig", f"{d}/s",
           contains=(MQOM, MQOM_SAME_SIZE))
    expect(2, "sign", MAYO, "--sk", qsk, "--in", f"{d}/msg", "--sig", f"{d}/s", contains=(MQOM, MAYO))
    check(not os.path.exists(f"{d}/s"), "a refused sign wrote its output")
    expect(0, "sign", "--sk", qsk, "--in", f"{d}/msg", "--sig", f"{d}/q.sig")
    expect(2, "verify", "--pk", mpk, "--in", f"{d}/msg", "--sig", f"{d}/q.sig", contains=(MQOM, MAYO))
    expect(2, "verify", MAYO, "--pk", qpk, "--in", f"{d}/msg", "--sig", f"{d}/q.sig", contains=(MQOM, MAYO))
    # Raw keys of the same size under another set's name are indistinguishable:
    # that is why armored files are the default.


def case_strict_parser(d):
    write(f"{d}/msg", b"m")
    pk, sk = keys(d, MQOM)
    expect(0, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/sig")
    text = read(pk)
    bad = {
        "trailing": (text + b"extra\n", "after the END"),
        "trailing_blank": (text + b"\n", "after the END"),
        "kind": (read(sk), "not a PQMCU public key"),
        "no_end": (text.replace(b"-----END PQMCU PUBLIC KEY-----\n", b""), "missing"),
        "unknown_alg": (text.replace(MQOM.encode(), b"mqom2_cat9_gf16_fast_r5"), "unknown algorithm"),
        "alias_alg": (text.replace(MQOM.encode(), b"MQOM2-L1-gf16-fast-r5"), "canonical"),
        "bad_b64": (text.replace(text.split(b"\n")[2][:4], b"!!!!"), "base64"),
        "short": (b"\n".join(l for i, l in enumerate(text.split(b"\n")) if i != 2), "bytes"),
        "rewrapped": (text.replace(b"\n", b"", 3).replace(b"Algorithm", b"\nAlgorithm"), ""),
        "not_armored": (b"hello\n", "not an armored"),
        "too_big": (b"-----BEGIN PQMCU PUBLIC KEY-----\n" + b"A" * (2 << 20), "larger than"),
    }
    for name, (data, why) in bad.items():
        path = f"{d}/{name}.pk"
        write(path, data)
        expect(2, "verify", "--pk", path, "--in", f"{d}/msg", "--sig", f"{d}/sig", contains=(why,))
    # The same file, CRLF line ends and no final newline: accepted.
    write(f"{d}/crlf.pk", text.replace(b"\n", b"\r\n"))
    expect(0, "verify", "--pk", f"{d}/crlf.pk", "--in", f"{d}/msg", "--sig", f"{d}/sig")
    write(f"{d}/nonl.pk", text[:-1])
    expect(0, "verify", "--pk", f"{d}/nonl.pk", "--in", f"{d}/msg", "--sig", f"{d}/sig")
    # A signature given as the public key.
    expect(2, "verify", "--pk", f"{d}/sig", "--in", f"{d}/msg", "--sig", f"{d}/sig", contains=("found a SIGNATURE",))


def case_file_errors(d):
    write(f"{d}/msg", b"m")
    pk, sk = keys(d, MQOM)
    os.mkdir(f"{d}/dir")
    expect(2, "sign", "--sk", f"{d}/missing", "--in", f"{d}/msg", "--sig", f"{d}/s", contains=("No such file",))
    expect(2, "sign", "--sk", sk, "--in", f"{d}/missing", "--sig", f"{d}/s", contains=("No such file",))
    expect(2, "sign", "--sk", sk, "--in", f"{d}/dir", "--sig", f"{d}/s", contains=("is a directory",))
    expect(2, "sign", "--sk", f"{d}/dir", "--in", f"{d}/msg", "--sig", f"{d}/s", contains=("is a directory",))
    expect(2, "sign", "--sk", "/dev/null", "--in", f"{d}/msg", "--sig", f"{d}/s", contains=("not a regular file",))
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/dir", contains=("is a directory",))
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/dir", "--force", contains=("is a directory",))
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", "/dev/null", "--force",
           contains=("not a regular file",))
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/nodir/s", contains=("No such file",))
    expect(2, "verify", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/missing", contains=("No such file",))
    check(not os.path.exists(f"{d}/s"), "an error left an output")
    # Full disk: /dev/full as stdout.
    with open("/dev/full", "wb") as full:
        expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", "-", stdout_file=full,
               contains=("No space left",))
        before = listing(d)
        expect(2, "keygen", MAYO, "--pk", "-", "--sk", f"{d}/new.sk", stdout_file=full, contains=("No space left",))
        check(listing(d) == before, f"keygen to /dev/full left files: {set(listing(d)) - set(before)}")
    # Permission denied (as root, run the command as nobody).
    if os.geteuid() == 0:
        os.chmod(d, 0o755)
        os.chmod(sk, 0o600)
        expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", "-",
               preexec=lambda: (os.setgroups([]), os.setgid(65534), os.setuid(65534)),
               contains=("Permission denied",))
        expect(2, "sign", "--sk", f"{d}/nobody.sk", "--in", f"{d}/msg", "--sig", f"{d}/nobody.sig",
               preexec=lambda: (os.setgroups([]), os.setgid(65534), os.setuid(65534)))
    else:
        os.chmod(sk, 0o000)
        expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", "-", contains=("Permission denied",))


def case_no_overwrite(d):
    write(f"{d}/msg", b"m")
    pk, sk = keys(d, MQOM)
    old_pk, old_sk = read(pk), read(sk)
    expect(2, "keygen", MQOM, "--pk", pk, "--sk", sk, contains=("--force",))
    expect(2, "keygen", MQOM, "--pk", f"{d}/pk2", "--sk", sk, contains=("--force",))
    check(read(pk) == old_pk and read(sk) == old_sk and not os.path.exists(f"{d}/pk2"), "keys replaced or created")
    os.chmod(sk, 0o644)
    expect(0, "keygen", MQOM, "--pk", pk, "--sk", sk, "--force")
    check(read(pk) != old_pk and read(sk) != old_sk, "--force did not replace the keys")
    check(stat.S_IMODE(os.stat(sk).st_mode) == 0o600, "a replaced secret key is not mode 0600")
    expect(0, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/sig")
    old_sig = read(f"{d}/sig")
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/sig", contains=("already exists",))
    check(read(f"{d}/sig") == old_sig, "signature replaced without --force")
    expect(0, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/sig", "--force")
    expect(0, "verify", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/sig")
    # A dangling symlink counts as existing.
    os.symlink(f"{d}/nowhere", f"{d}/link")
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/link", contains=("already exists",))
    check(not os.path.exists(f"{d}/nowhere"), "wrote through a dangling symlink")


def case_sk_mode(d):
    for alg in ALGS:
        for raw in (False, True):
            pk, sk = keys(d, alg, prefix=f"{alg}{raw}", raw=raw)
            check(stat.S_IMODE(os.stat(sk).st_mode) == 0o600, f"{alg} raw={raw}: sk mode {oct(os.stat(sk).st_mode)}")
    # Even under a permissive umask.
    rc, _, err = run("keygen", MQOM, "--pk", f"{d}/u.pk", "--sk", f"{d}/u.sk", preexec=lambda: os.umask(0))
    check(rc == 0 and stat.S_IMODE(os.stat(f"{d}/u.sk").st_mode) == 0o600, "sk mode under umask 0")
    check(stat.S_IMODE(os.stat(f"{d}/u.pk").st_mode) == 0o666, "pk mode under umask 0 (follows the umask)")


def case_aliasing(d):
    write(f"{d}/msg", b"the message")
    pk, sk = keys(d, MQOM)
    expect(2, "keygen", MQOM, "--pk", f"{d}/x", "--sk", f"{d}/x", contains=("same file",))
    expect(2, "keygen", MQOM, "--pk", f"{d}/x", "--sk", f"{d}/./x", contains=("same file",))
    check(not os.path.exists(f"{d}/x"), "aliased keygen wrote a file")
    for extra in ((), ("--force",)):
        expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/msg", *extra, contains=("same file",))
        expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", sk, *extra, contains=("same file",))
    check(read(f"{d}/msg") == b"the message", "the message was replaced")
    os.symlink(f"{d}/msg", f"{d}/msglink")
    os.link(f"{d}/msg", f"{d}/msghard")
    os.mkdir(f"{d}/sub")
    os.symlink(d, f"{d}/sub/up")
    for alias in (f"{d}/msglink", f"{d}/msghard", f"{d}/sub/up/msg", f"{d}/sub/../msg"):
        expect(2, "sign", "--sk", sk, "--in", alias, "--sig", f"{d}/msg", "--force", contains=("same file",))
        expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", alias, "--force", contains=("same file",))
    check(read(f"{d}/msg") == b"the message", "the message was replaced")
    # '-' never for two things at once.
    expect(2, "verify", "--pk", pk, "--in", "-", "--sig", "-", input_bytes=b"x", contains=("stdin",))
    expect(2, "sign", "--sk", "-", "--in", "-", "--sig", f"{d}/s", input_bytes=b"x", contains=("stdin",))
    expect(2, "keygen", MQOM, "--pk", f"{d}/p", "--sk", "-", contains=("stdout",))


def case_stdio(d):
    msg = b"streamed message\n" * 100
    write(f"{d}/msg", msg)
    for alg in ALGS:
        pk, sk = keys(d, alg, prefix=alg)
        expect(0, "sign", "--sk", sk, "--in", "-", "--sig", f"{d}/{alg}.sig", input_bytes=msg)
        expect(0, "verify", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/{alg}.sig")
        expect(0, "verify", "--pk", pk, "--in", "-", "--sig", f"{d}/{alg}.sig", input_bytes=msg)
        expect(1, "verify", "--pk", pk, "--in", "-", "--sig", f"{d}/{alg}.sig", input_bytes=msg + b"!")
        # A filter: message on stdin, signature on stdout.
        out, _ = expect(0, "sign", "--sk", sk, "--in", "-", "--sig", "-", input_bytes=msg)
        check(out.startswith(b"-----BEGIN PQMCU SIGNATURE-----\n"), "signature on stdout")
        expect(0, "verify", "--pk", pk, "--in", f"{d}/msg", "--sig", "-", input_bytes=out)
        # The public key on stdout; the secret key from stdin.
        out, _ = expect(0, "keygen", alg, "--pk", "-", "--sk", f"{d}/{alg}.sk2")
        write(f"{d}/{alg}.pk2", out)
        expect(0, "sign", "--sk", "-", "--in", f"{d}/msg", "--sig", f"{d}/{alg}.sig2",
               input_bytes=read(f"{d}/{alg}.sk2"))
        expect(0, "verify", "--pk", f"{d}/{alg}.pk2", "--in", f"{d}/msg", "--sig", f"{d}/{alg}.sig2")
    check(not os.path.exists("-"), "a file named '-' was created")


def case_message_bound(d):
    pk, sk = keys(d, MQOM)
    # /dev/zero: refused at the bound, in bounded memory and time.
    limit = 1 << 30

    def bounded():
        if not SANITIZED:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    expect(0, "sign", "--sk", sk, "--in", "/dev/null", "--sig", f"{d}/s0")
    expect(2, "sign", "--sk", sk, "--in", "/dev/zero", "--sig", f"{d}/s", timeout=60, preexec=bounded,
           contains=("256 MiB",))
    expect(2, "verify", "--pk", pk, "--in", "/dev/zero", "--sig", f"{d}/s0", timeout=60, preexec=bounded,
           contains=("256 MiB",))
    # A (sparse) regular file over the bound: refused before reading.
    with open(f"{d}/big", "wb") as f:
        f.truncate((256 << 20) + 1)
    expect(2, "sign", "--sk", sk, "--in", f"{d}/big", "--sig", f"{d}/s", timeout=10, contains=("256 MiB",))
    check(not os.path.exists(f"{d}/s"), "a refused sign wrote its output")


def case_no_partial_file(d):
    write(f"{d}/msg", b"m")
    pk, sk = keys(d, MQOM)
    before = listing(d)

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    # MAYO-2's armored public key is ~6.6 KB, its secret key 100 B: the first
    # file fails part-way; neither key nor any temporary file may remain.
    expect(2, "keygen", MAYO, "--pk", f"{d}/big.pk", "--sk", f"{d}/big.sk", preexec=small_files,
           contains=("File too large",))
    check(listing(d) == before, f"keygen left {set(listing(d)) - set(before)}")
    expect(2, "keygen", MAYO, "--sk", f"{d}/big.sk", "--pk", f"{d}/big.pk", preexec=small_files)
    check(listing(d) == before, f"keygen (sk first) left {set(listing(d)) - set(before)}")
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/sig", preexec=small_files,
           contains=("File too large",))
    check(listing(d) == before, f"sign left {set(listing(d)) - set(before)}")
    # --force over an existing signature: the old one stays whole.
    expect(0, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/sig")
    old = read(f"{d}/sig")
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/sig", "--force", preexec=small_files)
    check(read(f"{d}/sig") == old, "a failed --force sign damaged the old signature")
    check(listing(d) == sorted(before + ["sig"]), f"failed --force sign left {listing(d)}")


CASES = {name[len("case_"):]: fn for name, fn in globals().items() if name.startswith("case_")}


def main():
    global CLI, VERSION, SANITIZED
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--version", required=True, help="the expected `pqmcu --version` number")
    ap.add_argument("--sanitized", action="store_true", help="the binary is built with AddressSanitizer")
    ap.add_argument("cases", nargs="*", help=f"default: all of {', '.join(CASES)}")
    a = ap.parse_args()
    CLI, VERSION, SANITIZED = os.path.abspath(a.cli), a.version, a.sanitized
    failures = 0
    for name in a.cases or CASES:
        d = tempfile.mkdtemp(prefix=f"pqmcu_cli_{name}_")
        try:
            CASES[name](d)
            print(f"PASS {name}")
        except Exception as e:  # any exception is a failed case, reported, not a crash of the run
            failures += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}")
        finally:
            shutil.rmtree(d, ignore_errors=True)
    print(f"{len(a.cases or CASES) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
