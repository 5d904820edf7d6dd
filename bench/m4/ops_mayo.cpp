// Cortex-M4 benchmark operations of MAYO (round 2): keygen, sign, verify for
// MAYO-1 and MAYO-2 with the streamed low-RAM profile
// (Scheme<Set, Streamed>, src/mayo/engine_stream.cpp), through sign_bench.hpp.
//
// Each operation has its own static workspace in its own section,
// .pqmcu_ram.mayo_st.r2.<set>.{kg,sg,vf}, and its row's ram_tag names only
// that one, so a row's total RAM is its own workspace + its stack peak (what
// the operation needs, as pqm4 counts it). The expanded profile's rows
// (205 / 131 KB workspaces) no longer fit the firmware beside MQOM's; its
// figures are kept in docs/m4-mayo.md.
//
// STM32F4DISCOVERY: the other groups' RAM leaves no room for these
// workspaces (~140 KB for the six), so that build has no MAYO rows (the group
// is not defined; groups.hpp declares it weak). The streamed KAT firmware
// runs there instead (tests/m4/mayo_kat.cpp).
#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)

#include "mayo/scheme.hpp"
#include "sign_bench.hpp"

namespace {

using pqmcu::Status;

// The scheme S with every operation bound to its own static workspace; the
// Workspace SignBench passes around is an empty token.
template <class S, typename S::KeygenWorkspace* Kw, typename S::SignWorkspace* Sw,
          typename S::VerifyWorkspace* Vw>
struct PerOpWorkspaces : S {
    struct Workspace {};
    template <class R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace&) {
        return S::keypair(pk, sk, rng, *Kw);
    }
    template <class R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng, Workspace&) {
        return S::sign(sk, msg, mlen, sig, rng, *Sw);
    }
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen,
                         Workspace&) {
        return S::verify(pk, msg, mlen, sig, siglen, *Vw);
    }
};

#define PQMCU_MAYO_ST_WS(S, var, type, tag) __attribute__((section(".pqmcu_ram." tag))) S::type var

using Mayo1S = pqmcu::mayo::Scheme<pqmcu::mayo::mayo_1, pqmcu::mayo::Streamed>;
using Mayo2S = pqmcu::mayo::Scheme<pqmcu::mayo::mayo_2, pqmcu::mayo::Streamed>;
PQMCU_MAYO_ST_WS(Mayo1S, g_kw1, KeygenWorkspace, "mayo_st.r2.mayo1.kg");
PQMCU_MAYO_ST_WS(Mayo1S, g_sw1, SignWorkspace, "mayo_st.r2.mayo1.sg");
PQMCU_MAYO_ST_WS(Mayo1S, g_vw1, VerifyWorkspace, "mayo_st.r2.mayo1.vf");
PQMCU_MAYO_ST_WS(Mayo2S, g_kw2, KeygenWorkspace, "mayo_st.r2.mayo2.kg");
PQMCU_MAYO_ST_WS(Mayo2S, g_sw2, SignWorkspace, "mayo_st.r2.mayo2.sg");
PQMCU_MAYO_ST_WS(Mayo2S, g_vw2, VerifyWorkspace, "mayo_st.r2.mayo2.vf");

using Mayo1Ops = PerOpWorkspaces<Mayo1S, &g_kw1, &g_sw1, &g_vw1>;
Mayo1Ops::Workspace g_token1;
using Mayo1 = pqmcu::bench::SignBench<Mayo1Ops, &g_token1>;
using Mayo2Ops = PerOpWorkspaces<Mayo2S, &g_kw2, &g_sw2, &g_vw2>;
Mayo2Ops::Workspace g_token2;
using Mayo2 = pqmcu::bench::SignBench<Mayo2Ops, &g_token2>;

}  // namespace

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mayo_ops, "mayo",
                  {
                      {"mayo1_keygen", Mayo1::setup_keygen, Mayo1::keygen, "mayo_st.r2.mayo1.kg"},
                      {"mayo1_sign", Mayo1::setup_sign, Mayo1::sign, "mayo_st.r2.mayo1.sg"},
                      {"mayo1_verify", Mayo1::setup_verify, Mayo1::verify, "mayo_st.r2.mayo1.vf"},
                      {"mayo2_keygen", Mayo2::setup_keygen, Mayo2::keygen, "mayo_st.r2.mayo2.kg"},
                   {"mayo2_sign", Mayo2::setup_sign, Mayo2::sign, "mayo_st.r2.mayo2.sg"},
                   {"mayo2_verify", Mayo2::setup_verify, Mayo2::verify, "mayo_st.r2.mayo2.vf"}});
}  // namespace pqmcu::bench

#endif  // !PQMCU_BOARD_STM32F4DISCOVERY
