// SPDX-License-Identifier: Apache-2.0 OR MIT
// Times one upstream reference build through its NIST signature API
// (crypto_sign_keypair / crypto_sign_signature / crypto_sign_verify), compiled by
// scripts/bench-x86.sh against that build's objects. Prints
// "ref <keygen µs> <sign µs> <verify µs>", the minimum of the iterations after
// one warm-up call (as pqmcu_bench_api: drops calls preempted on a loaded host). Randomness: a cheap generator (as pqmcu_bench_api uses), when
// the build takes it from randombytes().
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api.h"

#ifndef SIGLEN_T
#define SIGLEN_T size_t
#endif

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static void fast_fill(unsigned char* out, unsigned long long n) {
    for (unsigned long long i = 0; i < n; ++i) {
        g_rng ^= g_rng << 13;
        g_rng ^= g_rng >> 7;
        g_rng ^= g_rng << 17;
        out[i] = (unsigned char)g_rng;
    }
}
#if defined(BENCH_PROVIDE_RANDOMBYTES)
int randombytes(unsigned char* x, unsigned long long xlen) {
    fast_fill(x, xlen);
    return 0;
}
#endif

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}
static int cmp(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}
static double median(double* v, int n) { /* the per-process statistic: the minimum */
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[0];
}

int main(int argc, char** argv) {
    int iters = argc > 1 ? atoi(argv[1]) : 3;
    if (iters < 1) iters = 1;
    if (iters > 1000) iters = 1000;
    static unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES], sig[CRYPTO_BYTES];
    unsigned char msg[32];
    fast_fill(msg, sizeof msg);
    static double t[3][1000];
    for (int it = -1; it < iters; ++it) {
        SIGLEN_T siglen = 0;
        double t0 = now_us();
        const int rk = crypto_sign_keypair(pk, sk);
        double t1 = now_us();
        const int rs = crypto_sign_signature(sig, &siglen, msg, sizeof msg, sk);
        double t2 = now_us();
        const int rv = crypto_sign_verify(sig, siglen, msg, sizeof msg, pk);
        double t3 = now_us();
        if (rk != 0 || rs != 0 || rv != 0) {
            fprintf(stderr, "reference call failed: keypair %d, sign %d, verify %d\n", rk, rs, rv);
            return 1;
        }
        if (it >= 0) {
            t[0][it] = t1 - t0;
            t[1][it] = t2 - t1;
            t[2][it] = t3 - t2;
        }
    }
    printf("ref %.2f %.2f %.2f\n", median(t[0], iters), median(t[1], iters), median(t[2], iters));
    return 0;
}
