#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Run Cortex-M4 firmware on QEMU mps2-an386 and return its exit code.

The firmware ends through semihosting SYS_EXIT_EXTENDED, so QEMU's exit code
is the firmware's. A firmware that never ends is stopped after --timeout
seconds: "TIMEOUT: firmware hung" and exit code 124.

With --plugin, the QEMU TCG plugin (tools/m4sim/plugin) is loaded and told the
address of pqmcu_bench_mark and the firmware's ELF file (elf=: it decodes
instructions from the firmware's bytes, see docs/cycle-model.md); its lines
go to --plugin-log.
"""
import argparse
import os
import signal
import subprocess
import sys
import threading

TIMEOUT_EXIT = 124

# Must match platform/m4/exit.hpp.
EXIT_NAMES = {
    0: "ok",
    1: "test failures",
    102: "NMI",
    103: "HardFault",
    104: "MemManage fault",
    105: "BusFault",
    106: "UsageFault",
    110: "heap use (malloc/new)",
    111: "abort",
    120: "unexpected exception/interrupt",
    134: "QEMU aborted (CPU lockup: a fault inside a fault handler?)",
    TIMEOUT_EXIT: "timeout: firmware hung",
}


def mark_address(elf, nm):
    """Entry address of pqmcu_bench_mark with the Thumb bit cleared."""
    out = subprocess.run([nm, elf], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == "pqmcu_bench_mark":
            return int(parts[0], 16) & ~1
    raise SystemExit(f"m4run: pqmcu_bench_mark not found in {elf}")


def plugin_arg(value):
    """A plugin argument value on QEMU's command line: ',' is written ',,'."""
    return value.replace(",", ",,")


def qemu_command(args):
    cmd = [
        args.qemu, "-M", "mps2-an386", "-cpu", "cortex-m4",
        "-kernel", args.elf,
        "-display", "none", "-monitor", "none",
        # One stdio chardev shared by UART0 and semihosting: without it QEMU 7.2
        # sends semihosting SYS_WRITE0 output to stderr.
        "-chardev", "stdio,id=con,mux=on",
        "-serial", "chardev:con",
        "-semihosting-config", "enable=on,target=native,chardev=con",
        "-no-reboot",
        "-icount", "shift=0",  # deterministic: one instruction per virtual ns
    ]
    if args.uart_input:
        # UART0 alone on stdio (QEMU's stdin is the file): a mux chardev would
        # eat 0x01 bytes (its Ctrl-A escape). QEMU 7.2's file chardev has no
        # input-path. Semihosting output then goes to stderr (exit needs none).
        i = cmd.index("stdio,id=con,mux=on")
        cmd[i] = "stdio,id=con"
        cmd[cmd.index("enable=on,target=native,chardev=con")] = "enable=on,target=native"
    if args.plugin:
        addr = mark_address(args.elf, args.nm)
        elf = plugin_arg(os.path.abspath(args.elf))
        prof = f",profile={args.profile}" if args.profile is not None else ""
        cmd += ["-plugin", f"{args.plugin},mark=0x{addr:x},elf={elf}{prof}", "-d", "plugin"]
        if args.plugin_log:
            cmd += ["-D", args.plugin_log]
    return cmd + args.qemu_args


def pump(src, sinks):
    # Forward QEMU's stdout as it comes (bytes: the firmware may print anything).
    for chunk in iter(lambda: src.read1(4096), b""):
        for s in list(sinks):
            try:
                s.write(chunk)
                s.flush()
            except BrokenPipeError:  # e.g. piped into head: keep draining QEMU
                sinks.remove(s)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("elf")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds before the run counts as hung")
    ap.add_argument("--plugin", help="QEMU TCG plugin .so (cycle model)")
    ap.add_argument("--plugin-log", help="file for the plugin's output (-D)")
    ap.add_argument("--profile", type=int, metavar="K",
                    help="flat cycle profile between the K-th pqmcu_bench_mark call and the next "
                         "(needs --plugin; fold the log with profile_report.py)")
    ap.add_argument("--log", help="also write the firmware's console output to this file")
    ap.add_argument("--quiet", action="store_true", help="do not echo firmware output; only the runner's verdict")
    ap.add_argument("--expect-exit", type=int,
                    help="exit 0 when the firmware's exit code equals this, 1 otherwise (for ctest)")
    ap.add_argument("--uart-input", metavar="FILE",
                    help="feed this file to UART0's receiver (e.g. a secure-boot frame)")
    ap.add_argument("--qemu", default="qemu-system-arm")
    ap.add_argument("--nm", default="arm-none-eabi-nm")
    ap.add_argument("--print-command", action="store_true", help="show the QEMU command line")
    ap.add_argument("qemu_args", nargs="*", help="extra QEMU arguments (after --)")
    args = ap.parse_args()

    cmd = qemu_command(args)
    if args.print_command:
        print("m4run: " + " ".join(cmd), file=sys.stderr)

    sinks = [] if args.quiet else [sys.stdout.buffer]
    log = open(args.log, "wb") if args.log else None
    if log:
        sinks.append(log)

    stdin = open(args.uart_input, "rb") if args.uart_input else subprocess.DEVNULL
    proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.PIPE, start_new_session=True)
    reader = threading.Thread(target=pump, args=(proc.stdout, sinks), daemon=True)
    reader.start()
    try:
        code = proc.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        code = TIMEOUT_EXIT
    reader.join(timeout=5)
    if code == TIMEOUT_EXIT:
        msg = b"TIMEOUT: firmware hung\n"
        sys.stdout.buffer.write(msg)
        sys.stdout.flush()
        if log:
            log.write(msg)
    elif code < 0:
        code = 128 - code  # killed by a signal
    if log:
        log.close()

    name = EXIT_NAMES.get(code, "firmware exit code")
    if args.expect_exit is not None:
        if code == args.expect_exit:
            print(f"m4run: exit code {code} ({name}) as expected", file=sys.stderr)
            return 0
        want = EXIT_NAMES.get(args.expect_exit, "")
        print(f"m4run: exit code {code} ({name}), expected {args.expect_exit} ({want})", file=sys.stderr)
        return 1
    if not args.quiet or code != 0:
        print(f"m4run: exit code {code} ({name})", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
