// SPDX-License-Identifier: Apache-2.0 OR MIT
// Secure-boot bootloader: receives a framed image + signature on the UART
// (protocol.hpp), checks the header and every chunk (CRC-32), verifies the
// signature with the public key compiled in, then copies the image to its
// execution address and jumps to it (VTOR, MSP, reset vector). Anything
// else: one "boot: refused: ..." line and exit code kRefused.
// One firmware per scheme: PQMCU_BOOT_MAYO2, PQMCU_BOOT_MQOM (the signature
// whole in RAM, then Scheme::verify) or PQMCU_BOOT_MQOM_STREAM (MQOM's
// streaming variant: each signature chunk goes to a VerifyStream as it
// arrives, the signature is never whole in RAM).
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "m4/bench_mark.hpp"
#include "m4/console.hpp"
#include "m4/exit.hpp"
#include "m4/format.hpp"
#include "m4/regs.hpp"
#include "m4/stack.hpp"
#include "protocol.hpp"
#include "uart_rx.hpp"

#if defined(PQMCU_BOOT_MAYO2)
#include "mayo/scheme.hpp"
using Verifier = pqmcu::mayo::Scheme<pqmcu::mayo::mayo_2, pqmcu::mayo::Streamed>;
constexpr auto kSchemeId = pqmcu::boot::SchemeId::mayo2;
#elif defined(PQMCU_BOOT_MQOM) || defined(PQMCU_BOOT_MQOM_STREAM)
#if !defined(PQMCU_BOOT_MQOM_PROFILE)
#define PQMCU_BOOT_MQOM_PROFILE Memory
#endif
#if defined(PQMCU_BOOT_MQOM)
#include "mqom/scheme.hpp"
using Verifier = pqmcu::mqom::Scheme<pqmcu::mqom::mqom2_cat1_gf16_fast_r5, pqmcu::mqom::PQMCU_BOOT_MQOM_PROFILE>;
constexpr auto kSchemeId = pqmcu::boot::SchemeId::mqom2_cat1_gf16_fast_r5;
#else
#include "mqom/stream.hpp"
using Verifier = pqmcu::mqom::StreamScheme<pqmcu::mqom::mqom2_cat1_gf16_fast_r5, pqmcu::mqom::PQMCU_BOOT_MQOM_PROFILE>;
constexpr auto kSchemeId = pqmcu::boot::SchemeId::mqom2_cat1_gf16_fast_r5_stream;
#define PQMCU_BOOT_STREAMING 1
#endif
#else
#error "define PQMCU_BOOT_MAYO2, PQMCU_BOOT_MQOM or PQMCU_BOOT_MQOM_STREAM"
#endif

extern const uint8_t boot_public_key[];
extern const size_t boot_public_key_bytes;
extern "C" char __pqmcu_data_start[], __pqmcu_bss_end[];

namespace {
using namespace pqmcu;
using m4::print;

constexpr int kRefused = 2;  // semihosting exit code of a refused image

// Where images land and run (firmware.cmake, per board): the staging slot
// stands for a flash slot; the execution address is SRAM the bootloader does
// not use (app.ld.in links the application there).
constexpr uintptr_t kStagingSlot = BOOT_STAGING;
constexpr uintptr_t kExecAddress = BOOT_EXEC;
constexpr size_t kMaxImage = BOOT_MAX_IMAGE;
// Largest chunk this bootloader takes (protocol: at most boot::kMaxChunk).
#if defined(BOOT_MAX_CHUNK)
constexpr size_t kMaxChunk = BOOT_MAX_CHUNK;
#else
constexpr size_t kMaxChunk = boot::kMaxChunk;
#endif
static_assert(kMaxChunk >= 1 && kMaxChunk <= boot::kMaxChunk);


[[noreturn]] void refuse(const char* why) {
    print("boot: refused: %s\n", why);
    m4::exit(kRefused);
}

// Receives n bytes or refuses (a truncated transfer times out here).
void receive(uint8_t* dst, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        int c = boot::uart_getc_timeout();
        if (c < 0) refuse("transfer timed out (truncated frame)");
        dst[i] = uint8_t(c);
    }
}

// Receives one part of the frame (image or signature, `total` bytes) in
// chunks: each lands at dest(offset), is checked against its CRC (with the
// running sequence number) and only then handed to use(chunk, n).
template <class Dest, class Use>
void receive_part(uint32_t total, uint32_t chunk, uint32_t& seq, Dest&& dest, Use&& use) {
    for (uint32_t off = 0; off < total; off += chunk) {
        const uint32_t n = total - off < chunk ? total - off : chunk;
        uint8_t* p = dest(off);
        receive(p, n);
        uint8_t crc[4];
        receive(crc, 4);
        if (boot::load_le32(crc) != boot::chunk_crc(seq, p, n)) refuse("CRC mismatch (garbled transfer)");
        ++seq;
        use(p, n);
    }
}

#if defined(PQMCU_BOOT_STREAMING)
// The signature chunk by chunk into the streaming verifier (its object holds
// all it keeps between chunks); pqmcu_bench_mark pairs around each call, so
// the cycles are the verifier's, not the UART's.
Verifier::VerifyStream g_stream;
uint8_t g_chunk[kMaxChunk];

struct SignatureSink {
    static constexpr size_t buffer_bytes = sizeof g_stream + sizeof g_chunk;
    void begin(const uint8_t* image, uint32_t image_len) {
        m4::stack_paint();
        pqmcu_bench_mark(0);
        st_ = g_stream.init(boot_public_key, image, image_len);
        pqmcu_bench_mark(1);
    }
    uint8_t* dest(uint32_t) { return g_chunk; }
    void take(const uint8_t* chunk, uint32_t n) {
        if (st_ != Status::ok) return;  // known bad: the rest is only received (and CRC-checked)
        pqmcu_bench_mark(2);
        st_ = g_stream.update(chunk, n);
        pqmcu_bench_mark(3);
    }
    Status finish(const uint8_t*, uint32_t) {
        pqmcu_bench_mark(4);
        const Status st = g_stream.final();
        pqmcu_bench_mark(5);
        return st_ == Status::ok ? st : st_;
    }
    Status st_ = Status::ok;
};
#else
// The signature whole in RAM, then one verify call.
Verifier::VerifyWorkspace g_ws;
uint8_t g_sig[Verifier::sig_bytes];

struct SignatureSink {
    static constexpr size_t buffer_bytes = sizeof g_ws + sizeof g_sig;
    void begin(const uint8_t*, uint32_t) {}
    uint8_t* dest(uint32_t off) { return g_sig + off; }
    void take(const uint8_t*, uint32_t) {}
    Status finish(const uint8_t* image, uint32_t image_len) {
        m4::stack_paint();
        pqmcu_bench_mark(0);
        const Status st = Verifier::verify(boot_public_key, image, image_len, g_sig, sizeof g_sig, g_ws);
        pqmcu_bench_mark(1);
        return st;
    }
};
#endif

[[noreturn]] void jump_to(uintptr_t image) {
    const uint32_t* vt = reinterpret_cast<const uint32_t*>(image);
    const uint32_t sp = vt[0], pc = vt[1];
    m4::mmio(0xE000ED94) = 0;  // MPU off: the application sets up its own guard
    m4::mmio(0xE000ED08) = uint32_t(image);  // VTOR
    __asm volatile("dsb\nisb\nmsr msp, %0\nbx %1\n" : : "r"(sp), "r"(pc | 1u) : "memory");
    __builtin_unreachable();
}

}  // namespace

int main() {
    print("boot: pqmcu secure boot, %s%s (verifier buffers %u B)\n", Verifier::name,
#if defined(PQMCU_BOOT_STREAMING)
          ", streaming verification",
#else
          "",
#endif
          unsigned(SignatureSink::buffer_bytes));
    boot::uart_rx_init();

    uint8_t head[boot::kHeaderBytes];
    receive(head, boot::kHeaderBytes);
    if (std::memcmp(head, boot::kMagic, 4) != 0) refuse("bad magic");
    boot::Crc32 head_crc;
    head_crc.update(head, 16);
    if (head_crc.value() != boot::load_le32(head + 16)) refuse("header CRC mismatch (garbled transfer)");
    if (head[4] != boot::kVersion) refuse("unknown frame version");
    if (head[5] != uint8_t(kSchemeId)) refuse("image signed for another scheme");
    const uint32_t chunk = uint32_t(head[6]) | uint32_t(head[7]) << 8;
    const uint32_t image_len = boot::load_le32(head + 8), sig_len = boot::load_le32(head + 12);
    if (chunk == 0 || chunk > kMaxChunk) refuse("bad chunk size");
    if (image_len < 8 || image_len > kMaxImage) refuse("bad image length");
    if (sig_len != Verifier::sig_bytes) refuse("bad signature length");

    // The image goes to the staging slot, checked chunk by chunk; then the
    // signature, each chunk checked before the verifier sees it.
    uint8_t* staged = reinterpret_cast<uint8_t*>(kStagingSlot);
    uint32_t seq = 0;
    receive_part(image_len, chunk, seq, [&](uint32_t off) { return staged + off; }, [](const uint8_t*, uint32_t) {});
    SignatureSink sink;
    sink.begin(staged, image_len);
    receive_part(sig_len, chunk, seq, [&](uint32_t off) { return sink.dest(off); },
                 [&](const uint8_t* p, uint32_t n) { sink.take(p, n); });
    const Status st = sink.finish(staged, image_len);
    const size_t peak = m4::stack_peak_bytes();
    const size_t static_ram = size_t(__pqmcu_bss_end - __pqmcu_data_start);
    print("boot: frame ok: image %u B, signature %u B in %u-byte chunks\n", unsigned(image_len), unsigned(sig_len),
          unsigned(chunk));
    print("boot: verify stack %u B, static RAM %u B, total %u B\n", unsigned(peak), unsigned(static_ram),
          unsigned(peak + static_ram));
    if (st != Status::ok) refuse("signature does not verify");

    print("boot: signature ok, starting the application at 0x%x\n", unsigned(kExecAddress));
    m4::console_flush();
    std::memcpy(reinterpret_cast<void*>(kExecAddress), staged, image_len);
    jump_to(kExecAddress);
}
