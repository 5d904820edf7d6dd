// SPDX-License-Identifier: Apache-2.0 OR MIT
/* NIST PQC KAT interface (rng.h shape) over pqmcu's AES-256 CTR_DRBG.
   One process-wide generator; not thread safe. security_strength is
   accepted for compatibility and ignored (always AES-256). */
#ifndef PQMCU_RNG_RANDOMBYTES_H
#define PQMCU_RNG_RANDOMBYTES_H

#ifdef __cplusplus
extern "C" {
#endif

void randombytes_init(unsigned char* entropy_input, unsigned char* personalization_string, int security_strength);
/* Returns 0 on success, -1 when called before randombytes_init. */
int randombytes(unsigned char* x, unsigned long long xlen);

/* The same functions under the library prefix, for builds that already
   link another randombytes. */
void pqmcu_randombytes_init(unsigned char* entropy_input, unsigned char* personalization_string,
                            int security_strength);
int pqmcu_randombytes(unsigned char* x, unsigned long long xlen);

#ifdef __cplusplus
}
#endif
#endif
