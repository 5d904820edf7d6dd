// SPDX-License-Identifier: Apache-2.0 OR MIT
// What a freestanding C++ program may still pull in. The library has no heap:
// if anything reaches an allocator, the firmware stops with exit_heap_used and
// names the caller, instead of silently growing into the stack.
#include <cstddef>
#include <cstdint>

#include "m4/exit.hpp"
#include "m4/format.hpp"

namespace {
[[noreturn]] void trap(const char* what, int code) {
    void* caller = __builtin_return_address(0);
    pqmcu::m4::print("\nFATAL: %s called (from %p); no heap on this platform\n", what, caller);
    pqmcu::m4::exit(code);
}
[[noreturn]] __attribute__((noinline)) void heap(const char* what) { trap(what, pqmcu::m4::exit_heap_used); }
}  // namespace

extern "C" {
void* malloc(size_t) { heap("malloc"); }
void* calloc(size_t, size_t) { heap("calloc"); }
void* realloc(void*, size_t) { heap("realloc"); }
void free(void*) { heap("free"); }
void* _sbrk(ptrdiff_t) { heap("_sbrk"); }
void* _malloc_r(void*, size_t) { heap("_malloc_r"); }
void _free_r(void*, void*) { heap("_free_r"); }

[[noreturn]] void abort() {
    pqmcu::m4::print("\nFATAL: abort\n");
    pqmcu::m4::exit(pqmcu::m4::exit_abort);
}
void __cxa_pure_virtual() {
    pqmcu::m4::print("\nFATAL: pure virtual call\n");
    pqmcu::m4::exit(pqmcu::m4::exit_abort);
}
// Static destructors never run (firmware never returns), so registering is a no-op.
int __aeabi_atexit(void*, void (*)(void*), void*) { return 0; }
int __cxa_atexit(void (*)(void*), void*, void*) { return 0; }
int atexit(void (*)()) { return 0; }
void* __dso_handle = nullptr;
// Single-threaded guards for function-local statics (if built with thread-safe statics).
int __cxa_guard_acquire(uint32_t* g) { return (*g & 1u) == 0; }
void __cxa_guard_release(uint32_t* g) { *g = 1u; }
void __cxa_guard_abort(uint32_t*) {}
}

void* operator new(size_t) { heap("operator new"); }
void* operator new[](size_t) { heap("operator new[]"); }
void operator delete(void*) noexcept { heap("operator delete"); }
void operator delete[](void*) noexcept { heap("operator delete[]"); }
void operator delete(void*, size_t) noexcept { heap("operator delete"); }
void operator delete[](void*, size_t) noexcept { heap("operator delete[]"); }
