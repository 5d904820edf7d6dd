# SPDX-License-Identifier: Apache-2.0 OR MIT
# cmake -DIN=<raw public key> -DOUT=<file.cpp> -P embed_key.cmake
# Writes the key as `extern const uint8_t boot_public_key[]` (+ its length).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR bytes "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "((0x..,){16})" "\\1\n    " body "${body}")
file(WRITE "${OUT}.tmp"
  "// Generated from ${IN} by embed_key.cmake: do not edit.\n"
  "#include <cstddef>\n#include <cstdint>\n"
  "extern const uint8_t boot_public_key[${bytes}] = {\n    ${body}\n};\n"
  "extern const size_t boot_public_key_bytes = ${bytes};\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
