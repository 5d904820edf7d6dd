// SPDX-License-Identifier: Apache-2.0 OR MIT
/* pqmcu C API (hosts): detached signatures and KEMs by algorithm name.
 *
 * Every function returns a pqmcu status: 0 on success, a negative PQMCU_*
 * code otherwise (pqmcu_status_message() names it). Lengths are checked.
 * Workspaces are on the heap, one per thread and algorithm, kept for reuse
 * and wiped after every call; calls are thread safe. Randomness comes from the operating system unless
 * pqmcu_set_random() installs another source (e.g. the NIST KAT generator).
 *
 * For one compiled-in parameter set with the NIST shapes (crypto_sign_keypair,
 * crypto_sign, crypto_sign_open), link a pqmcu_nist_<set> library and include
 * pqmcu/nist_sign.h. */
#ifndef PQMCU_H
#define PQMCU_H

#include <stddef.h>
#include <stdint.h>

#include "pqmcu/export.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    PQMCU_OK = 0,
    PQMCU_BAD_LENGTH = -1,
    PQMCU_BAD_ARGUMENT = -2,
    PQMCU_UNSUPPORTED = -3,
    PQMCU_VERIFY_FAILED = -4,
    PQMCU_MALFORMED_INPUT = -5,
    PQMCU_UNKNOWN_NAME = -6,
    PQMCU_INTERNAL_ERROR = -7
};

PQMCU_API const char* pqmcu_status_message(int status);

/* Number of signature algorithms and the name of the i-th (NULL past the end). */
PQMCU_API size_t pqmcu_sign_count(void);
PQMCU_API const char* pqmcu_sign_name(size_t index);

PQMCU_API int pqmcu_sign_sizes(const char* name, size_t* pk_bytes, size_t* sk_bytes, size_t* sig_bytes);
PQMCU_API int pqmcu_sign_keypair(const char* name, uint8_t* pk, size_t pk_len, uint8_t* sk, size_t sk_len);
/* sig_len: in, the capacity of sig; out, the signature length. */
PQMCU_API int pqmcu_sign_signature(const char* name, uint8_t* sig, size_t* sig_len, const uint8_t* msg, size_t msg_len,
                         const uint8_t* sk, size_t sk_len);
PQMCU_API int pqmcu_sign_verify(const char* name, const uint8_t* sig, size_t sig_len, const uint8_t* msg, size_t msg_len,
                      const uint8_t* pk, size_t pk_len);

/* Hash-then-sign: a message of any size absorbed in chunks into a digest
 * state, then signed / verified by its digest (the same signature as
 * pqmcu_sign_signature on the whole message with the same randomness).
 *   pqmcu_message_digest md;  pqmcu_sign_digest_init(name, &md);
 *   pqmcu_sign_digest_absorb(&md, chunk, n); ...
 *   pqmcu_sign_digest_final(&md, digest, digest_len);   (digest_len: pqmcu_sign_digest_bytes)
 *   pqmcu_sign_digest_signature(name, sig, &sig_len, digest, digest_len, sk, sk_len); */
#define PQMCU_MAX_MESSAGE_DIGEST_BYTES 64
typedef struct pqmcu_message_digest {
    uint64_t opaque[36];
} pqmcu_message_digest;
PQMCU_API int pqmcu_sign_digest_bytes(const char* name, size_t* digest_bytes);
PQMCU_API int pqmcu_sign_digest_init(const char* name, pqmcu_message_digest* md);
PQMCU_API int pqmcu_sign_digest_absorb(pqmcu_message_digest* md, const uint8_t* in, size_t len);
PQMCU_API int pqmcu_sign_digest_final(pqmcu_message_digest* md, uint8_t* digest, size_t digest_len);
PQMCU_API int pqmcu_sign_digest_signature(const char* name, uint8_t* sig, size_t* sig_len, const uint8_t* digest,
                                          size_t digest_len, const uint8_t* sk, size_t sk_len);
PQMCU_API int pqmcu_sign_digest_verify(const char* name, const uint8_t* sig, size_t sig_len, const uint8_t* digest,
                                       size_t digest_len, const uint8_t* pk, size_t pk_len);

/* Number of KEMs and the name of the i-th (NULL past the end). */
/* Expanded keys kept between calls (MAYO; pqmcu::ExpandedKey in C++): expand a
 * secret key once, then sign many messages without re-expanding it (MAYO's
 * compact sign spends most of its time there); the same for a public key and
 * verify. Worth it when one key signs / verifies many messages; the key takes
 * memory (~100 KB to ~0.9 MB) and a secret one holds secrets: free it with
 * pqmcu_expanded_key_free (which wipes it) when done. Other families give
 * PQMCU_BAD_ARGUMENT. *key receives NULL on failure. */
typedef struct pqmcu_expanded_key pqmcu_expanded_key;
PQMCU_API int pqmcu_sign_expand_secret_key(const char* name, pqmcu_expanded_key** key, const uint8_t* sk,
                                           size_t sk_len);
PQMCU_API int pqmcu_sign_expand_public_key(const char* name, pqmcu_expanded_key** key, const uint8_t* pk,
                                           size_t pk_len);
/* sig_len: in, the capacity of sig; out, the signature length. */
PQMCU_API int pqmcu_sign_expanded_signature(const pqmcu_expanded_key* key, uint8_t* sig, size_t* sig_len,
                                            const uint8_t* msg, size_t msg_len);
PQMCU_API int pqmcu_sign_expanded_verify(const pqmcu_expanded_key* key, const uint8_t* sig, size_t sig_len,
                                         const uint8_t* msg, size_t msg_len);
PQMCU_API void pqmcu_expanded_key_free(pqmcu_expanded_key* key);

PQMCU_API size_t pqmcu_kem_count(void);
PQMCU_API const char* pqmcu_kem_name(size_t index);

PQMCU_API int pqmcu_kem_sizes(const char* name, size_t* pk_bytes, size_t* sk_bytes, size_t* ct_bytes,
                              size_t* ss_bytes);
PQMCU_API int pqmcu_kem_keypair(const char* name, uint8_t* pk, size_t pk_len, uint8_t* sk, size_t sk_len);
PQMCU_API int pqmcu_kem_encapsulate(const char* name, uint8_t* ct, size_t ct_len, uint8_t* ss, size_t ss_len,
                                    const uint8_t* pk, size_t pk_len);
/* A tampered ciphertext is not an error: ss receives the implicit-rejection
   secret (pseudo-random), in the same time as a valid decapsulation. */
PQMCU_API int pqmcu_kem_decapsulate(const char* name, uint8_t* ss, size_t ss_len, const uint8_t* ct, size_t ct_len,
                                    const uint8_t* sk, size_t sk_len);

/* Installs the randomness used by every keypair / signature / encapsulation
 * (NULL restores the OS generator). fill returns 0 on success. The setting is
 * process-wide: install it before other threads call the library; fill must
 * itself be thread safe if several threads then call it. */
PQMCU_API void pqmcu_set_random(int (*fill)(void* ctx, uint8_t* out, size_t n), void* ctx);

#ifdef __cplusplus
}
#endif
#endif
