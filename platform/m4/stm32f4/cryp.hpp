// SPDX-License-Identifier: Apache-2.0 OR MIT
// STM32F4 CRYP peripheral (STM32F415/417/437/439) as an AES-128-ECB engine
// for cipher::Backend::external (cipher::ExternalAes128).
//
// Facts from the reference manual RM0090 (CRYP chapter, DMA request mapping,
// RCC): CRYP at 0x50060000 on AHB2 (clock: RCC_AHB2ENR.CRYPEN); 8-word input
// and output FIFOs; AES-128 key in K2LR..K3RR (key bits 127..0, big-endian
// words); DATATYPE = 8-bit makes the peripheral byte-swap each word, so the
// little-endian words the core loads from memory carry the AES bytes in memory
// order. DMA: DMA2 channel 2, stream 6 = CRYP_IN (memory to peripheral),
// stream 5 = CRYP_OUT (peripheral to memory).
//
// Two modes: polling (the core moves every word, watching IFNF/OFNE) and DMA
// (DMA2 moves the words; the core waits for the CRYP_OUT stream's transfer-
// complete flag). DMA cannot reach the 64 KB CCM (0x10000000) and wants word
// aligned buffers; other buffers (MQOM's stack buffers: the stack lives in CCM
// on these boards) go through a bounce buffer the caller supplies in SRAM.
//
// Register access is a policy (`Bus`) so the sequencing can be unit-tested on
// the host against a register model (tests/unit/fake_cryp.hpp); the board
// instance over real memory-mapped registers is in cryp.cpp. Every wait is
// bounded: a peripheral that never answers gives Status::internal_error
// (the engine hook then reports the fault; MQOM wipes its output).
//
// Bus concept:
//   uint32_t read(uint32_t addr); void write(uint32_t addr, uint32_t value);
//   uint32_t dma_address(const void* p, size_t n); // address DMA2 uses for [p, p+n)
//   bool dma_capable(const void* p, size_t n);   // DMA2 reaches [p, p+n) (not CCM)
//   void fence();                                // order CPU memory accesses vs DMA
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "cipher/block_cipher.hpp"
#include "core/status.hpp"

namespace pqmcu::m4::stm32f4 {

namespace rcc {
constexpr uint32_t base = 0x40023800;
constexpr uint32_t ahb1enr = base + 0x30;
constexpr uint32_t ahb2enr = base + 0x34;
constexpr uint32_t ahb1enr_dma2en = 1u << 22;
constexpr uint32_t ahb2enr_crypen = 1u << 4;
}  // namespace rcc

namespace cryp {
constexpr uint32_t base = 0x50060000;
constexpr uint32_t cr = base + 0x00;
constexpr uint32_t sr = base + 0x04;
constexpr uint32_t din = base + 0x08;
constexpr uint32_t dout = base + 0x0C;
constexpr uint32_t dmacr = base + 0x10;
constexpr uint32_t k0lr = base + 0x20;  // K0LR K0RR K1LR K1RR K2LR K2RR K3LR K3RR, 4 bytes apart
constexpr uint32_t k2lr = base + 0x30;  // AES-128: key bits 127..96
constexpr uint32_t k2rr = base + 0x34;
constexpr uint32_t k3lr = base + 0x38;
constexpr uint32_t k3rr = base + 0x3C;  // key bits 31..0

constexpr uint32_t cr_algodir = 1u << 2;             // 0 = encrypt
constexpr uint32_t cr_algomode_shift = 3;            // ALGOMODE[2:0]
constexpr uint32_t cr_algomode_aes_ecb = 4u << 3;
constexpr uint32_t cr_algomode3 = 1u << 19;          // ALGOMODE[3] (GCM/CCM on F43x), 0 here
constexpr uint32_t cr_datatype_shift = 6;
constexpr uint32_t cr_datatype_8bit = 2u << 6;
constexpr uint32_t cr_keysize_shift = 8;
constexpr uint32_t cr_keysize_128 = 0u << 8;
constexpr uint32_t cr_fflush = 1u << 14;
constexpr uint32_t cr_crypen = 1u << 15;

constexpr uint32_t sr_ifem = 1u << 0;  // input FIFO empty
constexpr uint32_t sr_ifnf = 1u << 1;  // input FIFO not full
constexpr uint32_t sr_ofne = 1u << 2;  // output FIFO not empty
constexpr uint32_t sr_offu = 1u << 3;  // output FIFO full
constexpr uint32_t sr_busy = 1u << 4;

constexpr uint32_t dmacr_dien = 1u << 0;
constexpr uint32_t dmacr_doen = 1u << 1;
}  // namespace cryp

namespace dma2 {
constexpr uint32_t base = 0x40026400;
constexpr uint32_t hisr = base + 0x04;   // streams 4..7
constexpr uint32_t hifcr = base + 0x0C;  // write 1 to clear
constexpr uint32_t stream(unsigned s) { return base + 0x10 + 0x18 * s; }
constexpr uint32_t sxcr(unsigned s) { return stream(s) + 0x00; }
constexpr uint32_t sxndtr(unsigned s) { return stream(s) + 0x04; }
constexpr uint32_t sxpar(unsigned s) { return stream(s) + 0x08; }
constexpr uint32_t sxm0ar(unsigned s) { return stream(s) + 0x0C; }
constexpr uint32_t sxfcr(unsigned s) { return stream(s) + 0x14; }

constexpr unsigned stream_out = 5;  // CRYP_OUT
constexpr unsigned stream_in = 6;   // CRYP_IN
constexpr uint32_t channel = 2;

constexpr uint32_t cr_en = 1u << 0;
constexpr uint32_t cr_dir_shift = 6;
constexpr uint32_t cr_dir_p2m = 0u << 6;
constexpr uint32_t cr_dir_m2p = 1u << 6;
constexpr uint32_t cr_minc = 1u << 10;
constexpr uint32_t cr_psize_32 = 2u << 11;
constexpr uint32_t cr_msize_32 = 2u << 13;
constexpr uint32_t cr_pl_high = 2u << 16;
constexpr uint32_t cr_chsel_shift = 25;
constexpr uint32_t max_items = 0xFFFF;  // SxNDTR is 16 bits

// HISR/HIFCR bits of stream 4 + k start at {0, 6, 16, 22}[k]: FEIF +0, DMEIF +2, TEIF +3, HTIF +4, TCIF +5.
constexpr unsigned flag_base(unsigned s) { return s == 4 ? 0 : s == 5 ? 6 : s == 6 ? 16 : 22; }
constexpr uint32_t all_flags(unsigned s) { return 0x3Du << flag_base(s); }
constexpr uint32_t tcif(unsigned s) { return 1u << (flag_base(s) + 5); }
constexpr uint32_t teif(unsigned s) { return 1u << (flag_base(s) + 3); }
constexpr uint32_t dmeif(unsigned s) { return 1u << (flag_base(s) + 2); }
}  // namespace dma2

enum class CrypMode : uint8_t { polling, dma };

struct CrypConfig {
    CrypMode mode = CrypMode::polling;
    // Status polls before a wait gives up (a CRYP block takes ~14 AHB cycles;
    // a DMA transfer of n blocks a few times that per block).
    uint32_t timeout_polls = 100000;
    // DMA mode: SRAM buffer (word aligned, not CCM) for blocks DMA cannot
    // reach in place; a multiple of 16 bytes, at least 16. Wiped after use.
    uint8_t* bounce = nullptr;
    size_t bounce_bytes = 0;
};

template <class Bus>
class Cryp {
public:
    explicit Cryp(const Bus& bus = Bus{}, const CrypConfig& cfg = CrypConfig{}) : bus_(bus), cfg_(cfg) {}

    Bus& bus() { return bus_; }

    // Clocks on (CRYP; DMA2 in DMA mode), peripheral off, FIFOs flushed.
    // bad_argument if the DMA mode lacks a usable bounce buffer.
    Status init() {
        keyed_ = false;
        if (cfg_.mode == CrypMode::dma) {
            if (cfg_.bounce == nullptr || cfg_.bounce_bytes < 16 || cfg_.bounce_bytes % 16 != 0 ||
                !bus_.dma_capable(cfg_.bounce, cfg_.bounce_bytes) ||
                bus_.dma_address(cfg_.bounce, cfg_.bounce_bytes) % 4 != 0)
                return Status::bad_argument;
            bus_.write(rcc::ahb1enr, bus_.read(rcc::ahb1enr) | rcc::ahb1enr_dma2en);
        }
        bus_.write(rcc::ahb2enr, bus_.read(rcc::ahb2enr) | rcc::ahb2enr_crypen);
        (void)bus_.read(rcc::ahb2enr);  // RM0090: a read-back gives the clock time to start
        bus_.write(cryp::cr, kConfig);
        bus_.write(cryp::cr, kConfig | cryp::cr_fflush);
        bus_.write(cryp::dmacr, 0);
        initialised_ = true;
        return Status::ok;
    }

    // Loads the 16-byte key (the peripheral must be idle and disabled: it is
    // between calls, see the invariant below).
    Status set_key(const uint8_t key[16]) {
        if (!initialised_) return Status::bad_argument;
        if (key == nullptr) return Status::bad_argument;
        if ((bus_.read(cryp::sr) & cryp::sr_busy) && !wait_clear(cryp::sr, cryp::sr_busy)) return fail();
        bus_.write(cryp::k2lr, be32(key));
        bus_.write(cryp::k2rr, be32(key + 4));
        bus_.write(cryp::k3lr, be32(key + 8));
        bus_.write(cryp::k3rr, be32(key + 12));
        keyed_ = true;
        return Status::ok;
    }

    // ECB encryption of nblocks 16-byte blocks under the loaded key; in == out allowed.
    Status encrypt(const uint8_t* in, uint8_t* out, size_t nblocks) {
        if (nblocks == 0) return Status::ok;
        if (in == nullptr || out == nullptr) return Status::bad_argument;
        if (!initialised_ || !keyed_) return Status::bad_argument;
        if (!start()) return fail();
        Status st = Status::ok;
        if (cfg_.mode == CrypMode::polling) {
            st = run_polling(in, out, nblocks);
        } else {
            st = run_dma(in, out, nblocks);
        }
        if (st != Status::ok) return fail();
        if (!stop()) return fail();
        return Status::ok;
    }

    // The hook for cipher::set_external_aes128 (this object must outlive it).
    cipher::ExternalAes128 hook() { return cipher::ExternalAes128{this, &hook_set_key, &hook_encrypt}; }

private:
    // Invariant between calls (init, set_key, encrypt, fail): CR = kConfig
    // with CRYPEN = 0, DMACR = 0, both FIFOs empty (a run reads every block
    // it writes; init and fail flush). So a key load is the 4 key words and a
    // polling run needs no configuration or flush, only CRYPEN.
    static constexpr uint32_t kConfig = cryp::cr_algomode_aes_ecb | cryp::cr_datatype_8bit | cryp::cr_keysize_128;

    // Whole-word copies (the M4 allows unaligned LDR/STR; byte-wise assembly
    // of the 8 data words was most of the driver's time per block).
    static uint32_t be32(const uint8_t* p) { return __builtin_bswap32(le32(p)); }
    static uint32_t le32(const uint8_t* p) {
        uint32_t v;
        std::memcpy(&v, p, 4);
        if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
        return v;
    }
    static void put_le32(uint8_t* p, uint32_t v) {
        if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
        std::memcpy(p, &v, 4);
    }

    // Slow paths out of line (cold), so the polling fast path keeps a small frame.
    [[gnu::noinline, gnu::cold]] bool wait_set(uint32_t reg, uint32_t mask) {
        for (uint32_t i = 0; i < cfg_.timeout_polls; ++i)
            if ((bus_.read(reg) & mask) == mask) return true;
        return false;
    }
    [[gnu::noinline, gnu::cold]] bool wait_clear(uint32_t reg, uint32_t mask) {
        for (uint32_t i = 0; i < cfg_.timeout_polls; ++i)
            if ((bus_.read(reg) & mask) == 0) return true;
        return false;
    }

    // RM0090: configure with CRYPEN = 0, flush the FIFOs, then enable. The
    // invariant (configured, disabled, FIFOs empty) leaves the polling mode
    // only CRYPEN to set (run_polling); DMA's transfers set it themselves.
    bool start() {
        if (cfg_.mode == CrypMode::polling) return true;
        if (!wait_clear(cryp::sr, cryp::sr_busy)) return false;
        bus_.write(cryp::cr, kConfig);
        bus_.write(cryp::cr, kConfig | cryp::cr_fflush);
        return true;
    }
    // Disable only once the last block has left the core (DMACR is already 0:
    // polling never sets it, dma_transfer clears it).
    bool stop() {
        const bool idle = !(bus_.read(cryp::sr) & cryp::sr_busy) || wait_clear(cryp::sr, cryp::sr_busy);
        bus_.write(cryp::cr, kConfig);
        return idle;
    }
    // Any failure: DMA streams and peripheral off, FIFOs flushed, key dropped
    // (the next user must load it again).
    [[gnu::noinline, gnu::cold]] Status fail() {
        if (cfg_.mode == CrypMode::dma) {
            for (unsigned s : {dma2::stream_in, dma2::stream_out})
                bus_.write(dma2::sxcr(s), bus_.read(dma2::sxcr(s)) & ~dma2::cr_en);
            bus_.write(dma2::hifcr, dma2::all_flags(dma2::stream_in) | dma2::all_flags(dma2::stream_out));
        }
        bus_.write(cryp::dmacr, 0);
        bus_.write(cryp::cr, kConfig);
        bus_.write(cryp::cr, kConfig | cryp::cr_fflush);
        keyed_ = false;
        return Status::internal_error;
    }

    // No IFNF poll: the driver never has more than two blocks written and
    // not read back, and the input FIFO holds 8 words (RM0090), so DIN always
    // has room.
    void write_block(const uint8_t* p) {
        const uint32_t w0 = le32(p), w1 = le32(p + 4), w2 = le32(p + 8), w3 = le32(p + 12);
        bus_.write(cryp::din, w0), bus_.write(cryp::din, w1), bus_.write(cryp::din, w2), bus_.write(cryp::din, w3);
    }
    // The core hands a finished block to the output FIFO whole (4 words), so
    // one OFNE per block covers its 4 DOUT reads (ST's HAL reads the same way).
    // The first poll is inline: the wait loop runs only when the block is late.
    bool read_block(uint8_t* p) {
        if (!(bus_.read(cryp::sr) & cryp::sr_ofne) && !wait_set(cryp::sr, cryp::sr_ofne)) return false;
        const uint32_t w0 = bus_.read(cryp::dout), w1 = bus_.read(cryp::dout);
        const uint32_t w2 = bus_.read(cryp::dout), w3 = bus_.read(cryp::dout);
        put_le32(p, w0), put_le32(p + 4, w1), put_le32(p + 8, w2), put_le32(p + 12, w3);
        return true;
    }
    // Keeps one block queued ahead (the FIFOs hold two), so the core never idles.
    // Block i+1 is read from `in` before block i is written to `out`: in == out works.
    Status run_polling(const uint8_t* in, uint8_t* out, size_t n) {
        bus_.write(cryp::cr, kConfig | cryp::cr_crypen);
        write_block(in);
        for (size_t i = 0; i < n; ++i) {
            if (i + 1 < n) write_block(in + 16 * (i + 1));
            if (!read_block(out + 16 * i)) return Status::internal_error;
        }
        return Status::ok;
    }

    // One DMA transfer of n blocks between DMA-reachable, word-aligned buffers.
    Status dma_transfer(const uint8_t* in, uint8_t* out, size_t n) {
        const uint32_t words = uint32_t(4 * n);
        const uint32_t common = (dma2::channel << dma2::cr_chsel_shift) | dma2::cr_minc | dma2::cr_psize_32 |
                                dma2::cr_msize_32 | dma2::cr_pl_high;
        // Streams must be disabled, and their old flags cleared, before they are configured.
        for (unsigned s : {dma2::stream_in, dma2::stream_out}) {
            bus_.write(dma2::sxcr(s), 0);
            if (!wait_clear(dma2::sxcr(s), dma2::cr_en)) return Status::internal_error;
        }
        bus_.write(dma2::hifcr, dma2::all_flags(dma2::stream_in) | dma2::all_flags(dma2::stream_out));
        bus_.write(dma2::sxpar(dma2::stream_out), cryp::dout);
        bus_.write(dma2::sxm0ar(dma2::stream_out), bus_.dma_address(out, 16 * n));
        bus_.write(dma2::sxndtr(dma2::stream_out), words);
        bus_.write(dma2::sxfcr(dma2::stream_out), 0);  // direct mode
        bus_.write(dma2::sxpar(dma2::stream_in), cryp::din);
        bus_.write(dma2::sxm0ar(dma2::stream_in), bus_.dma_address(in, 16 * n));
        bus_.write(dma2::sxndtr(dma2::stream_in), words);
        bus_.write(dma2::sxfcr(dma2::stream_in), 0);
        bus_.fence();  // the input is in memory before DMA reads it
        bus_.write(dma2::sxcr(dma2::stream_out), common | dma2::cr_dir_p2m | dma2::cr_en);
        bus_.write(dma2::sxcr(dma2::stream_in), common | dma2::cr_dir_m2p | dma2::cr_en);
        bus_.write(cryp::dmacr, cryp::dmacr_dien | cryp::dmacr_doen);
        bus_.write(cryp::cr, kConfig | cryp::cr_crypen);
        const uint32_t errors = dma2::teif(dma2::stream_in) | dma2::teif(dma2::stream_out) |
                                dma2::dmeif(dma2::stream_in) | dma2::dmeif(dma2::stream_out);
        // Transfer complete on CRYP_OUT = every block is in memory. Budget grows with n.
        bool done = false;
        for (size_t t = 0; t < size_t(cfg_.timeout_polls) * (1 + n / 8) && !done; ++t) {
            const uint32_t f = bus_.read(dma2::hisr);
            if (f & errors) return Status::internal_error;
            done = (f & dma2::tcif(dma2::stream_out)) != 0;
        }
        if (!done) return Status::internal_error;
        bus_.fence();  // DMA's writes are visible before the core reads `out`
        bus_.write(cryp::dmacr, 0);
        bus_.write(cryp::cr, kConfig);
        bus_.write(dma2::hifcr, dma2::all_flags(dma2::stream_in) | dma2::all_flags(dma2::stream_out));
        return Status::ok;
    }

    [[gnu::noinline]] Status run_dma(const uint8_t* in, uint8_t* out, size_t n) {
        const size_t bytes = 16 * n;
        const bool direct = bus_.dma_capable(in, bytes) && bus_.dma_capable(out, bytes) &&
                            bus_.dma_address(in, bytes) % 4 == 0 && bus_.dma_address(out, bytes) % 4 == 0;
        if (direct) {
            constexpr size_t chunk = dma2::max_items / 4;  // blocks per transfer
            for (size_t i = 0; i < n; i += chunk) {
                const size_t k = n - i < chunk ? n - i : chunk;
                if (const Status st = dma_transfer(in + 16 * i, out + 16 * i, k); st != Status::ok) return st;
            }
            return Status::ok;
        }
        // Through the bounce buffer, in place there.
        const size_t cap = cfg_.bounce_bytes / 16;
        Status st = Status::ok;
        for (size_t i = 0; i < n && st == Status::ok; i += cap) {
            const size_t k = n - i < cap ? n - i : cap;
            for (size_t b = 0; b < 16 * k; ++b) cfg_.bounce[b] = in[16 * i + b];
            st = dma_transfer(cfg_.bounce, cfg_.bounce, k);
            if (st == Status::ok)
                for (size_t b = 0; b < 16 * k; ++b) out[16 * i + b] = cfg_.bounce[b];
        }
        for (size_t b = 0; b < cfg_.bounce_bytes; ++b) static_cast<volatile uint8_t*>(cfg_.bounce)[b] = 0;
        return st;
    }

    static Status hook_set_key(void* self, const uint8_t key[16]) { return static_cast<Cryp*>(self)->set_key(key); }
    static Status hook_encrypt(void* self, const uint8_t* in, uint8_t* out, size_t n) {
        return static_cast<Cryp*>(self)->encrypt(in, out, n);
    }

    Bus bus_;
    CrypConfig cfg_;
    bool initialised_ = false;
    bool keyed_ = false;
};

#if defined(PQMCU_TARGET_M4)
// The board's CRYP (cryp.cpp): init, then install it as the external AES-128
// engine. DMA mode uses a 512-byte bounce buffer in .bss (SRAM, never CCM).
Status cryp_install(CrypMode mode);
// Removes the engine and turns the peripheral off.
void cryp_uninstall();
#endif

}  // namespace pqmcu::m4::stm32f4
