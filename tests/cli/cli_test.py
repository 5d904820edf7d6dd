#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""End-to-end tests of the `pqmcu` command's files, names and exit codes.

Runs the built binary in a temporary directory: armored and raw round trips,
strict parsing, algorithm mismatches, exit codes (0 valid, 1 invalid, 2 error,
one line on stderr), no overwrite without --force, aliasing, secret key mode
0600, '-' for stdin / stdout, --version, bounded messages (/dev/zero), and no
partial file when a write fails (RLIMIT_FSIZE, /dev/full). With --kem, the
KEM commands instead (keygen / encaps / decaps / kat with ntruhps2048509):
round trips, kinds and algorithms, implicit rejection, modes, aliasing, the
KAT against the official file (--shared-dir).

usage: cli_test.py --cli build/host/tools/cli/pqmcu --version 0.1.0 [--kem --shared-dir DIR] [case ...]
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
KEM = "ntruhps2048509"
KEM_OTHER = "ntruhrss701"

CLI = None
VERSION = None
SHARED_DIR = None
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


def list_tables():
    """`pqmcu list`: the signature table, then (after a blank line) the KEM table."""
    rc, out, _ = run("list")
    check(rc == 0, "pqmcu list failed")
    tables = out.decode().split("\n\n")
    check(len(tables) == 2, f"`pqmcu list` does not print two tables: {len(tables)}")
    parsed = []
    for t in tables:
        lines = t.strip("\n").split("\n")
        check(lines[0].split()[0] == "name", f"table header {lines[0]!r}")
        # name, family (may contain spaces), then the sizes: as many as the header has "bytes".
        n = lines[0].split().count("bytes")
        parsed.append({l.split()[0]: tuple(int(x) for x in l.split()[-n:]) for l in lines[1:]})
    return parsed


def sizes():
    """Signature sizes: name -> (pk, sk, sig)."""
    return list_tables()[0]


def kem_sizes():
    """KEM sizes: name -> (pk, sk, ct, ss)."""
    return list_tables()[1]


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


def run_with_rusage(*args, timeout=600):
    """(exit code, stderr, peak RSS in KiB of that one child) via wait4."""
    errf = tempfile.TemporaryFile()
    p = subprocess.Popen([CLI, *args], stdout=subprocess.DEVNULL, stderr=errf)
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    errf.seek(0)
    return p.returncode, errf.read().decode(errors="replace"), ru.ru_maxrss


def case_message_stream(d):
    # Messages are hashed as they are read (64 KiB chunks): any size in
    # constant memory. --max-message-bytes bounds a stream that never ends.
    pk, sk = keys(d, MQOM)
    mpk, msk = keys(d, MAYO, prefix="mayo")
    expect(0, "sign", "--sk", sk, "--in", "/dev/null", "--sig", f"{d}/s0")
    expect(0, "verify", "--pk", pk, "--in", "/dev/null", "--sig", f"{d}/s0")
    expect(2, "sign", "--sk", sk, "--in", "/dev/zero", "--sig", f"{d}/s", "--max-message-bytes", "1048576",
           timeout=60, contains=("--max-message-bytes",))
    expect(2, "verify", "--pk", pk, "--in", "/dev/zero", "--sig", f"{d}/s0", "--max-message-bytes", "1048576",
           timeout=60, contains=("--max-message-bytes",))
    check(not os.path.exists(f"{d}/s"), "a refused sign wrote its output")
    # A 300 MB (sparse) file: signed and verified with a small peak RSS
    # (the old whole-message reader needed > 300 MB). Sanitizer builds hash
    # ~20x slower and their RSS says nothing: 4 MB (62 chunks of 64 KiB) there, no RSS check.
    big_bytes = 4 * 1000 * 1000 if SANITIZED else 300 * 1000 * 1000
    big = f"{d}/big"
    with open(big, "wb") as f:
        f.truncate(big_bytes)
        f.seek(min(12345678, big_bytes // 2))
        f.write(b"x")
    expect(2, "sign", "--sk", sk, "--in", big, "--sig", f"{d}/s", "--max-message-bytes", "1000",
           timeout=10, contains=("--max-message-bytes",))
    limit_kib = 64 * 1024
    for alg_pk, alg_sk, tag in ((pk, sk, "mqom"), (mpk, msk, "mayo")):
        rc, err, rss = run_with_rusage("sign", "--sk", alg_sk, "--in", big, "--sig", f"{d}/big.{tag}.sig")
        check(rc == 0, f"sign a {big_bytes} B file ({tag}): exit {rc}: {err.strip()!r}")
        if not SANITIZED:
            check(rss < limit_kib, f"sign a {big_bytes} B file ({tag}): peak RSS {rss} KiB (limit {limit_kib})")
        rc, err, rss = run_with_rusage("verify", "--pk", alg_pk, "--in", big, "--sig", f"{d}/big.{tag}.sig")
        check(rc == 0, f"verify a {big_bytes} B file ({tag}): exit {rc}: {err.strip()!r}")
        if not SANITIZED:
            check(rss < limit_kib, f"verify a {big_bytes} B file ({tag}): peak RSS {rss} KiB (limit {limit_kib})")
    # The same bytes in a small file are not the same message.
    write(f"{d}/small", b"x")
    expect(1, "verify", "--pk", pk, "--in", f"{d}/small", "--sig", f"{d}/big.mqom.sig")


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


# ---------------------------------------------------------------------------
# KEM cases (--kem).

def kem_keys(d, alg=KEM, prefix="", raw=False):
    pk, sk = os.path.join(d, prefix + "kpk"), os.path.join(d, prefix + "ksk")
    expect(0, "keygen", alg, "--pk", pk, "--sk", sk, *(["--raw"] if raw else []))
    return pk, sk


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def kem_list(d):
    sig, kem = list_tables()
    check(MQOM in sig and MAYO in sig, "the signature table lost its algorithms")
    check(KEM in kem and KEM not in sig and MQOM not in kem, "KEMs are not in their own table")
    check(kem[KEM] == (699, 935, 699, 32), f"{KEM} sizes {kem[KEM]}")
    rc, out, _ = run("list")
    check(out.decode().split("\n\n")[1].split()[:6] == ["name", "family", "pk", "bytes", "sk", "bytes"],
          "KEM table header")


def kem_roundtrip_armored(d):
    table = kem_sizes()
    pk, sk = kem_keys(d)
    a1, raw_pk = armor_parts(read(pk), "KEM PUBLIC KEY")
    a2, raw_sk = armor_parts(read(sk), "KEM SECRET KEY")
    check(a1 == KEM and a2 == KEM, f"keys name {a1}/{a2}")
    check((len(raw_pk), len(raw_sk)) == table[KEM][:2], "key sizes differ from `pqmcu list`")
    check(mode(sk) == 0o600 and mode(pk) == 0o644, f"key modes {oct(mode(sk))} {oct(mode(pk))}")
    expect(0, "encaps", "--pk", pk, "--ct", f"{d}/ct", "--ss", f"{d}/ss.enc")  # KEM from the key
    a3, raw_ct = armor_parts(read(f"{d}/ct"), "CIPHERTEXT")
    check(a3 == KEM and len(raw_ct) == table[KEM][2], f"ciphertext names {a3}, {len(raw_ct)} bytes")
    ss = read(f"{d}/ss.enc")
    check(len(ss) == table[KEM][3] and mode(f"{d}/ss.enc") == 0o600, "shared secret size / mode")
    expect(0, "decaps", "--sk", sk, "--ct", f"{d}/ct", "--ss", f"{d}/ss.dec")
    check(read(f"{d}/ss.dec") == ss, "decapsulated secret differs from the encapsulated one")
    check(mode(f"{d}/ss.dec") == 0o600, "decaps shared secret mode")
    # The name on the command line (any spelling), hex output.
    expect(0, "decaps", "NTRUHPS2048509", "--sk", sk, "--ct", f"{d}/ct", "--ss", f"{d}/ss.hex", "--ss-hex")
    check(read(f"{d}/ss.hex") == ss.hex().encode() + b"\n", "--ss-hex is not one line of lower-case hex")
    check(mode(f"{d}/ss.hex") == 0o600, "hex shared secret mode")
    # Two encapsulations differ (fresh randomness).
    expect(0, "encaps", KEM, "--pk", pk, "--ct", f"{d}/ct2", "--ss", f"{d}/ss2", "--ss-hex")
    check(read(f"{d}/ct2") != read(f"{d}/ct") and read(f"{d}/ss2") != read(f"{d}/ss.hex"), "encaps repeated itself")
    expect(0, "decaps", "--sk", sk, "--ct", f"{d}/ct2", "--ss", f"{d}/ss2.dec", "--ss-hex")
    check(read(f"{d}/ss2.dec") == read(f"{d}/ss2"), "second round trip")
    # stdin / stdout: the public key from stdin, the ciphertext to stdout and back in.
    out, _ = expect(0, "encaps", "--pk", "-", "--ct", "-", "--ss", f"{d}/ss3", input_bytes=read(pk))
    check(out.startswith(b"-----BEGIN PQMCU CIPHERTEXT-----\n"), "ciphertext on stdout")
    expect(0, "decaps", "--sk", sk, "--ct", "-", "--ss", f"{d}/ss3.dec", input_bytes=out)
    check(read(f"{d}/ss3.dec") == read(f"{d}/ss3"), "stdio round trip")
    expect(0, "decaps", "--sk", "-", "--ct", f"{d}/ct", "--ss", f"{d}/ss4", input_bytes=read(sk))
    check(read(f"{d}/ss4") == ss, "secret key from stdin")
    check(not os.path.exists("-"), "a file named '-' was created")


def kem_roundtrip_raw(d):
    table = kem_sizes()
    pk, sk = kem_keys(d, prefix="raw.", raw=True)
    check((len(read(pk)), len(read(sk))) == table[KEM][:2], "raw key sizes")
    check(mode(sk) == 0o600, "raw secret key mode")
    ct, ss = f"{d}/ct.raw", f"{d}/ss"
    expect(2, "encaps", "--raw", "--pk", pk, "--ct", ct, "--ss", ss, contains=("do not name",))
    expect(2, "encaps", KEM, "--pk", pk, "--ct", ct, "--ss", ss, contains=("--raw",))
    check(not os.path.exists(ct) and not os.path.exists(ss), "a refused encaps wrote an output")
    expect(0, "encaps", KEM, "--raw", "--pk", pk, "--ct", ct, "--ss", ss)
    check(len(read(ct)) == table[KEM][2], "raw ciphertext size")
    expect(2, "decaps", KEM, "--sk", sk, "--ct", ct, "--ss", f"{d}/ss.dec", contains=("--raw",))
    expect(0, "decaps", KEM, "--raw", "--sk", sk, "--ct", ct, "--ss", f"{d}/ss.dec")
    check(read(f"{d}/ss.dec") == read(ss), "raw round trip: secrets differ")
    # Armored keys with a raw ciphertext: the key names the KEM.
    apk, ask = kem_keys(d, prefix="armored.")
    expect(0, "encaps", "--raw", "--pk", apk, "--ct", f"{d}/ct2.raw", "--ss", f"{d}/ss2")
    check(len(read(f"{d}/ct2.raw")) == table[KEM][2], "raw ciphertext from an armored key")
    expect(0, "decaps", "--raw", "--sk", ask, "--ct", f"{d}/ct2.raw", "--ss", f"{d}/ss2.dec")
    check(read(f"{d}/ss2.dec") == read(f"{d}/ss2"), "mixed round trip")
    # Raw files of the wrong length.
    write(f"{d}/short.ct", read(ct)[:-1])
    expect(2, "decaps", KEM, "--raw", "--sk", sk, "--ct", f"{d}/short.ct", "--ss", f"{d}/x", contains=("must be",))
    write(f"{d}/long.pk", read(pk) + b"\0")
    expect(2, "encaps", KEM, "--raw", "--pk", f"{d}/long.pk", "--ct", f"{d}/x", "--ss", f"{d}/y",
           contains=("must be",))
    check(not os.path.exists(f"{d}/x") and not os.path.exists(f"{d}/y"), "a refused command wrote an output")


def kem_wrong_kind(d):
    write(f"{d}/msg", b"m")
    pk, sk = kem_keys(d)
    spk, ssk = keys(d, MQOM, prefix="sig.")
    expect(0, "encaps", "--pk", pk, "--ct", f"{d}/ct", "--ss", f"{d}/ss")
    expect(0, "sign", "--sk", ssk, "--in", f"{d}/msg", "--sig", f"{d}/sig")
    o = ("--ss", f"{d}/out")
    # Signature keys and signatures are not KEM objects, and the reverse.
    expect(2, "encaps", "--pk", spk, "--ct", f"{d}/c", *o, contains=("not a PQMCU KEM public key", "found a PUBLIC KEY"))
    expect(2, "decaps", "--sk", ssk, "--ct", f"{d}/ct", *o, contains=("found a SECRET KEY",))
    expect(2, "decaps", "--sk", sk, "--ct", f"{d}/sig", *o, contains=("not a PQMCU ciphertext", "found a SIGNATURE"))
    expect(2, "encaps", "--pk", sk, "--ct", f"{d}/c", *o, contains=("found a KEM SECRET KEY",))
    expect(2, "encaps", "--pk", f"{d}/ct", "--ct", f"{d}/c", *o, contains=("found a CIPHERTEXT",))
    expect(2, "decaps", "--sk", pk, "--ct", f"{d}/ct", *o, contains=("found a KEM PUBLIC KEY",))
    expect(2, "decaps", "--sk", sk, "--ct", pk, *o, contains=("found a KEM PUBLIC KEY",))
    expect(2, "verify", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/sig", contains=("found a KEM PUBLIC KEY",))
    expect(2, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/s", contains=("found a KEM SECRET KEY",))
    expect(2, "verify", "--pk", spk, "--in", f"{d}/msg", "--sig", f"{d}/ct", contains=("found a CIPHERTEXT",))
    # Names of the other sort.
    expect(2, "encaps", MQOM, "--pk", pk, "--ct", f"{d}/c", *o, contains=("is a signature algorithm",))
    expect(2, "sign", KEM, "--sk", ssk, "--in", f"{d}/msg", "--sig", f"{d}/s", contains=("is a KEM",))
    expect(2, "encaps", "no_such_kem", "--pk", pk, "--ct", f"{d}/c", *o, contains=("unknown KEM",))
    check(not os.path.exists(f"{d}/c") and not os.path.exists(f"{d}/out") and not os.path.exists(f"{d}/s"),
          "a refused command wrote an output")


def kem_wrong_algorithm(d):
    pk, sk = kem_keys(d, prefix="a.")
    opk, osk = kem_keys(d, KEM_OTHER, prefix="b.")
    o = ("--ss", f"{d}/out")
    expect(2, "encaps", KEM_OTHER, "--pk", pk, "--ct", f"{d}/c", *o, contains=(KEM, KEM_OTHER))
    expect(0, "encaps", "--pk", opk, "--ct", f"{d}/other.ct", "--ss", f"{d}/other.ss")
    expect(2, "decaps", "--sk", sk, "--ct", f"{d}/other.ct", *o, contains=(KEM, KEM_OTHER))
    expect(2, "decaps", KEM_OTHER, "--sk", sk, "--ct", f"{d}/other.ct", *o, contains=(KEM, KEM_OTHER))
    expect(2, "decaps", KEM, "--sk", osk, "--ct", f"{d}/other.ct", *o, contains=(KEM, KEM_OTHER))
    check(not os.path.exists(f"{d}/c") and not os.path.exists(f"{d}/out"), "a refused command wrote an output")


def kem_tampered(d):
    pk, sk = kem_keys(d)
    expect(0, "encaps", "--pk", pk, "--ct", f"{d}/ct", "--ss", f"{d}/ss")
    ss = read(f"{d}/ss")
    # One base64 character of the body changed (still canonical base64): exit 0,
    # another secret (implicit rejection), the same one every time.
    lines = read(f"{d}/ct").split(b"\n")
    row = bytearray(lines[4])
    row[10] = ord("A") if row[10] != ord("A") else ord("B")
    lines[4] = bytes(row)
    write(f"{d}/bad.ct", b"\n".join(lines))
    expect(0, "decaps", "--sk", sk, "--ct", f"{d}/bad.ct", "--ss", f"{d}/bad.ss")
    bad = read(f"{d}/bad.ss")
    check(len(bad) == len(ss) and bad != ss, "a tampered ciphertext gave the sender's secret")
    check(mode(f"{d}/bad.ss") == 0o600, "implicit-rejection secret mode")
    expect(0, "decaps", "--sk", sk, "--ct", f"{d}/bad.ct", "--ss", f"{d}/bad2.ss")
    check(read(f"{d}/bad2.ss") == bad, "implicit rejection is not deterministic")
    # A raw ciphertext with one bit flipped.
    expect(0, "encaps", "--raw", "--pk", pk, "--ct", f"{d}/ct.raw", "--ss", f"{d}/ss.raw")
    raw = bytearray(read(f"{d}/ct.raw"))
    raw[len(raw) // 2] ^= 1
    write(f"{d}/bad.raw", bytes(raw))
    expect(0, "decaps", "--raw", "--sk", sk, "--ct", f"{d}/bad.raw", "--ss", f"{d}/bad3.ss")
    check(read(f"{d}/bad3.ss") != read(f"{d}/ss.raw"), "a flipped raw ciphertext gave the sender's secret")
    # Another key pair's secret key: also just another secret.
    _, sk2 = kem_keys(d, prefix="2.")
    expect(0, "decaps", "--sk", sk2, "--ct", f"{d}/ct", "--ss", f"{d}/other.ss")
    check(read(f"{d}/other.ss") != ss, "another secret key recovered the secret")


def kem_no_overwrite(d):
    pk, sk = kem_keys(d)
    old_pk, old_sk = read(pk), read(sk)
    expect(2, "keygen", KEM, "--pk", pk, "--sk", f"{d}/sk2", contains=("--force",))
    check(read(pk) == old_pk and not os.path.exists(f"{d}/sk2"), "keygen replaced or created a key")
    expect(0, "encaps", "--pk", pk, "--ct", f"{d}/ct", "--ss", f"{d}/ss")
    old_ct, old_ss = read(f"{d}/ct"), read(f"{d}/ss")
    expect(2, "encaps", "--pk", pk, "--ct", f"{d}/ct", "--ss", f"{d}/ss.new", contains=("already exists",))
    expect(2, "encaps", "--pk", pk, "--ct", f"{d}/ct.new", "--ss", f"{d}/ss", contains=("already exists",))
    check(read(f"{d}/ct") == old_ct and read(f"{d}/ss") == old_ss, "encaps replaced an output without --force")
    check(not os.path.exists(f"{d}/ct.new") and not os.path.exists(f"{d}/ss.new"), "a refused encaps wrote a file")
    write(f"{d}/taken", b"keep")
    expect(2, "decaps", "--sk", sk, "--ct", f"{d}/ct", "--ss", f"{d}/taken", contains=("already exists",))
    check(read(f"{d}/taken") == b"keep", "decaps replaced an output without --force")
    os.chmod(f"{d}/taken", 0o644)
    expect(0, "decaps", "--sk", sk, "--ct", f"{d}/ct", "--ss", f"{d}/taken", "--force")
    check(read(f"{d}/taken") == old_ss and mode(f"{d}/taken") == 0o600, "--force decaps: content or mode")
    expect(0, "encaps", "--pk", pk, "--ct", f"{d}/ct", "--ss", f"{d}/ss", "--force")
    check(read(f"{d}/ct") != old_ct and read(f"{d}/ss") != old_ss, "--force did not replace")
    expect(0, "keygen", KEM, "--pk", pk, "--sk", sk, "--force")
    check(read(pk) != old_pk and read(sk) != old_sk and mode(sk) == 0o600, "keygen --force")


def kem_modes(d):
    for raw in (False, True):
        pk, sk = kem_keys(d, prefix=f"{raw}.", raw=raw)
        check(mode(sk) == 0o600, f"raw={raw}: sk mode {oct(mode(sk))}")
    umask0 = lambda: os.umask(0)
    rc, _, _ = run("keygen", KEM, "--pk", f"{d}/u.pk", "--sk", f"{d}/u.sk", preexec=umask0)
    check(rc == 0 and mode(f"{d}/u.sk") == 0o600 and mode(f"{d}/u.pk") == 0o666, "key modes under umask 0")
    rc, _, _ = run("encaps", "--pk", f"{d}/u.pk", "--ct", f"{d}/u.ct", "--ss", f"{d}/u.ss", preexec=umask0)
    check(rc == 0 and mode(f"{d}/u.ss") == 0o600 and mode(f"{d}/u.ct") == 0o666, "encaps modes under umask 0")
    rc, _, _ = run("decaps", "--sk", f"{d}/u.sk", "--ct", f"{d}/u.ct", "--ss", f"{d}/u.ss2", "--ss-hex",
                   preexec=umask0)
    check(rc == 0 and mode(f"{d}/u.ss2") == 0o600, "decaps mode under umask 0")
    check(read(f"{d}/u.ss2") == read(f"{d}/u.ss").hex().encode() + b"\n", "hex secret under umask 0")


def kem_aliasing(d):
    pk, sk = kem_keys(d)
    expect(0, "encaps", "--pk", pk, "--ct", f"{d}/ct", "--ss", f"{d}/ss")
    old = {p: read(p) for p in (pk, sk, f"{d}/ct")}
    expect(2, "keygen", KEM, "--pk", f"{d}/x", "--sk", f"{d}/./x", contains=("same file",))
    expect(2, "encaps", "--pk", pk, "--ct", f"{d}/y", "--ss", f"{d}/y", contains=("same file",))
    check(not os.path.exists(f"{d}/x") and not os.path.exists(f"{d}/y"), "aliased command wrote a file")
    os.symlink(f"{d}/ct", f"{d}/ctlink")
    for extra in ((), ("--force",)):
        expect(2, "encaps", "--pk", pk, "--ct", pk, "--ss", f"{d}/s1", *extra, contains=("same file",))
        expect(2, "encaps", "--pk", pk, "--ct", f"{d}/c1", "--ss", pk, *extra, contains=("same file",))
        expect(2, "decaps", "--sk", sk, "--ct", f"{d}/ct", "--ss", f"{d}/ct", *extra, contains=("same file",))
        expect(2, "decaps", "--sk", sk, "--ct", f"{d}/ct", "--ss", sk, *extra, contains=("same file",))
        expect(2, "decaps", "--sk", sk, "--ct", f"{d}/ctlink", "--ss", f"{d}/ct", *extra, contains=("same file",))
    check(all(read(p) == v for p, v in old.items()), "an input was replaced")
    # '-': never for two inputs, never for a secret output.
    expect(2, "decaps", "--sk", "-", "--ct", "-", "--ss", f"{d}/s", input_bytes=b"x", contains=("stdin",))
    expect(2, "encaps", "--pk", pk, "--ct", f"{d}/c", "--ss", "-", contains=("stdout",))
    expect(2, "decaps", "--sk", sk, "--ct", f"{d}/ct", "--ss", "-", contains=("stdout",))
    expect(2, "keygen", KEM, "--pk", f"{d}/p", "--sk", "-", contains=("stdout",))


def kem_every_kem(d):
    """Every registered KEM with public keys under 100 KB (not Classic McEliece,
    whose key generation takes seconds): an armored round trip, implicit rejection."""
    table = kem_sizes()
    quick = [n for n, (pk, _, _, _) in table.items() if pk < 100000]
    check(KEM in quick, "the KEM table lacks " + KEM)
    for alg in quick:
        pk, sk = kem_keys(d, alg, prefix=alg + ".")
        check(armor_parts(read(pk), "KEM PUBLIC KEY")[0] == alg, f"{alg}: public key names another algorithm")
        expect(0, "encaps", "--pk", pk, "--ct", f"{d}/{alg}.ct", "--ss", f"{d}/{alg}.ss")
        algorithm, raw_ct = armor_parts(read(f"{d}/{alg}.ct"), "CIPHERTEXT")
        check(algorithm == alg and len(raw_ct) == table[alg][2], f"{alg}: ciphertext")
        expect(0, "decaps", "--sk", sk, "--ct", f"{d}/{alg}.ct", "--ss", f"{d}/{alg}.ss2")
        ss = read(f"{d}/{alg}.ss")
        check(len(ss) == table[alg][3] and read(f"{d}/{alg}.ss2") == ss, f"{alg}: the two secrets differ")
        expect(0, "encaps", alg, "--raw", "--pk", pk, "--ct", f"{d}/{alg}.ct.raw", "--ss", f"{d}/{alg}.ss3")
        raw = bytearray(read(f"{d}/{alg}.ct.raw"))
        raw[0] ^= 0x01
        write(f"{d}/{alg}.bad", bytes(raw))
        expect(0, "decaps", alg, "--raw", "--sk", sk, "--ct", f"{d}/{alg}.bad", "--ss", f"{d}/{alg}.ss4")
        check(read(f"{d}/{alg}.ss4") != read(f"{d}/{alg}.ss3"), f"{alg}: a tampered ciphertext gave the secret")


def kem_kat(d):
    path = os.path.join(SHARED_DIR, "kat", "ntru", f"{KEM}.rsp")
    with open(path, encoding="ascii") as f:
        official = f.read()
    rc, out, err = run("kat", KEM, "--count", "3")
    check(rc == 0, f"pqmcu kat exited {rc}: {err.strip()}")
    text = out.decode()
    check(text.startswith(f"# {KEM}\n\n"), "kat header")
    got, want = text.split("\n", 1)[1], official.split("\n", 1)[1]
    check(got.count("count = ") == 3 and got.endswith("\n\n"), "kat --count 3 does not write 3 whole entries")
    check(want.startswith(got), "kat --count 3 differs from the first 3 entries of the official file")
    check(err == "", f"progress without --progress and without a terminal: {err!r}")
    rc, out2, err = run("kat", KEM, "--count", "2", "--progress")
    check(rc == 0 and want.startswith(out2.decode().split("\n", 1)[1]), "kat --progress output")
    check(err.splitlines() == [f"{KEM}: entry 1/2", f"{KEM}: entry 2/2"], f"progress lines {err!r}")
    expect(2, "kat", KEM, "--progress", "--no-progress", contains=("excludes",))
    expect(2, "kat", "no_such_kem", contains=("unknown algorithm",))
    # --entropy: NIST's input spelled out gives the official file; another
    # gives other entries; a wrong length or a non-hex digit is refused.
    nist = bytes(range(48)).hex()
    rc, out3, err = run("kat", KEM, "--count", "2", "--entropy", nist.upper())
    check(rc == 0 and want.startswith(out3.decode().split("\n", 1)[1]), "kat --entropy <NIST's> differs")
    rc, out4, err = run("kat", KEM, "--count", "2", "--entropy", bytes(range(0x30, 0x60)).hex())
    check(rc == 0 and out4.decode().count("count = ") == 2 and not want.startswith(out4.decode().split("\n", 1)[1]),
          "kat --entropy 3031..5F")
    expect(2, "kat", KEM, "--entropy", nist[:-2], contains=("expected 96 hex digits", "94 characters"))
    expect(2, "kat", KEM, "--entropy", nist[:-1] + "g", contains=("non-hex digit",))
    expect(2, "kat", KEM, "--entropy", nist + "00", contains=("expected 96 hex digits",))


# MQOM's streaming-verification variant (sign --variant stream, verify --stream-chunk N).
MQOM_STREAM = MQOM + "_stream"
STREAM_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "mqom_stream")


def case_stream_roundtrip(d):
    write(f"{d}/msg", b"bootloader image\n" * 300)
    table = sizes()
    check(MQOM_STREAM not in table, "`pqmcu list` lists the variant (it lists the NIST sets only)")
    pk, sk = keys(d, MQOM)
    sig = f"{d}/s.sig"
    expect(0, "sign", "--variant", "stream", "--sk", sk, "--in", f"{d}/msg", "--sig", sig)
    alg, raw_sig = armor_parts(read(sig), "SIGNATURE")
    check(alg == MQOM_STREAM and len(raw_sig) == table[MQOM][2], f"stream signature names {alg}, {len(raw_sig)} B")
    for extra in ([], ["--stream-chunk", "1"], ["--stream-chunk", "64"], ["--stream-chunk", str(len(raw_sig))],
                  ["--stream-chunk", "1000000"], [MQOM_STREAM], ["mqom2-cat1-gf16-fast-r5-stream", "--stream-chunk", "5"],
                  [MQOM, "--variant", "stream", "--stream-chunk", "64"], ["--variant", "stream"]):
        out, _ = expect(0, "verify", *extra, "--pk", pk, "--in", f"{d}/msg", "--sig", sig)
        check(out == b"signature valid\n", f"verify {extra} printed {out!r}")
    # Signatures are randomized: another signature, also valid; the variant's name signs too.
    expect(0, "sign", MQOM_STREAM, "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/s2.sig")
    check(armor_parts(read(f"{d}/s2.sig"), "SIGNATURE")[1] != raw_sig, "two stream signatures are equal")
    expect(0, "verify", "--stream-chunk", "64", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/s2.sig")
    # The variant's keys are the set's: keygen under the variant's name writes MQOM keys.
    vpk, vsk = keys(d, "mqom2_cat1_gf16_fast_r5-stream", prefix="v")
    check(armor_parts(read(vpk), "PUBLIC KEY")[0] == MQOM, "keygen of the variant names another algorithm")
    # Raw, as the secure-boot host side does (`sign <set> --variant=stream --raw`).
    rpk, rsk = keys(d, MQOM, prefix="r", raw=True)
    expect(0, "sign", MQOM, "--variant=stream", "--raw", "--sk", rsk, "--in", f"{d}/msg", "--sig", f"{d}/r.sig")
    check(len(read(f"{d}/r.sig")) == table[MQOM][2], "raw stream signature size")
    for chunk in ("1", "64", "189"):
        expect(0, "verify", MQOM, "--variant", "stream", "--raw", "--stream-chunk", chunk, "--pk", rpk,
               "--in", f"{d}/msg", "--sig", f"{d}/r.sig")
    expect(0, "verify", MQOM_STREAM, "--raw", "--pk", rpk, "--in", f"{d}/msg", "--sig", f"{d}/r.sig")


def case_stream_tampered(d):
    write(f"{d}/msg", b"image")
    write(f"{d}/msg2", b"imagf")
    pk, sk = keys(d, MQOM, raw=True)
    sig = f"{d}/s.raw"
    expect(0, "sign", MQOM, "--variant", "stream", "--raw", "--sk", sk, "--in", f"{d}/msg", "--sig", sig)
    good = read(sig)
    common = (MQOM, "--variant", "stream", "--raw", "--pk", pk)
    for chunk in ([], ["--stream-chunk", "1"], ["--stream-chunk", "64"]):
        expect(1, "verify", *common, *chunk, "--in", f"{d}/msg2", "--sig", sig, contains=("invalid",))
        for pos in (0, 40, len(good) // 2, len(good) - 1):  # header, first repetition, middle, last byte
            bad = bytearray(good)
            bad[pos] ^= 0x10
            write(f"{d}/bad", bytes(bad))
            expect(1, "verify", *common, *chunk, "--in", f"{d}/msg", "--sig", f"{d}/bad", contains=("invalid",))
    write(f"{d}/short", good[:-1])
    expect(2, "verify", *common, "--stream-chunk", "64", "--in", f"{d}/msg", "--sig", f"{d}/short",
           contains=("must be",))
    # Armored: one base64 character of the body changed.
    apk, ask = keys(d, MQOM, prefix="a")
    expect(0, "sign", "--variant", "stream", "--sk", ask, "--in", f"{d}/msg", "--sig", f"{d}/a.sig")
    lines = read(f"{d}/a.sig").split(b"\n")
    row = bytearray(lines[6])
    row[20] = ord("A") if row[20] != ord("A") else ord("B")
    lines[6] = bytes(row)
    write(f"{d}/abad.sig", b"\n".join(lines))
    expect(1, "verify", "--stream-chunk", "64", "--pk", apk, "--in", f"{d}/msg", "--sig", f"{d}/abad.sig",
           contains=("invalid",))
    # Another key of the set.
    opk, _ = keys(d, MQOM, prefix="o")
    expect(1, "verify", "--stream-chunk", "64", "--pk", opk, "--in", f"{d}/msg", "--sig", f"{d}/a.sig")


def case_stream_wrong_variant(d):
    write(f"{d}/msg", b"m")
    pk, sk = keys(d, MQOM)
    expect(0, "sign", "--variant", "stream", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/stream.sig")
    expect(0, "sign", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/v21.sig")
    # A v2.1 verification asked for, a stream signature given: refused, naming both and the way out.
    expect(2, "verify", MQOM, "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/stream.sig",
           contains=(MQOM_STREAM, "streaming-verification variant", "MQOM v2.1", "--variant stream"))
    # A stream verification asked for, a v2.1 signature given.
    expect(2, "verify", "--stream-chunk", "64", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/v21.sig",
           contains=("--stream-chunk needs", "streaming-verification variant", "MQOM v2.1"))
    expect(2, "verify", "--variant", "stream", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/v21.sig",
           contains=("MQOM v2.1", "--variant stream"))
    expect(2, "verify", MQOM_STREAM, "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/v21.sig",
           contains=(MQOM_STREAM, "MQOM v2.1"))
    # Raw signatures do not say their variant: invalid (1), with a hint when the other variant verifies.
    rpk, rsk = keys(d, MQOM, prefix="r", raw=True)
    expect(0, "sign", MQOM, "--variant", "stream", "--raw", "--sk", rsk, "--in", f"{d}/msg", "--sig", f"{d}/s.raw")
    expect(0, "sign", MQOM, "--raw", "--sk", rsk, "--in", f"{d}/msg", "--sig", f"{d}/v.raw")
    expect(1, "verify", MQOM, "--raw", "--pk", rpk, "--in", f"{d}/msg", "--sig", f"{d}/s.raw",
           contains=("invalid", "valid signature of " + MQOM_STREAM, "--variant stream"))
    expect(1, "verify", MQOM, "--raw", "--stream-chunk", "1", "--variant", "stream", "--pk", rpk, "--in",
           f"{d}/msg", "--sig", f"{d}/v.raw", contains=("invalid", "valid signature of " + MQOM, "without --variant"))
    expect(2, "verify", MQOM, "--raw", "--stream-chunk", "64", "--pk", rpk, "--in", f"{d}/msg", "--sig",
           f"{d}/s.raw", contains=("--stream-chunk needs",))
    # Sets without the variant, and a bad chunk size.
    mpk, msk = keys(d, MAYO, prefix="m")
    expect(2, "sign", "--variant", "stream", "--sk", msk, "--in", f"{d}/msg", "--sig", f"{d}/x",
           contains=(MAYO, "no streaming-verification variant"))
    expect(2, "sign", "mqom2_cat3_gf16_fast_r5", "--variant", "stream", "--raw", "--sk", rsk, "--in", f"{d}/msg",
           "--sig", f"{d}/x", contains=("no streaming-verification variant",))
    expect(2, "sign", "--variant", "streamed", "--sk", sk, "--in", f"{d}/msg", "--sig", f"{d}/x")
    check(not os.path.exists(f"{d}/x"), "a refused sign wrote its output")
    expect(2, "verify", "--stream-chunk", "0", "--pk", pk, "--in", f"{d}/msg", "--sig", f"{d}/stream.sig")


def stream_vectors(name):
    """The paper code's entries of tests/data/mqom_stream (what mqom.stream.* checks the library against)."""
    entries, cur = [], {}
    for line in open(os.path.join(STREAM_DATA, name + ".txt")):
        if " = " in line:
            k, v = line.strip().split(" = ", 1)
            if k == "count" and cur:
                entries.append(cur)
                cur = {}
            cur[k] = v
    return entries + ([cur] if cur else [])


def case_stream_vectors(d):
    """The CLI's stream signer (through `pqmcu kat`, the NIST DRBG harness) gives the library's and the paper
    code's signatures byte for byte; the CLI's chunked verifier accepts them. (Sanitizer builds: MQOM's
    first entry only; the Release run checks every cat 1 set.)"""
    names = sorted(f[:-4] for f in os.listdir(STREAM_DATA) if f.startswith("mqom2_cat1_"))
    for name in [MQOM] if SANITIZED else names:
        want = stream_vectors(name)
        count = 1 if SANITIZED else 3 if name == MQOM else 1
        rc, out, err = run("kat", name + "_stream", "--count", str(count), timeout=600)
        check(rc == 0, f"kat {name}_stream: exit {rc}: {err.strip()}")
        got = [dict(l.split(" = ", 1) for l in e.strip().splitlines() if " = " in l)
               for e in out.decode().split("\n\n") if "count = " in e]
        check(len(got) == count, f"kat {name}_stream: {len(got)} entries")
        for g, w in zip(got, want):
            mlen = int(g["mlen"])
            sm = bytes.fromhex(g["sm"])
            check(g["msg"] == w["msg"] and g["pk"] == w["pk"], f"{name} count {g['count']}: message or key differs")
            check(sm[:mlen].hex().upper() == w["msg"] and sm[mlen:].hex().upper() == w["sig"],
                  f"{name} count {g['count']}: the CLI's stream signature differs from the vector's")
            write(f"{d}/pk", bytes.fromhex(w["pk"]))
            write(f"{d}/msg", bytes.fromhex(w["msg"]))
            write(f"{d}/sig", bytes.fromhex(w["sig"]))
            for chunk in ("1", "64"):
                expect(0, "verify", name, "--variant", "stream", "--raw", "--stream-chunk", chunk, "--pk", f"{d}/pk",
                       "--in", f"{d}/msg", "--sig", f"{d}/sig")



KEM_CASES = {name: fn for name, fn in globals().items() if name.startswith("kem_") and name != "kem_keys"
             and name != "kem_sizes"}

CASES = {name[len("case_"):]: fn for name, fn in globals().items() if name.startswith("case_")}



def main():
    global CLI, VERSION, SANITIZED, SHARED_DIR
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--version", required=True, help="the expected `pqmcu --version` number")
    ap.add_argument("--sanitized", action="store_true", help="the binary is built with AddressSanitizer")
    ap.add_argument("--kem", action="store_true", help=f"the KEM cases: {', '.join(KEM_CASES)}")
    ap.add_argument("--shared-dir", default=None, help="the shared directory (kat/ntru/*.rsp), for --kem")
    ap.add_argument("cases", nargs="*", help=f"default: all of {', '.join(CASES)} (or, with --kem, the KEM cases)")
    a = ap.parse_args()
    CLI, VERSION, SANITIZED, SHARED_DIR = os.path.abspath(a.cli), a.version, a.sanitized, a.shared_dir
    table = KEM_CASES if a.kem else CASES
    if a.kem and not SHARED_DIR:
        ap.error("--kem needs --shared-dir")
    failures = 0
    for name in a.cases or table:
        d = tempfile.mkdtemp(prefix=f"pqmcu_cli_{name}_")
        try:
            table[name](d)
            print(f"PASS {name}")
        except Exception as e:  # any exception is a failed case, reported, not a crash of the run
            failures += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}")
        finally:
            shutil.rmtree(d, ignore_errors=True)
    print(f"{len(a.cases or table) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
