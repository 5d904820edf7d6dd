#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""AAPCS checking wrappers for the Cortex-M4 assembly entry points in a firmware.

Reads the global function symbols (nm type T) of the assembly members
(*.S.obj / *.S.o) of the given static libraries or objects, keeps those the
firmware ELF contains, finds each one's C / C++ declaration under --src to
count its stack argument words (AAPCS: r0-r3, then the stack; 64-bit values
in even register pairs / 8-byte aligned stack slots), and writes:

  <out>.S    for each symbol `sym` a stub `__wrap_sym` (the firmware is linked
             with -Wl,--wrap=sym, so every call from another object reaches
             the stub) and the common checker pqmcu_abi_call, which
             - saves the caller's r4-r11, lr, s16-s31,
             - copies the callee's stack arguments to a fresh area and puts
               canary words above them (the caller's frame, as the callee
               sees it),
             - loads r4-r11, s16-s31 with distinct canaries and calls
               __real_sym,
             - checks sp, the sixteen FP and eight core callee-saved
               registers, FPSCR's mode bits and the canary words, ORs what broke into
               pqmcu_abi_bad[i] (and the canary words hit into
               pqmcu_abi_frame_hit[i]), counts the call, restores the
               caller's registers and returns r0 / r1;
             plus the tables abi_report.cpp prints at the end of main.
  <out>.rsp  the linker options: -Wl,--wrap=<sym> for each symbol, main and
             pqmcu::m4::stack_peak_bytes.

Every entry the firmware refers to from outside the assembly (a call, a
function pointer) must be called at least once, or the test fails, unless
--not-called SYM,... (fnmatch patterns) excuses it; entries linked only because
they share a section with a used one are listed as unreferenced.
--extra-sym SYM: wrap this symbol too even if it is in no --lib (test-only
assembly linked into the firmware directly).
"""
import argparse
import fnmatch
import os
import re
import subprocess
import sys

CANARY_MEM = 0xAB1CA500  # ^ word index
CORE_CANARY = [0x4A5B0004 + 0x01010100 * (r - 4) for r in range(4, 12)]
FP_CANARY = [0x7FA5C000 + 0x00010001 * (i + 16) for i in range(16)]  # s16..s31 (NaN patterns)
EXTRA_CANARY_WORDS = 30  # canary words above the stack arguments: 31-32 (124-128 B, even: keeps sp 8-aligned;
#                          at most 32, one bit each in pqmcu_abi_frame_hit)
assert EXTRA_CANARY_WORDS % 2 == 0 and EXTRA_CANARY_WORDS + 2 <= 32
FPSCR_MODE = 0x07C00000  # AHP, DN, FZ, RMode
SHADOW_DEPTH = 8  # nested wrapped calls (asm -> asm across objects; none today)


def nm_symbols(nm, path):
    out = subprocess.run([nm, "-A", "-g", "--defined-only", path], check=True, capture_output=True,
                         text=True).stdout
    res = []
    for line in out.splitlines():
        # archive.a:member.o:00000000 T sym   or   file.o:00000000 T sym
        m = re.match(r"^(.*):([0-9a-fA-F]+) (\w) (\S+)$", line)
        if not m:
            continue
        where, _, typ, sym = m.groups()
        member = where.rsplit(":", 1)[-1]
        res.append((member, typ, sym))
    return res


def asm_symbols(nm, libs):
    syms = {}
    for lib in libs:
        for member, typ, sym in nm_symbols(nm, lib):
            if typ == "T" and re.search(r"\.S\.(obj|o)$", member):
                syms[sym] = member
    return syms


def map_asm_symbols(path):
    """Global symbols the link map (-Wl,-Map) lists under input sections of
    assembly objects (*.S.obj / *.S.o, also archive members)."""
    syms, cur = {}, None
    started = False
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.startswith("Linker script and memory map"):
                started = True
                continue
            if not started:
                continue
            f = line.split()
            if len(f) >= 3 and f[-3].startswith("0x") and f[-2].startswith("0x"):
                cur = f[-1]  # [section] address size file
            elif len(f) == 2 and f[0].startswith("0x") and "=" not in line:
                if cur and re.search(r"\.S\.(obj|o)\)?$", cur):
                    member = re.sub(r"^.*\((.*)\)$", r"\1", cur)
                    syms[f[1]] = os.path.basename(member)
            elif line.strip() and not line.startswith(" "):
                cur = None  # an output section or a directive line
    return syms


def referenced_from_outside(objdump, elf, syms):
    """The symbols of `syms` (assembly entries) that code or data outside them
    refers to in the linked ELF: branch targets and literal-pool words in the
    other functions, address words (function pointers) in the data sections.
    An entry the firmware holds only because it shares a section with a used
    one is not referenced, and need not be called."""
    dis = subprocess.run([objdump, "-d", "--no-show-raw-insn", elf], check=True, capture_output=True,
                         text=True).stdout
    addr = {}
    cur = None
    refs = set()
    words = []
    for line in dis.splitlines():
        m = re.match(r"^([0-9a-f]+) <([^>]+)>:$", line)
        if m:
            cur = m.group(2)
            if cur in syms:
                addr[int(m.group(1), 16)] = cur
            continue
        if cur is None or cur in syms:
            continue
        m = re.search(r"\s(?:bl|blx|b|b\.w|b\.n|b[a-z]{2}(?:\.w|\.n)?)\s+[0-9a-f]+ <([^>+]+)>", line)
        if m and m.group(1) in syms:
            refs.add(m.group(1))
        m = re.search(r"\.word\s+0x([0-9a-f]+)", line)
        if m:
            words.append(int(m.group(1), 16))
    dump = subprocess.run([objdump, "-s", "-j", ".rodata", "-j", ".data", elf], capture_output=True,
                          text=True).stdout
    for line in dump.splitlines():
        m = re.match(r"^ ([0-9a-f]+) ((?:[0-9a-f]{8} ?){1,4})", line)
        if m:
            for h in m.group(2).split():
                words.append(int.from_bytes(bytes.fromhex(h), "little"))
    for w in words:
        if w & 1 and (w & ~1) in addr:
            refs.add(addr[w & ~1])
    return refs


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


NOT_TYPES = {"return", "case", "else", "goto", "throw", "co_return", "sizeof", "do", "new", "delete"}


def load_sources(root):
    texts = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith((".hpp", ".cpp", ".h", ".c", ".inc")):
                with open(os.path.join(d, f), encoding="utf-8", errors="replace") as fh:
                    texts.append((os.path.join(d, f), strip_comments(fh.read())))
    return texts


# the last token of a return type: a name (`void`, `uint32_t`, `std::size_t`,
# `T>`), maybe with * / &; not a label such as `case 19:`
TYPE_END = r"(?<![\w:])([A-Za-z_](?:\w|::|<|>)*[\*&]*)"
PARAMS = r"\(((?:[^()]|\([^()]*\))*)\)"


def find_decls(sym, texts):
    """Parameter lists of the declarations of sym (also macro-made ones: PREFIX##x(...))."""
    found = []
    pat = re.compile(TYPE_END + r"[ \t\n\*&]+" + re.escape(sym) + r"\s*" + PARAMS + r"\s*(?:noexcept\s*)?;")
    for path, t in texts:
        if sym not in t:
            continue
        for m in pat.finditer(t):
            if m.group(1) in NOT_TYPES:
                continue
            found.append((path, m.group(2)))
    if found:
        return found
    # token pasting: `void pqmcu_mce_syndrome_##rb(args);`
    mpat = re.compile(TYPE_END + r"[ \t\n\*&]+(\w+)\s*##\s*\w+\s*" + PARAMS + r"\s*(?:noexcept\s*)?;")
    for path, t in texts:
        if "##" not in t:
            continue
        for m in mpat.finditer(t):
            if m.group(1) in NOT_TYPES:
                continue
            if sym.startswith(m.group(2)):
                found.append((path, m.group(3)))
    return found


def split_top(params):
    parts, depth, cur = [], 0, ""
    for ch in params:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


WORD_TYPES = re.compile(r"^(const\s+|volatile\s+|unsigned\s+|signed\s+)*(u?int(8|16|32)_t|int|unsigned|long|short|char|"
                        r"bool|size_t|ptrdiff_t|uintptr_t|intptr_t)(\s+\w+)?$")
DWORD_TYPES = re.compile(r"^(const\s+)?(u?int64_t|long\s+long|unsigned\s+long\s+long|double)(\s+\w+)?$")


def param_words(p):
    """Core-register words of one parameter: 1, 2 (8-byte aligned) or 0 (float: s registers)."""
    if p in ("", "void"):
        return None
    if "*" in p or "&" in p or "[" in p:
        return 1
    p = re.sub(r"\s+", " ", p)
    if re.match(r"^(const )?float( \w+)?$", p):
        return 0
    if DWORD_TYPES.match(p):
        if "double" in p:
            return 0
        return 2
    if WORD_TYPES.match(p):
        return 1
    return "?"


def stack_words(params):
    ncrn, nsaa = 0, 0
    for p in split_top(params):
        w = param_words(p)
        if w is None or w == 0:
            continue
        if w == "?":
            raise ValueError(f"parameter type not understood: '{p}'")
        if w == 1:
            if ncrn < 4:
                ncrn += 1
            else:
                nsaa += 1
        else:
            ncrn += ncrn & 1
            if ncrn + 2 <= 4:
                ncrn += 2
            else:
                ncrn = 4
                nsaa += nsaa & 1
                nsaa += 2
    return nsaa


def gen(syms, args_of, expect):
    o = []
    w = o.append
    w("@ Generated by tests/m4/abi/gen_abi_wrap.py: AAPCS checking wrappers. Do not edit.")
    w("    .syntax unified")
    w("    .thumb")
    w("")
    for i, (sym, nsw) in enumerate(zip(syms, args_of)):
        w(f"    .section .text.__wrap_{sym},\"ax\",%progbits")
        w(f"    .global __wrap_{sym}")
        w(f"    .type __wrap_{sym}, %function")
        w("    .thumb_func")
        w(f"__wrap_{sym}:")
        w("    push {r4-r11, lr}")
        w(f"    movw r4, #{i}")
        w(f"    movs r5, #{nsw}")
        w(f"    ldr r6, =__real_{sym}")
        w("    b.w pqmcu_abi_call")
        w("    .ltorg")
        w(f"    .size __wrap_{sym}, . - __wrap_{sym}")
        w("")
    # the common checker
    w("    .section .text.pqmcu_abi_call,\"ax\",%progbits")
    w("    .type pqmcu_abi_call, %function")
    w("    .thumb_func")
    w("@ in: r0-r3 the arguments, r4 symbol index, r5 stack argument words, r6 __real_sym,")
    w("@ [sp] the caller's r4-r11, lr (36 B), its stack arguments at sp + 36.")
    w("pqmcu_abi_call:")
    w("    vpush {s16-s31}                 @ sp = entry - 100")
    w(f"    lsls r7, r5, #2")
    w(f"    adds r7, r7, #{4 * EXTRA_CANARY_WORDS + 4}  @ frame: arguments + canaries, keeps sp 8-aligned")
    w("    tst r5, #1")
    w("    it ne")
    w("    addne r7, r7, #4")
    w("    sub sp, sp, r7")
    w("    mov r11, sp")
    w("    add r8, r11, r7")
    w("    add r8, r8, #100                @ the caller's stack arguments")
    w("    movs r9, #0")
    w("1:  cmp r9, r5")
    w("    bhs 2f")
    w("    ldr r10, [r8, r9, lsl #2]")
    w("    str r10, [r11, r9, lsl #2]")
    w("    adds r9, r9, #1")
    w("    b 1b")
    w("2:  lsrs r8, r7, #2")
    w(f"    ldr r10, ={CANARY_MEM:#010x}")
    w("3:  cmp r9, r8")
    w("    bhs 4f")
    w("    eor r12, r10, r9")
    w("    str r12, [r11, r9, lsl #2]")
    w("    adds r9, r9, #1")
    w("    b 3b")
    w("4:  ldr r8, =pqmcu_abi_depth")
    w("    ldr r9, [r8]")
    w("    adds r9, r9, #1")
    w(f"    cmp r9, #{SHADOW_DEPTH}")
    w("    blo 10f")
    w("    udf #0                          @ nested deeper than the shadow stack")
    w("10: str r9, [r8]")
    w("    ldr r8, =pqmcu_abi_shadow")
    w("    add r8, r8, r9, lsl #5")
    w("    vmrs r10, fpscr")
    w("    stmia r8, {r4, r5, r7, r10, r11}  @ index, argument words, frame bytes, FPSCR, sp")
    w("    ldr r8, =pqmcu_abi_calls")
    w("    ldr r9, [r8, r4, lsl #2]")
    w("    adds r9, r9, #1")
    w("    str r9, [r8, r4, lsl #2]")
    w("    mov r12, r6")
    w("    ldr lr, =pqmcu_abi_canary_fp")
    w("    vldmia lr, {s16-s31}")
    w("    ldr lr, =pqmcu_abi_canary_core")
    w("    ldmia lr, {r4-r11}")
    w("    blx r12")
    w("@ back: r0 / r1 the result; r2, r3, r12, lr free")
    w("    ldr r2, =pqmcu_abi_depth")
    w("    ldr r3, [r2]")
    w("    sub r12, r3, #1")
    w("    str r12, [r2]")
    w("    ldr r2, =pqmcu_abi_shadow")
    w("    add r2, r2, r3, lsl #5")
    w("    movs r12, #0                    @ what broke (pqmcu_abi_bad bits)")
    w("    ldr r3, [r2, #16]")
    w("    cmp sp, r3")
    w("    beq 5f")
    w("    orr r12, r12, #1                @ bit 0: sp")
    w("    mov sp, r3")
    w("5:  push {r0, r1, r2, r3}           @ result, shadow entry")
    w("    ldr lr, =pqmcu_abi_canary_core")
    for k, r in enumerate(range(4, 12)):
        w(f"    ldr r0, [lr, #{4 * k}]")
        w(f"    cmp r{r}, r0")
        w("    it ne")
        w(f"    orrne r12, r12, #{1 << r:#x}     @ bit {r}: r{r}")
    w("@ FPSCR's mode bits (AHP, DN, FZ, RMode: callee-saved); put back the caller's")
    w("    vmrs r0, fpscr")
    w("    ldr r1, [r2, #12]")
    w("    eor r3, r0, r1")
    w(f"    tst r3, #{FPSCR_MODE:#x}")
    w("    beq 11f")
    w("    orr r12, r12, #4                @ bit 2: FPSCR mode")
    w(f"    bic r0, r0, #{FPSCR_MODE:#x}")
    w(f"    and r1, r1, #{FPSCR_MODE:#x}")
    w("    orr r0, r0, r1")
    w("    vmsr fpscr, r0")
    w("11: ldr lr, =pqmcu_abi_canary_fp")
    for k in range(16):
        w(f"    vmov r0, s{16 + k}")
        w(f"    ldr r1, [lr, #{4 * k}]")
        w("    cmp r0, r1")
        w("    it ne")
        w(f"    orrne r12, r12, #{1 << (16 + k):#x}  @ bit {16 + k}: s{16 + k}")
    w("@ canary words above the stack arguments")
    w("    ldr r4, [r2, #4]                @ argument words")
    w("    ldr r5, [r2, #8]")
    w("    lsrs r5, r5, #2                 @ frame words")
    w("    add r6, sp, #16                 @ the frame")
    w(f"    ldr r7, ={CANARY_MEM:#010x}")
    w("    mov r8, r4")
    w("    movs r10, #0                    @ canary words hit (bit k: argument end + 4 k)")
    w("6:  cmp r8, r5")
    w("    bhs 7f")
    w("    ldr r9, [r6, r8, lsl #2]")
    w("    eor r9, r9, r7")
    w("    cmp r9, r8")
    w("    beq 8f")
    w("    orr r12, r12, #2                @ bit 1: caller's frame written")
    w("    sub r9, r8, r4")
    w("    movs r11, #1")
    w("    lsl r11, r11, r9")
    w("    orr r10, r10, r11")
    w("8:  adds r8, r8, #1")
    w("    b 6b")
    w("7:  cmp r12, #0")
    w("    beq 9f")
    w("    ldr r4, [r2]                    @ symbol index")
    w("    ldr r5, =pqmcu_abi_bad")
    w("    ldr r6, [r5, r4, lsl #2]")
    w("    orr r6, r6, r12")
    w("    str r6, [r5, r4, lsl #2]")
    w("    ldr r5, =pqmcu_abi_frame_hit")
    w("    ldr r6, [r5, r4, lsl #2]")
    w("    orr r6, r6, r10")
    w("    str r6, [r5, r4, lsl #2]")
    w("9:  pop {r0, r1, r2, r3}")
    w("    ldr r3, [r2, #8]")
    w("    add sp, sp, r3")
    w("    vpop {s16-s31}")
    w("    pop {r4-r11, pc}")
    w("    .ltorg")
    w("    .size pqmcu_abi_call, . - pqmcu_abi_call")
    w("")
    n = len(syms)
    w("    .section .rodata.pqmcu_abi,\"a\",%progbits")
    w("    .balign 4")
    w("    .global pqmcu_abi_canary_core, pqmcu_abi_canary_fp, pqmcu_abi_count, pqmcu_abi_names")
    w("    .global pqmcu_abi_args, pqmcu_abi_expect, pqmcu_abi_stack_overhead")
    w("pqmcu_abi_canary_core:")
    w("    .word " + ", ".join(f"{c:#010x}" for c in CORE_CANARY))
    w("pqmcu_abi_canary_fp:")
    w("    .word " + ", ".join(f"{c:#010x}" for c in FP_CANARY))
    w("pqmcu_abi_count:")
    w(f"    .word {n}")
    # stack the wrapper adds under a wrapped call: its saves, the frame, the 16 B pushed after
    max_frame = max([4 * a + 4 * EXTRA_CANARY_WORDS + 4 + 4 * (a & 1) for a in args_of] or [0])
    w("pqmcu_abi_stack_overhead:")
    w(f"    .word {36 + 64 + max_frame + 16}")
    w("pqmcu_abi_args:")
    w("    .word " + ", ".join(str(a) for a in args_of) if n else "    .word 0")
    w("pqmcu_abi_expect:")
    w("    .word " + ", ".join("1" if s in expect else "0" for s in syms) if n else "    .word 0")
    w("pqmcu_abi_names:")
    for i in range(n):
        w(f"    .word .Lname{i}")
    if not n:
        w("    .word 0")
    w("    .section .rodata.pqmcu_abi_str,\"aMS\",%progbits,1")
    for i, s in enumerate(syms):
        w(f".Lname{i}: .asciz \"{s}\"")
    w("")
    w("    .bss")
    w("    .balign 4")
    w("    .global pqmcu_abi_calls, pqmcu_abi_bad, pqmcu_abi_frame_hit, pqmcu_abi_depth, pqmcu_abi_shadow")
    w("pqmcu_abi_depth: .space 4")
    w(f"pqmcu_abi_shadow: .space {32 * SHADOW_DEPTH}")
    w(f"pqmcu_abi_calls: .space {4 * max(n, 1)}")
    w(f"pqmcu_abi_bad: .space {4 * max(n, 1)}")
    w(f"pqmcu_abi_frame_hit: .space {4 * max(n, 1)}")
    w("")
    return "\n".join(o) + "\n"


def coverage(a):
    """m4.abi.coverage: every global function of the libraries' assembly is
    expected (must be called) by at least one m4.abi firmware."""
    asm = asm_symbols(a.nm, a.lib)
    expected = {}
    for path in a.coverage:
        name = os.path.basename(path)[len("abi_"):-len(".txt")] if os.path.basename(path).startswith("abi_") \
            else path
        with open(path) as fh:
            for line in fh:
                f = line.split()
                if len(f) >= 4 and f[3] == "expected":
                    expected.setdefault(f[0], []).append(name)
    patterns = [x for x in a.not_called.split(",") if x]
    missing, allowed = [], []
    for sym in sorted(asm):
        if sym in expected:
            continue
        (allowed if any(fnmatch.fnmatchcase(sym, p) for p in patterns) else missing).append(sym)
    print(f"abi coverage: {len(asm)} assembly entries in the libraries, {len(asm) - len(missing) - len(allowed)} "
          f"called by m4.abi firmware, {len(allowed)} allowed without ({', '.join(allowed) or '-'})")
    for sym in missing:
        print(f"abi coverage: NOT COVERED {sym} ({asm[sym]}): no m4.abi firmware calls it")
    print("abi coverage: " + ("FAIL" if missing else "PASS"))
    return 1 if missing else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nm", default="arm-none-eabi-nm")
    ap.add_argument("--objdump", default="", help="default: --nm with objdump for nm")
    ap.add_argument("--elf", help="the firmware as linked without wrappers (default: wrap every symbol found)")
    ap.add_argument("--map", help="that firmware's link map: the assembly objects' symbols")
    ap.add_argument("--lib", action="append", default=[], help="static library or object holding assembly")
    ap.add_argument("--src", action="append", default=[], help="source tree with the C/C++ declarations")
    ap.add_argument("--args", action="append", default=[], help="SYM=N: stack argument words (no declaration)")
    ap.add_argument("--extra-sym", action="append", default=[])
    ap.add_argument("--not-called", default="", help="comma separated")
    ap.add_argument("--out", help="output stem: <out>.S, <out>.rsp, <out>.txt")
    ap.add_argument("--coverage", nargs="+", metavar="TXT",
                    help="instead: check that every assembly entry of the --lib archives is one that some "
                         "firmware (its <out>.txt) must call; --not-called lists the allowed exceptions")
    a = ap.parse_args()
    if a.coverage:
        return coverage(a)
    if not a.out:
        ap.error("--out is required")

    asm = asm_symbols(a.nm, a.lib)
    if a.map:
        asm.update(map_asm_symbols(a.map))
    for s in a.extra_sym:
        asm[s] = "(extra)"
    if a.elf:
        in_elf = {sym for _, typ, sym in nm_symbols(a.nm, a.elf) if typ == "T"}
        syms = sorted(s for s in asm if s in in_elf)
        objdump = a.objdump or re.sub(r"nm$", "objdump", a.nm)
        referenced = referenced_from_outside(objdump, a.elf, set(syms))
    else:
        syms = sorted(asm)
        referenced = set(syms)
    texts = []
    for root in a.src:
        texts += load_sources(root)
    fixed = dict(x.split("=", 1) for x in a.args)
    args_of, errors, notes = [], [], []
    for s in syms:
        if s in fixed:
            args_of.append(int(fixed[s]))
            continue
        decls = find_decls(s, texts)
        counts = set()
        for path, params in decls:
            try:
                counts.add(stack_words(params))
            except ValueError as e:
                errors.append(f"{s} ({path}): {e}")
        if not decls:
            errors.append(f"{s}: no C/C++ declaration found; give --args {s}=<stack words>")
        elif len(counts) > 1:
            errors.append(f"{s}: declarations disagree on the stack arguments ({sorted(counts)})")
        elif counts:
            args_of.append(counts.pop())
    if errors:
        for e in errors:
            print("gen_abi_wrap.py: " + e, file=sys.stderr)
        return 1
    patterns = [x for x in a.not_called.split(",") if x]
    not_called = {s for s in syms if any(fnmatch.fnmatchcase(s, p) for p in patterns)}
    for p in patterns:
        if not any(fnmatch.fnmatchcase(s, p) for s in syms):
            notes.append(f"note: --not-called {p} matches nothing in the firmware")
    # expected to be called: referenced from outside the assembly, not excused
    expect = {s for s in syms if s in referenced and s not in not_called}
    with open(a.out + ".S", "w") as f:
        f.write(gen(syms, args_of, expect))
    with open(a.out + ".rsp", "w") as f:
        opts = [f"-Wl,--wrap={s}" for s in syms]
        opts += ["-Wl,--wrap=main", "-Wl,--wrap=_ZN5pqmcu2m416stack_peak_bytesEv"]
        f.write("\n".join(opts) + "\n")
    with open(a.out + ".txt", "w") as f:
        for s, n in zip(syms, args_of):
            why = "expected" if s in expect else ("not_called" if s in not_called else "unreferenced")
            f.write(f"{s} {asm[s]} stack_args={n} {why}\n")
    for n in notes:
        print("gen_abi_wrap.py: " + n, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
