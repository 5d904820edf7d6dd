/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* PQMCU_API marks the functions and classes of the public API. The library
   is built with hidden visibility, so a shared libpqmcu exports these and
   nothing else (no internal symbol can clash with a program's own). */
#ifndef PQMCU_EXPORT_H
#define PQMCU_EXPORT_H
#if defined(__GNUC__) || defined(__clang__)
#define PQMCU_API __attribute__((visibility("default")))
#else
#define PQMCU_API
#endif
#endif
