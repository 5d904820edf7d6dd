# SPDX-License-Identifier: Apache-2.0 OR MIT
# Shared steps of the x86 bench scripts that time PQClean's AVX2 code beside
# pqmcu (bench-mceliece-x86.sh, bench-kem-x86.sh): fetch PQClean at a commit,
# build its per-set static libraries with their own Makefiles, and build
# pqmcu's host Release libraries. Everything PQClean goes under the caller's
# REF_DIR, outside the repository. Source this file; it defines functions only.

# pqclean_git_dir: a git directory holding PQClean, in this order: $PQCLEAN_SRC
# if it is one (a bare mirror or a clone's .git), the local mirror the fetch
# tool makes, else a clone of $PQCLEAN_SRC (default GitHub) into $REF_DIR.
pqclean_git_dir() {
    local s=${PQCLEAN_SRC:-}
    if [ -n "$s" ] && { [ -d "$s/objects" ] || [ -f "$s/HEAD" ]; }; then echo "$s"; return; fi
    if [ -n "$s" ] && [ -d "$s/.git" ]; then echo "$s/.git"; return; fi
    if [ -z "$s" ] && [ -d /work/.mirror/PQClean+PQClean/repo ]; then echo /work/.mirror/PQClean+PQClean/repo; return; fi
    [ -d "$REF_DIR/PQClean/.git" ] || git clone -q "${s:-https://github.com/PQClean/PQClean}" "$REF_DIR/PQClean"
    echo "$REF_DIR/PQClean/.git"
}

# pqclean_extract OUT REV PATH...: PQClean's PATHs at REV into OUT (once).
pqclean_extract() {
    local out=$1 rev=$2
    shift 2
    [ -f "$out/.extracted" ] && return
    local git_dir
    git_dir=$(pqclean_git_dir)
    rm -rf "$out" && mkdir -p "$out"
    git --git-dir="$git_dir" archive "$rev" "$@" | tar -x -C "$out"
    touch "$out/.extracted"
}

# pqclean_lib DIR: builds DIR's static library with its own Makefile (once,
# niced, the log in DIR/build.log) and prints its path.
pqclean_lib() {
    local d=$1
    if ! ls "$d"/lib*.a >/dev/null 2>&1; then
        echo "[pqclean] building $d" >&2
        (cd "$d" && nice make -s -j"${JOBS:-2}" >build.log 2>&1) || { tail -30 "$d/build.log" >&2; return 1; }
    fi
    ls "$d"/lib*.a
}

# pqclean_fips202 SRC: common/fips202.o under SRC (once), printed.
pqclean_fips202() {
    [ -f "$1/common/fips202.o" ] || nice cc -O3 -c "$1/common/fips202.c" -o "$1/common/fips202.o"
    echo "$1/common/fips202.o"
}

# pqmcu_host_build BUILD TARGET...: pqmcu's host Release preset into BUILD
# (configured once, ccache if present), the named targets built.
pqmcu_host_build() {
    local build=$1
    shift
    if [ ! -f "$build/build.ninja" ]; then
        local launch=()
        command -v ccache >/dev/null && launch=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
        cmake --preset host -B "$build" "${launch[@]}" >/dev/null
    fi
    nice cmake --build "$build" -j"${JOBS:-2}" --target "$@" >/dev/null
}
