// SPDX-License-Identifier: Apache-2.0 OR MIT
/* NIST PQC signature API (api.h shape) for ONE MQOM v2.1 parameter set chosen
   at build time. Build it with the CMake function
       pqmcu_add_nist_sign_library(<target> <set> [PROFILE desktop|compact])
   (cmake/pqmcu_nist.cmake), which compiles src/api/nist_sign.cpp with
   PQMCU_NIST_SET=<set> and passes the same definition to everything linking
   <target>, so the constants below describe that set:

       CRYPTO_PUBLICKEYBYTES, CRYPTO_SECRETKEYBYTES,
       CRYPTO_BYTES (signature bytes; a signed message is m || signature,
                     CRYPTO_BYTES longer than m), CRYPTO_ALGNAME.

   Randomness: randombytes() of src/rng/randombytes.h (pqmcu's AES-256
   CTR_DRBG; seed it with randombytes_init, as the NIST KAT harness does).
   Memory: no heap; the scheme's workspace is one static buffer inside the
   library (.bss, pqmcu_nist_workspace_bytes() bytes), wiped after every
   call. Not reentrant: one call at a time. The functions carry the plain
   NIST names, so a program links one such library.

   Return values: 0 on success; -1 on any failure (crypto_sign_open: the
   signature does not verify or smlen < CRYPTO_BYTES; *mlen is then 0). */
#ifndef PQMCU_NIST_SIGN_H
#define PQMCU_NIST_SIGN_H

#include <stddef.h>

/* ---- sizes of the 48 + 3 sets: PQMCU_NIST_<set>_{PK,SK,SIG,NAME} ---------- */
#define PQMCU_NIST_mqom2_cat1_gf2_short_r3_PK 52
#define PQMCU_NIST_mqom2_cat1_gf2_short_r3_SK 72
#define PQMCU_NIST_mqom2_cat1_gf2_short_r3_SIG 2868
#define PQMCU_NIST_mqom2_cat1_gf2_short_r3_NAME "MQOM2-L1-gf2-short-r3"
#define PQMCU_NIST_mqom2_cat1_gf2_short_r5_PK 52
#define PQMCU_NIST_mqom2_cat1_gf2_short_r5_SK 72
#define PQMCU_NIST_mqom2_cat1_gf2_short_r5_SIG 2820
#define PQMCU_NIST_mqom2_cat1_gf2_short_r5_NAME "MQOM2-L1-gf2-short-r5"
#define PQMCU_NIST_mqom2_cat1_gf2_fast_r3_PK 52
#define PQMCU_NIST_mqom2_cat1_gf2_fast_r3_SK 72
#define PQMCU_NIST_mqom2_cat1_gf2_fast_r3_SIG 3212
#define PQMCU_NIST_mqom2_cat1_gf2_fast_r3_NAME "MQOM2-L1-gf2-fast-r3"
#define PQMCU_NIST_mqom2_cat1_gf2_fast_r5_PK 52
#define PQMCU_NIST_mqom2_cat1_gf2_fast_r5_SK 72
#define PQMCU_NIST_mqom2_cat1_gf2_fast_r5_SIG 3144
#define PQMCU_NIST_mqom2_cat1_gf2_fast_r5_NAME "MQOM2-L1-gf2-fast-r5"
#define PQMCU_NIST_mqom2_cat1_gf4_short_r3_PK 54
#define PQMCU_NIST_mqom2_cat1_gf4_short_r3_SK 76
#define PQMCU_NIST_mqom2_cat1_gf4_short_r3_SIG 2916
#define PQMCU_NIST_mqom2_cat1_gf4_short_r3_NAME "MQOM2-L1-gf4-short-r3"
#define PQMCU_NIST_mqom2_cat1_gf4_short_r5_PK 54
#define PQMCU_NIST_mqom2_cat1_gf4_short_r5_SK 76
#define PQMCU_NIST_mqom2_cat1_gf4_short_r5_SIG 2844
#define PQMCU_NIST_mqom2_cat1_gf4_short_r5_NAME "MQOM2-L1-gf4-short-r5"
#define PQMCU_NIST_mqom2_cat1_gf4_fast_r3_PK 54
#define PQMCU_NIST_mqom2_cat1_gf4_fast_r3_SK 76
#define PQMCU_NIST_mqom2_cat1_gf4_fast_r3_SIG 3280
#define PQMCU_NIST_mqom2_cat1_gf4_fast_r3_NAME "MQOM2-L1-gf4-fast-r3"
#define PQMCU_NIST_mqom2_cat1_gf4_fast_r5_PK 54
#define PQMCU_NIST_mqom2_cat1_gf4_fast_r5_SK 76
#define PQMCU_NIST_mqom2_cat1_gf4_fast_r5_SIG 3178
#define PQMCU_NIST_mqom2_cat1_gf4_fast_r5_NAME "MQOM2-L1-gf4-fast-r5"
#define PQMCU_NIST_mqom2_cat1_gf16_short_r3_PK 60
#define PQMCU_NIST_mqom2_cat1_gf16_short_r3_SK 88
#define PQMCU_NIST_mqom2_cat1_gf16_short_r3_SIG 3060
#define PQMCU_NIST_mqom2_cat1_gf16_short_r3_NAME "MQOM2-L1-gf16-short-r3"
#define PQMCU_NIST_mqom2_cat1_gf16_short_r5_PK 60
#define PQMCU_NIST_mqom2_cat1_gf16_short_r5_SK 88
#define PQMCU_NIST_mqom2_cat1_gf16_short_r5_SIG 2916
#define PQMCU_NIST_mqom2_cat1_gf16_short_r5_NAME "MQOM2-L1-gf16-short-r5"
#define PQMCU_NIST_mqom2_cat1_gf16_fast_r3_PK 60
#define PQMCU_NIST_mqom2_cat1_gf16_fast_r3_SK 88
#define PQMCU_NIST_mqom2_cat1_gf16_fast_r3_SIG 3484
#define PQMCU_NIST_mqom2_cat1_gf16_fast_r3_NAME "MQOM2-L1-gf16-fast-r3"
#define PQMCU_NIST_mqom2_cat1_gf16_fast_r5_PK 60
#define PQMCU_NIST_mqom2_cat1_gf16_fast_r5_SK 88
#define PQMCU_NIST_mqom2_cat1_gf16_fast_r5_SIG 3280
#define PQMCU_NIST_mqom2_cat1_gf16_fast_r5_NAME "MQOM2-L1-gf16-fast-r5"
#define PQMCU_NIST_mqom2_cat1_gf256_short_r3_PK 80
#define PQMCU_NIST_mqom2_cat1_gf256_short_r3_SK 128
#define PQMCU_NIST_mqom2_cat1_gf256_short_r3_SIG 3540
#define PQMCU_NIST_mqom2_cat1_gf256_short_r3_NAME "MQOM2-L1-gf256-short-r3"
#define PQMCU_NIST_mqom2_cat1_gf256_short_r5_PK 80
#define PQMCU_NIST_mqom2_cat1_gf256_short_r5_SK 128
#define PQMCU_NIST_mqom2_cat1_gf256_short_r5_SIG 3156
#define PQMCU_NIST_mqom2_cat1_gf256_short_r5_NAME "MQOM2-L1-gf256-short-r5"
#define PQMCU_NIST_mqom2_cat1_gf256_fast_r3_PK 80
#define PQMCU_NIST_mqom2_cat1_gf256_fast_r3_SK 128
#define PQMCU_NIST_mqom2_cat1_gf256_fast_r3_SIG 4164
#define PQMCU_NIST_mqom2_cat1_gf256_fast_r3_NAME "MQOM2-L1-gf256-fast-r3"
#define PQMCU_NIST_mqom2_cat1_gf256_fast_r5_PK 80
#define PQMCU_NIST_mqom2_cat1_gf256_fast_r5_SK 128
#define PQMCU_NIST_mqom2_cat1_gf256_fast_r5_SIG 3620
#define PQMCU_NIST_mqom2_cat1_gf256_fast_r5_NAME "MQOM2-L1-gf256-fast-r5"
#define PQMCU_NIST_mqom2_cat3_gf2_short_r3_PK 78
#define PQMCU_NIST_mqom2_cat3_gf2_short_r3_SK 108
#define PQMCU_NIST_mqom2_cat3_gf2_short_r3_SIG 6388
#define PQMCU_NIST_mqom2_cat3_gf2_short_r3_NAME "MQOM2-L3-gf2-short-r3"
#define PQMCU_NIST_mqom2_cat3_gf2_short_r5_PK 78
#define PQMCU_NIST_mqom2_cat3_gf2_short_r5_SK 108
#define PQMCU_NIST_mqom2_cat3_gf2_short_r5_SIG 6280
#define PQMCU_NIST_mqom2_cat3_gf2_short_r5_NAME "MQOM2-L3-gf2-short-r5"
#define PQMCU_NIST_mqom2_cat3_gf2_fast_r3_PK 78
#define PQMCU_NIST_mqom2_cat3_gf2_fast_r3_SK 108
#define PQMCU_NIST_mqom2_cat3_gf2_fast_r3_SIG 7576
#define PQMCU_NIST_mqom2_cat3_gf2_fast_r3_NAME "MQOM2-L3-gf2-fast-r3"
#define PQMCU_NIST_mqom2_cat3_gf2_fast_r5_PK 78
#define PQMCU_NIST_mqom2_cat3_gf2_fast_r5_SK 108
#define PQMCU_NIST_mqom2_cat3_gf2_fast_r5_SIG 7414
#define PQMCU_NIST_mqom2_cat3_gf2_fast_r5_NAME "MQOM2-L3-gf2-fast-r5"
#define PQMCU_NIST_mqom2_cat3_gf4_short_r3_PK 82
#define PQMCU_NIST_mqom2_cat3_gf4_short_r3_SK 116
#define PQMCU_NIST_mqom2_cat3_gf4_short_r3_SIG 6532
#define PQMCU_NIST_mqom2_cat3_gf4_short_r3_NAME "MQOM2-L3-gf4-short-r3"
#define PQMCU_NIST_mqom2_cat3_gf4_short_r5_PK 82
#define PQMCU_NIST_mqom2_cat3_gf4_short_r5_SK 116
#define PQMCU_NIST_mqom2_cat3_gf4_short_r5_SIG 6352
#define PQMCU_NIST_mqom2_cat3_gf4_short_r5_NAME "MQOM2-L3-gf4-short-r5"
#define PQMCU_NIST_mqom2_cat3_gf4_fast_r3_PK 82
#define PQMCU_NIST_mqom2_cat3_gf4_fast_r3_SK 116
#define PQMCU_NIST_mqom2_cat3_gf4_fast_r3_SIG 7792
#define PQMCU_NIST_mqom2_cat3_gf4_fast_r3_NAME "MQOM2-L3-gf4-fast-r3"
#define PQMCU_NIST_mqom2_cat3_gf4_fast_r5_PK 82
#define PQMCU_NIST_mqom2_cat3_gf4_fast_r5_SK 116
#define PQMCU_NIST_mqom2_cat3_gf4_fast_r5_SIG 7522
#define PQMCU_NIST_mqom2_cat3_gf4_fast_r5_NAME "MQOM2-L3-gf4-fast-r5"
#define PQMCU_NIST_mqom2_cat3_gf16_short_r3_PK 90
#define PQMCU_NIST_mqom2_cat3_gf16_short_r3_SK 132
#define PQMCU_NIST_mqom2_cat3_gf16_short_r3_SIG 6820
#define PQMCU_NIST_mqom2_cat3_gf16_short_r3_NAME "MQOM2-L3-gf16-short-r3"
#define PQMCU_NIST_mqom2_cat3_gf16_short_r5_PK 90
#define PQMCU_NIST_mqom2_cat3_gf16_short_r5_SK 132
#define PQMCU_NIST_mqom2_cat3_gf16_short_r5_SIG 6496
#define PQMCU_NIST_mqom2_cat3_gf16_short_r5_NAME "MQOM2-L3-gf16-short-r5"
#define PQMCU_NIST_mqom2_cat3_gf16_fast_r3_PK 90
#define PQMCU_NIST_mqom2_cat3_gf16_fast_r3_SK 132
#define PQMCU_NIST_mqom2_cat3_gf16_fast_r3_SIG 8224
#define PQMCU_NIST_mqom2_cat3_gf16_fast_r3_NAME "MQOM2-L3-gf16-fast-r3"
#define PQMCU_NIST_mqom2_cat3_gf16_fast_r5_PK 90
#define PQMCU_NIST_mqom2_cat3_gf16_fast_r5_SK 132
#define PQMCU_NIST_mqom2_cat3_gf16_fast_r5_SIG 7738
#define PQMCU_NIST_mqom2_cat3_gf16_fast_r5_NAME "MQOM2-L3-gf16-fast-r5"
#define PQMCU_NIST_mqom2_cat3_gf256_short_r3_PK 120
#define PQMCU_NIST_mqom2_cat3_gf256_short_r3_SK 192
#define PQMCU_NIST_mqom2_cat3_gf256_short_r3_SIG 7900
#define PQMCU_NIST_mqom2_cat3_gf256_short_r3_NAME "MQOM2-L3-gf256-short-r3"
#define PQMCU_NIST_mqom2_cat3_gf256_short_r5_PK 120
#define PQMCU_NIST_mqom2_cat3_gf256_short_r5_SK 192
#define PQMCU_NIST_mqom2_cat3_gf256_short_r5_SIG 7036
#define PQMCU_NIST_mqom2_cat3_gf256_short_r5_NAME "MQOM2-L3-gf256-short-r5"
#define PQMCU_NIST_mqom2_cat3_gf256_fast_r3_PK 120
#define PQMCU_NIST_mqom2_cat3_gf256_fast_r3_SK 192
#define PQMCU_NIST_mqom2_cat3_gf256_fast_r3_SIG 9844
#define PQMCU_NIST_mqom2_cat3_gf256_fast_r3_NAME "MQOM2-L3-gf256-fast-r3"
#define PQMCU_NIST_mqom2_cat3_gf256_fast_r5_PK 120
#define PQMCU_NIST_mqom2_cat3_gf256_fast_r5_SK 192
#define PQMCU_NIST_mqom2_cat3_gf256_fast_r5_SIG 8548
#define PQMCU_NIST_mqom2_cat3_gf256_fast_r5_NAME "MQOM2-L3-gf256-fast-r5"
#define PQMCU_NIST_mqom2_cat5_gf2_short_r3_PK 104
#define PQMCU_NIST_mqom2_cat5_gf2_short_r3_SK 144
#define PQMCU_NIST_mqom2_cat5_gf2_short_r3_SIG 11764
#define PQMCU_NIST_mqom2_cat5_gf2_short_r3_NAME "MQOM2-L5-gf2-short-r3"
#define PQMCU_NIST_mqom2_cat5_gf2_short_r5_PK 104
#define PQMCU_NIST_mqom2_cat5_gf2_short_r5_SK 144
#define PQMCU_NIST_mqom2_cat5_gf2_short_r5_SIG 11564
#define PQMCU_NIST_mqom2_cat5_gf2_short_r5_NAME "MQOM2-L5-gf2-short-r5"
#define PQMCU_NIST_mqom2_cat5_gf2_fast_r3_PK 104
#define PQMCU_NIST_mqom2_cat5_gf2_fast_r3_SK 144
#define PQMCU_NIST_mqom2_cat5_gf2_fast_r3_SIG 13412
#define PQMCU_NIST_mqom2_cat5_gf2_fast_r3_NAME "MQOM2-L5-gf2-fast-r3"
#define PQMCU_NIST_mqom2_cat5_gf2_fast_r5_PK 104
#define PQMCU_NIST_mqom2_cat5_gf2_fast_r5_SK 144
#define PQMCU_NIST_mqom2_cat5_gf2_fast_r5_SIG 13124
#define PQMCU_NIST_mqom2_cat5_gf2_fast_r5_NAME "MQOM2-L5-gf2-fast-r5"
#define PQMCU_NIST_mqom2_cat5_gf4_short_r3_PK 108
#define PQMCU_NIST_mqom2_cat5_gf4_short_r3_SK 152
#define PQMCU_NIST_mqom2_cat5_gf4_short_r3_SIG 11964
#define PQMCU_NIST_mqom2_cat5_gf4_short_r3_NAME "MQOM2-L5-gf4-short-r3"
#define PQMCU_NIST_mqom2_cat5_gf4_short_r5_PK 108
#define PQMCU_NIST_mqom2_cat5_gf4_short_r5_SK 152
#define PQMCU_NIST_mqom2_cat5_gf4_short_r5_SIG 11664
#define PQMCU_NIST_mqom2_cat5_gf4_short_r5_NAME "MQOM2-L5-gf4-short-r5"
#define PQMCU_NIST_mqom2_cat5_gf4_fast_r3_PK 108
#define PQMCU_NIST_mqom2_cat5_gf4_fast_r3_SK 152
#define PQMCU_NIST_mqom2_cat5_gf4_fast_r3_SIG 13700
#define PQMCU_NIST_mqom2_cat5_gf4_fast_r3_NAME "MQOM2-L5-gf4-fast-r3"
#define PQMCU_NIST_mqom2_cat5_gf4_fast_r5_PK 108
#define PQMCU_NIST_mqom2_cat5_gf4_fast_r5_SK 152
#define PQMCU_NIST_mqom2_cat5_gf4_fast_r5_SIG 13268
#define PQMCU_NIST_mqom2_cat5_gf4_fast_r5_NAME "MQOM2-L5-gf4-fast-r5"
#define PQMCU_NIST_mqom2_cat5_gf16_short_r3_PK 122
#define PQMCU_NIST_mqom2_cat5_gf16_short_r3_SK 180
#define PQMCU_NIST_mqom2_cat5_gf16_short_r3_SIG 12664
#define PQMCU_NIST_mqom2_cat5_gf16_short_r3_NAME "MQOM2-L5-gf16-short-r3"
#define PQMCU_NIST_mqom2_cat5_gf16_short_r5_PK 122
#define PQMCU_NIST_mqom2_cat5_gf16_short_r5_SK 180
#define PQMCU_NIST_mqom2_cat5_gf16_short_r5_SIG 12014
#define PQMCU_NIST_mqom2_cat5_gf16_short_r5_NAME "MQOM2-L5-gf16-short-r5"
#define PQMCU_NIST_mqom2_cat5_gf16_fast_r3_PK 122
#define PQMCU_NIST_mqom2_cat5_gf16_fast_r3_SK 180
#define PQMCU_NIST_mqom2_cat5_gf16_fast_r3_SIG 14708
#define PQMCU_NIST_mqom2_cat5_gf16_fast_r3_NAME "MQOM2-L5-gf16-fast-r3"
#define PQMCU_NIST_mqom2_cat5_gf16_fast_r5_PK 122
#define PQMCU_NIST_mqom2_cat5_gf16_fast_r5_SK 180
#define PQMCU_NIST_mqom2_cat5_gf16_fast_r5_SIG 13772
#define PQMCU_NIST_mqom2_cat5_gf16_fast_r5_NAME "MQOM2-L5-gf16-fast-r5"
#define PQMCU_NIST_mqom2_cat5_gf256_short_r3_PK 160
#define PQMCU_NIST_mqom2_cat5_gf256_short_r3_SK 256
#define PQMCU_NIST_mqom2_cat5_gf256_short_r3_SIG 14564
#define PQMCU_NIST_mqom2_cat5_gf256_short_r3_NAME "MQOM2-L5-gf256-short-r3"
#define PQMCU_NIST_mqom2_cat5_gf256_short_r5_PK 160
#define PQMCU_NIST_mqom2_cat5_gf256_short_r5_SK 256
#define PQMCU_NIST_mqom2_cat5_gf256_short_r5_SIG 12964
#define PQMCU_NIST_mqom2_cat5_gf256_short_r5_NAME "MQOM2-L5-gf256-short-r5"
#define PQMCU_NIST_mqom2_cat5_gf256_fast_r3_PK 160
#define PQMCU_NIST_mqom2_cat5_gf256_fast_r3_SK 256
#define PQMCU_NIST_mqom2_cat5_gf256_fast_r3_SIG 17444
#define PQMCU_NIST_mqom2_cat5_gf256_fast_r3_NAME "MQOM2-L5-gf256-fast-r3"
#define PQMCU_NIST_mqom2_cat5_gf256_fast_r5_PK 160
#define PQMCU_NIST_mqom2_cat5_gf256_fast_r5_SK 256
#define PQMCU_NIST_mqom2_cat5_gf256_fast_r5_SIG 15140
#define PQMCU_NIST_mqom2_cat5_gf256_fast_r5_NAME "MQOM2-L5-gf256-fast-r5"
/* the Faster sets (N = 64; not part of the NIST submission) */
#define PQMCU_NIST_mqom2_cat1_gf16_faster_r5_PK 60
#define PQMCU_NIST_mqom2_cat1_gf16_faster_r5_SK 88
#define PQMCU_NIST_mqom2_cat1_gf16_faster_r5_SIG 3984
#define PQMCU_NIST_mqom2_cat1_gf16_faster_r5_NAME "MQOM2-L1-gf16-faster-r5"
#define PQMCU_NIST_mqom2_cat3_gf16_faster_r5_PK 90
#define PQMCU_NIST_mqom2_cat3_gf16_faster_r5_SK 132
#define PQMCU_NIST_mqom2_cat3_gf16_faster_r5_SIG 9016
#define PQMCU_NIST_mqom2_cat3_gf16_faster_r5_NAME "MQOM2-L3-gf16-faster-r5"
#define PQMCU_NIST_mqom2_cat5_gf16_faster_r5_PK 122
#define PQMCU_NIST_mqom2_cat5_gf16_faster_r5_SK 180
#define PQMCU_NIST_mqom2_cat5_gf16_faster_r5_SIG 15864
#define PQMCU_NIST_mqom2_cat5_gf16_faster_r5_NAME "MQOM2-L5-gf16-faster-r5"

/* ---- the compiled-in set ------------------------------------------------ */
#define PQMCU_NIST_FIELD_(set, field) PQMCU_NIST_##set##_##field
#define PQMCU_NIST_FIELD(set, field) PQMCU_NIST_FIELD_(set, field)

#if defined(PQMCU_NIST_SET)
#define CRYPTO_PUBLICKEYBYTES PQMCU_NIST_FIELD(PQMCU_NIST_SET, PK)
#define CRYPTO_SECRETKEYBYTES PQMCU_NIST_FIELD(PQMCU_NIST_SET, SK)
#define CRYPTO_BYTES PQMCU_NIST_FIELD(PQMCU_NIST_SET, SIG)
#define CRYPTO_ALGNAME PQMCU_NIST_FIELD(PQMCU_NIST_SET, NAME)
#elif !defined(PQMCU_NIST_NO_SET)
#error "pqmcu/nist_sign.h: define PQMCU_NIST_SET (link a library made by pqmcu_add_nist_sign_library), or PQMCU_NIST_NO_SET for the table only"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* pk: CRYPTO_PUBLICKEYBYTES, sk: CRYPTO_SECRETKEYBYTES. */
int crypto_sign_keypair(unsigned char* pk, unsigned char* sk);

/* sm (mlen + CRYPTO_BYTES bytes) = m || signature; *smlen = mlen + CRYPTO_BYTES.
   m and sm may overlap (m is moved first, as memmove would). */
int crypto_sign(unsigned char* sm, unsigned long long* smlen, const unsigned char* m, unsigned long long mlen,
                const unsigned char* sk);

/* Verifies sm = m || signature; on success copies m (smlen - CRYPTO_BYTES
   bytes, overlap with sm allowed) and sets *mlen. */
int crypto_sign_open(unsigned char* m, unsigned long long* mlen, const unsigned char* sm, unsigned long long smlen,
                     const unsigned char* pk);

/* Bytes of the library's static workspace (for RAM budgets). */
size_t pqmcu_nist_workspace_bytes(void);

#ifdef __cplusplus
}
#endif
#endif
