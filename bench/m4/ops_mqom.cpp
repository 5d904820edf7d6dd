// Cortex-M4 benchmark operations of MQOM v2.1 (Desktop, Compact, Balanced,
// Memory and Lut profiles; Lut is NOT constant time):
// keygen, sign, verify for mqom2_cat1_gf16_fast_r5 and mqom2_cat1_gf16_short_r5,
// through sign_bench.hpp. Workspaces: .pqmcu_ram.mqom_ws.[compact.]<set>,
// charged to that set's sign and verify rows (keygen uses none). MQOM runs its public-data AES on the T-table
// backend on the M4: when those tables are placed in RAM
// (PQMCU_AES_TABLE_IN_RAM), the rows also charge "aes_table".
//
// STM32F4DISCOVERY: its 128 KB SRAM cannot hold the short set's 171 KB
// Desktop workspace, so that build leaves out those three rows.
#include "mqom/scheme.hpp"
#include "sign_bench.hpp"

#if defined(PQMCU_AES_TABLE_IN_RAM)
#define PQMCU_BENCH_MQOM_TABLE_TAG "+aes_table"
#else
#define PQMCU_BENCH_MQOM_TABLE_TAG ""
#endif

namespace {

namespace mq = pqmcu::mqom;
using pqmcu::bench::SignBench;

using FastScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Desktop>;
using FastCompactScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Compact>;
using ShortScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Desktop>;
using ShortCompactScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Compact>;
using FastBalancedScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Balanced>;
using FastMemoryScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Memory>;
using FastLutScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Lut>;

PQMCU_SIGN_BENCH_WORKSPACE(FastScheme, g_ws_fast, "mqom_ws.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastCompactScheme, g_ws_fast_compact, "mqom_ws.compact.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(ShortCompactScheme, g_ws_short_compact, "mqom_ws.compact.cat1_gf16_short_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastBalancedScheme, g_ws_fast_bal, "mqom_ws.balanced.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastMemoryScheme, g_ws_fast_mem, "mqom_ws.memory.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastLutScheme, g_ws_fast_lut, "mqom_ws.lut.cat1_gf16_fast_r5");
using FastBalanced = SignBench<FastBalancedScheme, &g_ws_fast_bal>;
using FastMemory = SignBench<FastMemoryScheme, &g_ws_fast_mem>;
using FastLut = SignBench<FastLutScheme, &g_ws_fast_lut>;
using Fast = SignBench<FastScheme, &g_ws_fast>;
using FastCompact = SignBench<FastCompactScheme, &g_ws_fast_compact>;
using ShortCompact = SignBench<ShortCompactScheme, &g_ws_short_compact>;

#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)
#define PQMCU_BENCH_MQOM_SHORT 1
PQMCU_SIGN_BENCH_WORKSPACE(ShortScheme, g_ws_short, "mqom_ws.cat1_gf16_short_r5");
using Short = SignBench<ShortScheme, &g_ws_short>;
#endif

// The PIOP alone (ComputePAlpha / RecomputePAlpha of one signature, equation
// expansion included) on a patterned workspace: "<label>_piop_{compute,verify}".
template <class S, typename S::Workspace* Ws>
struct PiopBench {
    static inline uint8_t pk[S::pk_bytes];
    static inline uint8_t x[S::dims.x_bytes()];
    static inline uint8_t com1[2 * S::dims.seed()];
    static inline uint16_t i_star[S::dims.tau];
    static void setup() {
        for (size_t i = 0; i < sizeof pk; ++i) pk[i] = uint8_t(i * 0x3Bu + 7);
        for (size_t i = 0; i < sizeof x; ++i) x[i] = uint8_t(i * 0x5Du + 1);
        for (size_t i = 0; i < sizeof com1; ++i) com1[i] = uint8_t(i);
        for (size_t i = 0; i < S::dims.tau; ++i) i_star[i] = uint16_t(i * 13u);
        auto* xT = reinterpret_cast<uint8_t*>(Ws->xT);
        for (size_t i = 0; i < sizeof(Ws->xT); ++i) xT[i] = uint8_t(i * 0x9Du + 3);
    }
    static void compute() {
        auto w = Ws->view();
        S::Piop::compute(S::dims, com1, pk, x, w, w.alpha1);
    }
    // Equation expansion alone (same stream pieces as the PIOP).
    static void expand() {
        auto w = Ws->view();
        const auto& d = S::dims;
        uint32_t sink = 0;
        for (uint32_t i0 = 0; i0 < d.m_ext(); i0 += w.eq_group) {
            const uint32_t g = d.m_ext() - i0 < w.eq_group ? d.m_ext() - i0 : w.eq_group;
            pqmcu::mqom::detail::EqStream<S::dims.sec, pqmcu::mqom::detail::Ext<S::dims.ext_log2>> st(
                d, pk, i0, g, w.eq, w.pub_backend);
            for (uint32_t j = 0; j <= d.n; ++j) {
                st.next(j < d.n ? j + 1 : d.n);
                sink += st.at(0)[0];
            }
        }
        sink_ = sink;
    }
    static inline volatile uint32_t sink_ = 0;
    static void recompute() {
        auto w = Ws->view();
        S::Piop::recompute(S::dims, com1, pk, pk + 2 * S::dims.seed(), i_star, w);
    }
};
using FastBalancedPiop = PiopBench<FastBalancedScheme, &g_ws_fast_bal>;
using FastMemoryPiop = PiopBench<FastMemoryScheme, &g_ws_fast_mem>;
using FastLutPiop = PiopBench<FastLutScheme, &g_ws_fast_lut>;

}  // namespace

#define PQMCU_BENCH_MQOM_PIOP(label, P, tag)                                                   \
    {label "_piop_compute", P::setup, P::compute, tag}, {label "_piop_verify", P::setup, P::recompute, tag}, \
        {label "_piop_expand", P::setup, P::expand, tag}

// Key generation never touches the Workspace (its small KeygenWorkspace is on
// the stack, counted in the stack peak), so its row charges no workspace.
#if defined(PQMCU_AES_TABLE_IN_RAM)
#define PQMCU_BENCH_MQOM_KEYGEN_TAG "aes_table"
#else
#define PQMCU_BENCH_MQOM_KEYGEN_TAG nullptr
#endif
#define PQMCU_BENCH_MQOM_ROWS(label, B, tag)                                                         \
    {label "_keygen", B::setup_keygen, B::keygen, PQMCU_BENCH_MQOM_KEYGEN_TAG},                      \
        {label "_sign", B::setup_sign, B::sign, tag PQMCU_BENCH_MQOM_TABLE_TAG}, {                   \
        label "_verify", B::setup_verify, B::verify, tag PQMCU_BENCH_MQOM_TABLE_TAG                   \
    }

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5", Fast, "mqom_ws.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_compact", FastCompact, "mqom_ws.compact.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_balanced", FastBalanced, "mqom_ws.balanced.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_memory", FastMemory, "mqom_ws.memory.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_lut", FastLut, "mqom_ws.lut.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_PIOP("cat1_gf16_fast_r5_balanced", FastBalancedPiop, "mqom_ws.balanced.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_PIOP("cat1_gf16_fast_r5_memory", FastMemoryPiop, "mqom_ws.memory.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_PIOP("cat1_gf16_fast_r5_lut", FastLutPiop, "mqom_ws.lut.cat1_gf16_fast_r5"),
#if defined(PQMCU_BENCH_MQOM_SHORT)
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5", Short, "mqom_ws.cat1_gf16_short_r5"),
#endif
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_compact", ShortCompact,
                                         "mqom_ws.compact.cat1_gf16_short_r5")});
}  // namespace pqmcu::bench
