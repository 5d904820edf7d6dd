// SPDX-License-Identifier: Apache-2.0 OR MIT
/* NIST PQC KEM API (api.h shape) for ONE KEM parameter set chosen at build
   time. Build it with the CMake function
       pqmcu_add_nist_kem_library(<target> <set>)
   (cmake/pqmcu_nist.cmake), which compiles src/api/nist_kem.cpp with
   PQMCU_NIST_KEM_SET=<set> and passes the same definition to everything
   linking <target>, so the constants below describe that set:

       CRYPTO_PUBLICKEYBYTES, CRYPTO_SECRETKEYBYTES, CRYPTO_CIPHERTEXTBYTES,
       CRYPTO_BYTES (shared secret bytes), CRYPTO_ALGNAME (the reference's name).

   Randomness: randombytes() of src/rng/randombytes.h (pqmcu's AES-256
   CTR_DRBG; seed it with randombytes_init, as the NIST KAT harness does).
   Memory: no heap; the scheme's workspace is one static buffer inside the
   library (.bss, pqmcu_nist_kem_workspace_bytes() bytes), wiped after every
   call. Not reentrant: one call at a time. The functions carry the plain
   NIST names, so a program links one such library (and no signature one:
   CRYPTO_BYTES would mean two things).

   Return values: 0 on success, -1 on a null pointer or an internal failure.
   crypto_kem_dec of a tampered ciphertext returns 0 with the set's
   implicit-rejection secret (a pseudo-random value), in the same time. */
#ifndef PQMCU_NIST_KEM_H
#define PQMCU_NIST_KEM_H

#include <stddef.h>

/* ---- sizes of every KEM set: PQMCU_NIST_<set>_{PK,SK,CT,SS,NAME} ---------- */
/* NTRU (src/ntru) */
#define PQMCU_NIST_ntruhps2048509_PK 699
#define PQMCU_NIST_ntruhps2048509_SK 935
#define PQMCU_NIST_ntruhps2048509_CT 699
#define PQMCU_NIST_ntruhps2048509_SS 32
#define PQMCU_NIST_ntruhps2048509_NAME "ntruhps2048509"
#define PQMCU_NIST_ntruhps2048677_PK 930
#define PQMCU_NIST_ntruhps2048677_SK 1234
#define PQMCU_NIST_ntruhps2048677_CT 930
#define PQMCU_NIST_ntruhps2048677_SS 32
#define PQMCU_NIST_ntruhps2048677_NAME "ntruhps2048677"
#define PQMCU_NIST_ntruhps4096821_PK 1230
#define PQMCU_NIST_ntruhps4096821_SK 1590
#define PQMCU_NIST_ntruhps4096821_CT 1230
#define PQMCU_NIST_ntruhps4096821_SS 32
#define PQMCU_NIST_ntruhps4096821_NAME "ntruhps4096821"
#define PQMCU_NIST_ntruhps40961229_PK 1842
#define PQMCU_NIST_ntruhps40961229_SK 2366
#define PQMCU_NIST_ntruhps40961229_CT 1842
#define PQMCU_NIST_ntruhps40961229_SS 32
#define PQMCU_NIST_ntruhps40961229_NAME "ntruhps40961229"
#define PQMCU_NIST_ntruhrss701_PK 1138
#define PQMCU_NIST_ntruhrss701_SK 1450
#define PQMCU_NIST_ntruhrss701_CT 1138
#define PQMCU_NIST_ntruhrss701_SS 32
#define PQMCU_NIST_ntruhrss701_NAME "ntruhrss701"
#define PQMCU_NIST_ntruhrss1373_PK 2401
#define PQMCU_NIST_ntruhrss1373_SK 2983
#define PQMCU_NIST_ntruhrss1373_CT 2401
#define PQMCU_NIST_ntruhrss1373_SS 32
#define PQMCU_NIST_ntruhrss1373_NAME "ntruhrss1373"
/* Saber (src/saber) */
#define PQMCU_NIST_lightsaber_PK 672
#define PQMCU_NIST_lightsaber_SK 1568
#define PQMCU_NIST_lightsaber_CT 736
#define PQMCU_NIST_lightsaber_SS 32
#define PQMCU_NIST_lightsaber_NAME "LightSaber"
#define PQMCU_NIST_saber_PK 992
#define PQMCU_NIST_saber_SK 2304
#define PQMCU_NIST_saber_CT 1088
#define PQMCU_NIST_saber_SS 32
#define PQMCU_NIST_saber_NAME "Saber"
#define PQMCU_NIST_firesaber_PK 1312
#define PQMCU_NIST_firesaber_SK 3040
#define PQMCU_NIST_firesaber_CT 1472
#define PQMCU_NIST_firesaber_SS 32
#define PQMCU_NIST_firesaber_NAME "FireSaber"
/* Classic McEliece, round 4 (src/mceliece) */
#define PQMCU_NIST_mceliece348864_PK 261120
#define PQMCU_NIST_mceliece348864_SK 6492
#define PQMCU_NIST_mceliece348864_CT 96
#define PQMCU_NIST_mceliece348864_SS 32
#define PQMCU_NIST_mceliece348864_NAME "mceliece348864"
#define PQMCU_NIST_mceliece348864f_PK 261120
#define PQMCU_NIST_mceliece348864f_SK 6492
#define PQMCU_NIST_mceliece348864f_CT 96
#define PQMCU_NIST_mceliece348864f_SS 32
#define PQMCU_NIST_mceliece348864f_NAME "mceliece348864f"
#define PQMCU_NIST_mceliece348864pc_PK 261120
#define PQMCU_NIST_mceliece348864pc_SK 6492
#define PQMCU_NIST_mceliece348864pc_CT 128
#define PQMCU_NIST_mceliece348864pc_SS 32
#define PQMCU_NIST_mceliece348864pc_NAME "mceliece348864pc"
#define PQMCU_NIST_mceliece348864pcf_PK 261120
#define PQMCU_NIST_mceliece348864pcf_SK 6492
#define PQMCU_NIST_mceliece348864pcf_CT 128
#define PQMCU_NIST_mceliece348864pcf_SS 32
#define PQMCU_NIST_mceliece348864pcf_NAME "mceliece348864pcf"
#define PQMCU_NIST_mceliece460896_PK 524160
#define PQMCU_NIST_mceliece460896_SK 13608
#define PQMCU_NIST_mceliece460896_CT 156
#define PQMCU_NIST_mceliece460896_SS 32
#define PQMCU_NIST_mceliece460896_NAME "mceliece460896"
#define PQMCU_NIST_mceliece460896f_PK 524160
#define PQMCU_NIST_mceliece460896f_SK 13608
#define PQMCU_NIST_mceliece460896f_CT 156
#define PQMCU_NIST_mceliece460896f_SS 32
#define PQMCU_NIST_mceliece460896f_NAME "mceliece460896f"
#define PQMCU_NIST_mceliece460896pc_PK 524160
#define PQMCU_NIST_mceliece460896pc_SK 13608
#define PQMCU_NIST_mceliece460896pc_CT 188
#define PQMCU_NIST_mceliece460896pc_SS 32
#define PQMCU_NIST_mceliece460896pc_NAME "mceliece460896pc"
#define PQMCU_NIST_mceliece460896pcf_PK 524160
#define PQMCU_NIST_mceliece460896pcf_SK 13608
#define PQMCU_NIST_mceliece460896pcf_CT 188
#define PQMCU_NIST_mceliece460896pcf_SS 32
#define PQMCU_NIST_mceliece460896pcf_NAME "mceliece460896pcf"
#define PQMCU_NIST_mceliece6688128_PK 1044992
#define PQMCU_NIST_mceliece6688128_SK 13932
#define PQMCU_NIST_mceliece6688128_CT 208
#define PQMCU_NIST_mceliece6688128_SS 32
#define PQMCU_NIST_mceliece6688128_NAME "mceliece6688128"
#define PQMCU_NIST_mceliece6688128f_PK 1044992
#define PQMCU_NIST_mceliece6688128f_SK 13932
#define PQMCU_NIST_mceliece6688128f_CT 208
#define PQMCU_NIST_mceliece6688128f_SS 32
#define PQMCU_NIST_mceliece6688128f_NAME "mceliece6688128f"
#define PQMCU_NIST_mceliece6688128pc_PK 1044992
#define PQMCU_NIST_mceliece6688128pc_SK 13932
#define PQMCU_NIST_mceliece6688128pc_CT 240
#define PQMCU_NIST_mceliece6688128pc_SS 32
#define PQMCU_NIST_mceliece6688128pc_NAME "mceliece6688128pc"
#define PQMCU_NIST_mceliece6688128pcf_PK 1044992
#define PQMCU_NIST_mceliece6688128pcf_SK 13932
#define PQMCU_NIST_mceliece6688128pcf_CT 240
#define PQMCU_NIST_mceliece6688128pcf_SS 32
#define PQMCU_NIST_mceliece6688128pcf_NAME "mceliece6688128pcf"
#define PQMCU_NIST_mceliece6960119_PK 1047319
#define PQMCU_NIST_mceliece6960119_SK 13948
#define PQMCU_NIST_mceliece6960119_CT 194
#define PQMCU_NIST_mceliece6960119_SS 32
#define PQMCU_NIST_mceliece6960119_NAME "mceliece6960119"
#define PQMCU_NIST_mceliece6960119f_PK 1047319
#define PQMCU_NIST_mceliece6960119f_SK 13948
#define PQMCU_NIST_mceliece6960119f_CT 194
#define PQMCU_NIST_mceliece6960119f_SS 32
#define PQMCU_NIST_mceliece6960119f_NAME "mceliece6960119f"
#define PQMCU_NIST_mceliece6960119pc_PK 1047319
#define PQMCU_NIST_mceliece6960119pc_SK 13948
#define PQMCU_NIST_mceliece6960119pc_CT 226
#define PQMCU_NIST_mceliece6960119pc_SS 32
#define PQMCU_NIST_mceliece6960119pc_NAME "mceliece6960119pc"
#define PQMCU_NIST_mceliece6960119pcf_PK 1047319
#define PQMCU_NIST_mceliece6960119pcf_SK 13948
#define PQMCU_NIST_mceliece6960119pcf_CT 226
#define PQMCU_NIST_mceliece6960119pcf_SS 32
#define PQMCU_NIST_mceliece6960119pcf_NAME "mceliece6960119pcf"
#define PQMCU_NIST_mceliece8192128_PK 1357824
#define PQMCU_NIST_mceliece8192128_SK 14120
#define PQMCU_NIST_mceliece8192128_CT 208
#define PQMCU_NIST_mceliece8192128_SS 32
#define PQMCU_NIST_mceliece8192128_NAME "mceliece8192128"
#define PQMCU_NIST_mceliece8192128f_PK 1357824
#define PQMCU_NIST_mceliece8192128f_SK 14120
#define PQMCU_NIST_mceliece8192128f_CT 208
#define PQMCU_NIST_mceliece8192128f_SS 32
#define PQMCU_NIST_mceliece8192128f_NAME "mceliece8192128f"
#define PQMCU_NIST_mceliece8192128pc_PK 1357824
#define PQMCU_NIST_mceliece8192128pc_SK 14120
#define PQMCU_NIST_mceliece8192128pc_CT 240
#define PQMCU_NIST_mceliece8192128pc_SS 32
#define PQMCU_NIST_mceliece8192128pc_NAME "mceliece8192128pc"
#define PQMCU_NIST_mceliece8192128pcf_PK 1357824
#define PQMCU_NIST_mceliece8192128pcf_SK 14120
#define PQMCU_NIST_mceliece8192128pcf_CT 240
#define PQMCU_NIST_mceliece8192128pcf_SS 32
#define PQMCU_NIST_mceliece8192128pcf_NAME "mceliece8192128pcf"

/* ---- the compiled-in set ------------------------------------------------ */
#define PQMCU_NIST_KEM_FIELD_(set, field) PQMCU_NIST_##set##_##field
#define PQMCU_NIST_KEM_FIELD(set, field) PQMCU_NIST_KEM_FIELD_(set, field)

#if defined(PQMCU_NIST_KEM_SET)
#define CRYPTO_PUBLICKEYBYTES PQMCU_NIST_KEM_FIELD(PQMCU_NIST_KEM_SET, PK)
#define CRYPTO_SECRETKEYBYTES PQMCU_NIST_KEM_FIELD(PQMCU_NIST_KEM_SET, SK)
#define CRYPTO_CIPHERTEXTBYTES PQMCU_NIST_KEM_FIELD(PQMCU_NIST_KEM_SET, CT)
#define CRYPTO_BYTES PQMCU_NIST_KEM_FIELD(PQMCU_NIST_KEM_SET, SS)
#define CRYPTO_ALGNAME PQMCU_NIST_KEM_FIELD(PQMCU_NIST_KEM_SET, NAME)
#elif !defined(PQMCU_NIST_NO_SET)
#error "pqmcu/nist_kem.h: define PQMCU_NIST_KEM_SET (link a library made by pqmcu_add_nist_kem_library), or PQMCU_NIST_NO_SET for the table only"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* pk: CRYPTO_PUBLICKEYBYTES, sk: CRYPTO_SECRETKEYBYTES. */
int crypto_kem_keypair(unsigned char* pk, unsigned char* sk);

/* ct: CRYPTO_CIPHERTEXTBYTES, ss: CRYPTO_BYTES, for the public key pk. */
int crypto_kem_enc(unsigned char* ct, unsigned char* ss, const unsigned char* pk);

/* ss: CRYPTO_BYTES, the shared secret of ct under the secret key sk (for a
   tampered ct: the implicit-rejection secret, still returning 0). */
int crypto_kem_dec(unsigned char* ss, const unsigned char* ct, const unsigned char* sk);

/* Bytes of the library's static workspace (for RAM budgets). */
size_t pqmcu_nist_kem_workspace_bytes(void);

#ifdef __cplusplus
}
#endif
#endif
