/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A C program against the installed pqmcu: sign, verify, reject a tampered
   signature, refuse an unknown name. Exit 0 when everything behaves. */
#include <pqmcu/pqmcu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(int ok, const char* what) {
    if (!ok) fprintf(stderr, "consumer_c: %s\n", what);
    return ok ? 0 : 1;
}

int main(void) {
    const char* name = "mqom2_cat1_gf16_fast_r5";
    size_t pk_len = 0, sk_len = 0, sig_len = 0;
    int bad = 0;
    bad += check(pqmcu_sign_count() > 0, "no signature algorithms");
    bad += check(pqmcu_sign_sizes(name, &pk_len, &sk_len, &sig_len) == PQMCU_OK, "sizes");
    bad += check(pqmcu_sign_sizes("no-such-algorithm", &pk_len, NULL, NULL) == PQMCU_UNKNOWN_NAME, "unknown name");
    if (bad) return 1;
    uint8_t* pk = malloc(pk_len);
    uint8_t* sk = malloc(sk_len);
    uint8_t* sig = malloc(sig_len);
    const uint8_t msg[] = "firmware image";
    size_t written = sig_len;
    bad += check(pk && sk && sig, "out of memory");
    if (!bad) {
        bad += check(pqmcu_sign_keypair(name, pk, pk_len, sk, sk_len) == PQMCU_OK, "keypair");
        bad += check(pqmcu_sign_signature(name, sig, &written, msg, sizeof msg, sk, sk_len) == PQMCU_OK, "sign");
        bad += check(pqmcu_sign_verify(name, sig, written, msg, sizeof msg, pk, pk_len) == PQMCU_OK, "verify");
        sig[written / 2] ^= 1;
        bad += check(pqmcu_sign_verify(name, sig, written, msg, sizeof msg, pk, pk_len) == PQMCU_VERIFY_FAILED,
                     "tampered signature accepted");
        bad += check(strcmp(pqmcu_status_message(PQMCU_BAD_LENGTH), "wrong buffer length") == 0, "status text");
    }
    free(pk);
    free(sk);
    free(sig);
    if (!bad) printf("consumer_c: ok (%s, %zu-byte signature)\n", name, written);
    return bad ? 1 : 0;
}
