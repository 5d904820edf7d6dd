// SPDX-License-Identifier: Apache-2.0 OR MIT
// A register-level model of the STM32F4 CRYP peripheral and of the two DMA2
// streams that serve it, for host tests of platform/m4/stm32f4/cryp.hpp.
//
// Modelled (RM0090): RCC clock gate (registers of an unclocked peripheral
// read 0 and ignore writes), CR fields (ALGODIR, ALGOMODE, DATATYPE swap,
// KEYSIZE, FFLUSH, CRYPEN), SR flags, 8-word input/output FIFOs, a block
// latency during which BUSY is set, AES-128 key registers K2LR..K3RR,
// DMACR, and DMA2 streams 5/6 (channel, direction, NDTR, PAR, M0AR, flags).
// Time advances one tick per bus access. Encryption uses the library's
// software AES, so NIST vectors check the driver's byte order end to end.
//
// Protocol violations (what real hardware would punish silently: lost words,
// garbage keys, DMA to the wrong place) are counted in `violations` with the
// first one described in `first_violation`; the tests require zero.
#pragma once
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <utility>
#include <string>
#include <vector>

#include "cipher/block_cipher.hpp"
#include "m4/stm32f4/cryp.hpp"

namespace pqmcu::test {

namespace hw = pqmcu::m4::stm32f4;

class FakeCrypModel {
public:
    // Behaviour knobs.
    uint32_t latency = 14;         // ticks a block keeps the core BUSY
    bool stuck = false;            // the core never finishes a block
    bool dma_transfer_error = false;  // the IN stream reports TEIF when started

    // Observations.
    int violations = 0;
    std::string first_violation;
    uint32_t blocks_done = 0;
    uint32_t dma_words_in = 0, dma_words_out = 0;
    uint32_t max_busy_polls = 0;
    std::vector<uint32_t> m0ar_seen;  // every M0AR value a stream was started with

    // DMA-visible memory: every range the driver asks a bus address for gets
    // its own window of bus addresses (same alignment mod 4 as the host pointer).
    struct Region {
        uint8_t* host;
        size_t len;
    };
    std::map<uint32_t, Region> by_bus;
    std::map<const uint8_t*, std::pair<size_t, uint32_t>> by_host;  // start -> (len, bus)
    uint32_t next_bus = 0x20000000;
    std::vector<std::pair<const uint8_t*, size_t>> ccm;  // host ranges that are "in CCM"

    // The bus address of [p, p+len): inside a window given out before, or a new window.
    uint32_t map(const void* p, size_t len) {
        auto* h = static_cast<const uint8_t*>(p);
        auto it = by_host.upper_bound(h);
        for (int k = 0; k < 8 && it != by_host.begin(); ++k) {
            --it;
            if (h + len <= it->first + it->second.first) return it->second.second + uint32_t(h - it->first);
        }
        const uint32_t bus = next_bus + uint32_t(reinterpret_cast<uintptr_t>(h) & 3u);
        next_bus += uint32_t((len + 4 + 15) & ~size_t(15)) + 16;
        by_bus[bus] = Region{const_cast<uint8_t*>(h), len};
        by_host[h] = {len, bus};
        return bus;
    }
    void mark_ccm(const void* p, size_t n) { ccm.emplace_back(static_cast<const uint8_t*>(p), n); }
    bool is_ccm(const void* p, size_t n) const {
        auto* h = static_cast<const uint8_t*>(p);
        for (const auto& [c, cn] : ccm)
            if (h < c + cn && h + n > c) return true;
        return false;
    }

    uint32_t read(uint32_t addr) {
        tick();
        if (addr == hw::rcc::ahb1enr) return ahb1enr_;
        if (addr == hw::rcc::ahb2enr) return ahb2enr_;
        if (is_cryp(addr)) {
            if (!cryp_clock()) {
                violation("CRYP read with its clock off");
                return 0;
            }
            if (addr == hw::cryp::cr) return cr_;
            if (addr == hw::cryp::sr) {
                const uint32_t s = sr();
                if (s & hw::cryp::sr_busy) {
                    ++busy_polls_;
                    if (busy_polls_ > max_busy_polls) max_busy_polls = busy_polls_;
                } else {
                    busy_polls_ = 0;
                }
                return s;
            }
            if (addr == hw::cryp::dout) {
                if (dmacr_ & hw::cryp::dmacr_doen) violation("DOUT read by the CPU while DMA owns it");
                if (out_.empty()) {
                    violation("DOUT read with the output FIFO empty");
                    return 0;
                }
                const uint32_t w = out_.front();
                out_.pop_front();
                return w;
            }
            if (addr == hw::cryp::dmacr) return dmacr_;
            if (addr >= hw::cryp::k0lr && addr <= hw::cryp::k3rr) return 0;  // write-only
            return 0;
        }
        if (is_dma(addr)) {
            if (!(ahb1enr_ & hw::rcc::ahb1enr_dma2en)) {
                violation("DMA2 read with its clock off");
                return 0;
            }
            if (addr == hw::dma2::hisr) return hisr_;
            for (unsigned s : {hw::dma2::stream_out, hw::dma2::stream_in}) {
                Stream& st = stream(s);
                if (addr == hw::dma2::sxcr(s)) return st.cr;
                if (addr == hw::dma2::sxndtr(s)) return st.ndtr;
                if (addr == hw::dma2::sxpar(s)) return st.par;
                if (addr == hw::dma2::sxm0ar(s)) return st.m0ar;
                if (addr == hw::dma2::sxfcr(s)) return st.fcr;
            }
            return 0;
        }
        violation("read of an unmodelled address");
        return 0;
    }

    void write(uint32_t addr, uint32_t v) {
        tick();
        if (addr == hw::rcc::ahb1enr) {
            ahb1enr_ = v;
            return;
        }
        if (addr == hw::rcc::ahb2enr) {
            ahb2enr_ = v;
            return;
        }
        if (is_cryp(addr)) {
            if (!cryp_clock()) {
                violation("CRYP write with its clock off");
                return;
            }
            if (addr == hw::cryp::cr) return write_cr(v);
            if (addr == hw::cryp::din) {
                if (dmacr_ & hw::cryp::dmacr_dien) violation("DIN written by the CPU while DMA owns it");
                push_in(v);
                return;
            }
            if (addr == hw::cryp::dmacr) {
                dmacr_ = v & 3u;
                return;
            }
            if (addr >= hw::cryp::k0lr && addr <= hw::cryp::k3rr) {
                if ((cr_ & hw::cryp::cr_crypen) || busy_left_ > 0)
                    violation("key register written while CRYPEN or BUSY");
                key_regs_[(addr - hw::cryp::k0lr) / 4] = v;
                return;
            }
            if (addr == hw::cryp::sr || addr == hw::cryp::dout) {
                violation("write to a read-only CRYP register");
                return;
            }
            violation("write to an unmodelled CRYP register");
            return;
        }
        if (is_dma(addr)) {
            if (!(ahb1enr_ & hw::rcc::ahb1enr_dma2en)) {
                violation("DMA2 write with its clock off");
                return;
            }
            if (addr == hw::dma2::hifcr) {
                hisr_ &= ~v;
                return;
            }
            for (unsigned s : {hw::dma2::stream_out, hw::dma2::stream_in}) {
                Stream& st = stream(s);
                if (addr == hw::dma2::sxcr(s)) return write_sxcr(s, v);
                const bool reg = addr == hw::dma2::sxndtr(s) || addr == hw::dma2::sxpar(s) ||
                                 addr == hw::dma2::sxm0ar(s) || addr == hw::dma2::sxfcr(s);
                if (reg && (st.cr & hw::dma2::cr_en)) violation("DMA stream register written while enabled");
                if (addr == hw::dma2::sxndtr(s)) st.ndtr = v & 0xFFFF;
                if (addr == hw::dma2::sxpar(s)) st.par = v;
                if (addr == hw::dma2::sxm0ar(s)) st.m0ar = v;
                if (addr == hw::dma2::sxfcr(s)) st.fcr = v;
                if (reg) return;
            }
            violation("write to an unmodelled DMA2 register");
            return;
        }
        violation("write to an unmodelled address");
    }

    bool crypen() const { return (cr_ & hw::cryp::cr_crypen) != 0; }
    size_t in_fifo_words() const { return in_.size(); }
    size_t out_fifo_words() const { return out_.size(); }

private:
    struct Stream {
        uint32_t cr = 0, ndtr = 0, par = 0, m0ar = 0, fcr = 0;
        uint32_t done = 0;  // items moved since enabled
    };

    uint32_t ahb1enr_ = 0, ahb2enr_ = 0;
    uint32_t cr_ = 0, dmacr_ = 0, hisr_ = 0;
    uint32_t key_regs_[8] = {};
    std::deque<uint32_t> in_, out_;
    uint32_t busy_left_ = 0;        // ticks until the block in the core is done
    uint32_t core_block_[4] = {};   // block (as core words) being processed
    bool core_loaded_ = false;
    uint32_t busy_polls_ = 0;
    Stream streams_[2];

    Stream& stream(unsigned s) { return streams_[s == hw::dma2::stream_out ? 0 : 1]; }
    static bool is_cryp(uint32_t a) { return a >= hw::cryp::base && a < hw::cryp::base + 0x400; }
    static bool is_dma(uint32_t a) { return a >= hw::dma2::base && a < hw::dma2::base + 0x400; }
    bool cryp_clock() const { return (ahb2enr_ & hw::rcc::ahb2enr_crypen) != 0; }

    void violation(const std::string& what) {
        if (violations++ == 0) first_violation = what;
    }

    uint32_t sr() const {
        uint32_t s = 0;
        if (in_.empty()) s |= hw::cryp::sr_ifem;
        if (in_.size() < 8) s |= hw::cryp::sr_ifnf;
        if (!out_.empty()) s |= hw::cryp::sr_ofne;
        if (out_.size() >= 8) s |= hw::cryp::sr_offu;
        if (core_loaded_ || (crypen() && in_.size() >= 4)) s |= hw::cryp::sr_busy;
        return s;
    }

    void push_in(uint32_t v) {
        if (in_.size() >= 8) {
            violation("DIN written with the input FIFO full (word lost)");
            return;
        }
        in_.push_back(v);
    }

    void write_cr(uint32_t v) {
        const bool was_on = crypen();
        const uint32_t cfg_mask = hw::cryp::cr_algodir | (7u << hw::cryp::cr_algomode_shift) |
                                  hw::cryp::cr_algomode3 | (3u << hw::cryp::cr_datatype_shift) |
                                  (3u << hw::cryp::cr_keysize_shift);
        if (was_on && ((v ^ cr_) & cfg_mask)) violation("CR configuration changed while CRYPEN");
        if (v & hw::cryp::cr_fflush) {
            if (was_on || (v & hw::cryp::cr_crypen)) violation("FFLUSH with CRYPEN set");
            in_.clear();
            out_.clear();
        }
        if ((v & hw::cryp::cr_crypen) && !was_on) {
            // What the driver promises to use: AES-128 ECB encryption.
            if ((v & hw::cryp::cr_algodir) || ((v >> hw::cryp::cr_algomode_shift) & 7u) != 4u ||
                (v & hw::cryp::cr_algomode3) || ((v >> hw::cryp::cr_keysize_shift) & 3u) != 0)
                violation("CRYPEN set with a configuration other than AES-128-ECB encrypt");
        }
        if (!(v & hw::cryp::cr_crypen) && busy_left_ > 0) violation("CRYPEN cleared while BUSY");
        cr_ = v & ~hw::cryp::cr_fflush;  // FFLUSH reads 0
    }

    void write_sxcr(unsigned s, uint32_t v) {
        Stream& st = stream(s);
        const bool enabling = (v & hw::dma2::cr_en) && !(st.cr & hw::dma2::cr_en);
        if (enabling) {
            if (hisr_ & hw::dma2::all_flags(s)) violation("DMA stream enabled with stale flags");
            if (((v >> hw::dma2::cr_chsel_shift) & 7u) != hw::dma2::channel) violation("DMA stream on the wrong channel");
            const uint32_t want_dir = s == hw::dma2::stream_in ? hw::dma2::cr_dir_m2p : hw::dma2::cr_dir_p2m;
            if ((v & (3u << hw::dma2::cr_dir_shift)) != want_dir) violation("DMA stream with the wrong direction");
            const uint32_t want_par = s == hw::dma2::stream_in ? hw::cryp::din : hw::cryp::dout;
            if (st.par != want_par) violation("DMA stream PAR is not the CRYP FIFO");
            if ((v & (3u << 11)) != hw::dma2::cr_psize_32 || (v & (3u << 13)) != hw::dma2::cr_msize_32 ||
                !(v & hw::dma2::cr_minc))
                violation("DMA stream not 32-bit memory-incrementing");
            if (st.m0ar % 4 != 0) violation("DMA M0AR not word aligned");
            if (st.ndtr == 0) violation("DMA stream enabled with NDTR = 0");
            m0ar_seen.push_back(st.m0ar);
            st.done = 0;
            if (s == hw::dma2::stream_in && dma_transfer_error) {
                hisr_ |= hw::dma2::teif(s);
                v &= ~hw::dma2::cr_en;
            }
        }
        st.cr = v;
    }

    uint8_t* resolve(uint32_t bus, size_t n) {
        auto it = by_bus.upper_bound(bus);
        if (it != by_bus.begin()) {
            --it;
            const Region& r = it->second;
            if (bus + n <= it->first + r.len) {
                uint8_t* h = r.host + (bus - it->first);
                if (is_ccm(h, n)) violation("DMA access to CCM (unreachable from DMA2)");
                return h;
            }
        }
        violation("DMA access to an unmapped address");
        return nullptr;
    }

    static uint32_t bswap(uint32_t w) {
        return (w >> 24) | ((w >> 8) & 0xFF00u) | ((w << 8) & 0xFF0000u) | (w << 24);
    }
    // DIN/DOUT word <-> core word (big-endian bytes of the block), per DATATYPE.
    uint32_t swap(uint32_t w) const {
        switch ((cr_ >> hw::cryp::cr_datatype_shift) & 3u) {
        case 0: return w;
        case 1: return (w << 16) | (w >> 16);
        case 2: return bswap(w);
        default: {
            uint32_t r = 0;
            for (unsigned i = 0; i < 32; ++i) r |= ((w >> i) & 1u) << (31 - i);
            return r;
        }
        }
    }

    void finish_block() {
        uint8_t key[16], blk[16];
        for (unsigned i = 0; i < 4; ++i) {
            const uint32_t k = key_regs_[4 + i];  // K2LR..K3RR
            for (unsigned b = 0; b < 4; ++b) key[4 * i + b] = uint8_t(k >> (24 - 8 * b));
            for (unsigned b = 0; b < 4; ++b) blk[4 * i + b] = uint8_t(core_block_[i] >> (24 - 8 * b));
        }
        cipher::Aes128Ctx ctx;
        (void)cipher::key_schedule<cipher::Aes128>(ctx, key, 16);
        (void)cipher::encrypt<cipher::Aes128>(ctx, blk, blk, 1, cipher::Backend::bitsliced);
        for (unsigned i = 0; i < 4; ++i) {
            const uint32_t w = (uint32_t(blk[4 * i]) << 24) | (uint32_t(blk[4 * i + 1]) << 16) |
                               (uint32_t(blk[4 * i + 2]) << 8) | uint32_t(blk[4 * i + 3]);
            out_.push_back(swap(w));
        }
        core_loaded_ = false;
        ++blocks_done;
    }

    void tick() {
        // The core: take 4 words when there is room for the result, work `latency` ticks.
        if (crypen()) {
            if (core_loaded_ && !stuck) {
                if (busy_left_ > 0) --busy_left_;
                if (busy_left_ == 0 && out_.size() <= 4) finish_block();
            }
            if (!core_loaded_ && in_.size() >= 4 && out_.size() <= 4) {
                for (unsigned i = 0; i < 4; ++i) {
                    core_block_[i] = swap(in_.front());
                    in_.pop_front();
                }
                core_loaded_ = true;
                busy_left_ = latency;
            }
        }
        // DMA2: one word per stream per tick, when the CRYP requests it.
        Stream& si = stream(hw::dma2::stream_in);
        if ((si.cr & hw::dma2::cr_en) && (dmacr_ & hw::cryp::dmacr_dien) && crypen() && in_.size() < 8 &&
            si.ndtr > 0) {
            if (uint8_t* p = resolve(si.m0ar + 4 * si.done, 4)) {
                in_.push_back(uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) |
                              (uint32_t(p[3]) << 24));
                ++dma_words_in;
            }
            ++si.done;
            if (--si.ndtr == 0) {
                si.cr &= ~hw::dma2::cr_en;
                hisr_ |= hw::dma2::tcif(hw::dma2::stream_in);
            }
        }
        Stream& so = stream(hw::dma2::stream_out);
        if ((so.cr & hw::dma2::cr_en) && (dmacr_ & hw::cryp::dmacr_doen) && !out_.empty() && so.ndtr > 0) {
            const uint32_t w = out_.front();
            out_.pop_front();
            if (uint8_t* p = resolve(so.m0ar + 4 * so.done, 4)) {
                p[0] = uint8_t(w), p[1] = uint8_t(w >> 8), p[2] = uint8_t(w >> 16), p[3] = uint8_t(w >> 24);
                ++dma_words_out;
            }
            ++so.done;
            if (--so.ndtr == 0) {
                so.cr &= ~hw::dma2::cr_en;
                hisr_ |= hw::dma2::tcif(hw::dma2::stream_out);
            }
        }
    }
};

// The Bus policy over the model. Buffers the test calls `mark_ccm` on are
// "in CCM": the driver must not hand them to DMA.
struct FakeBus {
    FakeCrypModel* m;
    uint32_t read(uint32_t a) const { return m->read(a); }
    void write(uint32_t a, uint32_t v) const { m->write(a, v); }
    uint32_t dma_address(const void* p, size_t n) const { return m->map(p, n); }
    bool dma_capable(const void* p, size_t n) const { return !m->is_ccm(p, n); }
    void fence() const {}
};

}  // namespace pqmcu::test
