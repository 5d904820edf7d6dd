#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Unit tests of bench_table.py's row logic on synthetic firmware output:
messages and means, the grinding adjustment, workspace charging, profile
columns parsed from row names / reported facts, the paper-style rows, the SVG."""
import os
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_table as bt  # noqa: E402

LOG = """pqmcu-bench start
pqmcu-op 0 baseline/empty stack=0 ramtag=-
pqmcu-op 1 mqom/cat1_gf16_faster_r5_compact_sign stack=7000 ramtag=- ws=15000
pqmcu-op-info 1 set=mqom2_cat1_gf16_faster_r5 profile=compact messages=2 w=3 nonces=1,5
pqmcu-op 2 mqom/cat1_gf16_faster_r5_grind_try stack=600 ramtag=-
pqmcu-op-info 2 set=mqom2_cat1_gf16_faster_r5
pqmcu-op 3 mqom/cat1_gf16_fast_r5_lut_sign stack=8000 ramtag=aes_table ws=9000
pqmcu-op-info 3 set=mqom2_cat1_gf16_fast_r5 messages=1 w=9 nonces=500
pqmcu-op 4 mqom/cat1_gf16_fast_r5_compact_keygen stack=1500 ramtag=- ws=15000
pqmcu-op-info 4 set=mqom2_cat1_gf16_fast_r5 profile=compact
pqmcu-op 5 mqom/cat5_gf16_short_r5_sign stack=30000 ramtag=-
pqmcu-op 6 piop/matmul_bitslice_composite_public_jump_l1 stack=100 ramtag=-
pqmcu-bench done 7 ops
"""
MARKS = {0: (0, 0), 1: (6, 10),                       # empty: 6 instructions, 10 cycles
         2: (100, 100), 3: (2_000_100, 3_000_100),     # sign: 2 messages
         4: (0, 0), 5: (1_006, 1_010),                 # one try: 1000 / 1000 net
         6: (0, 0), 7: (50, 60), 8: (0, 0), 9: (70, 80), 10: (0, 0), 11: (5, 9),
         12: (0, 0), 13: (9_000_000, 9_900_000)}
L1 = """# test
instance,sig_bytes,profile,kgen_mc,sign_mc,verify_mc,kgen_kb,sign_kb,verify_kb,lut_secret,hw_aes
faster,3984,balanced,9.95,1.0,28.5,2.50,10.9,12.0,0,0
fast,3280,lut,6.74,52.8,46.4,3.52,10.5,11.8,1,0
fast,3280,balanced,9.95,73.2,47.0,2.50,9.50,10.7,0,0
"""
MATMUL = """# t
implementation,l1_mc,l3_mc,l5_mc,constant_time
bitslice-composite-public-jump,9.9,32.3,160,1
"""


class BenchTableTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        log = os.path.join(self.dir.name, "log")
        with open(log, "w") as f:
            f.write(LOG)
        for name, text in (("mqom-paper-l1.csv", L1), ("mqom-paper-matmul.csv", MATMUL)):
            with open(os.path.join(self.dir.name, name), "w") as f:
                f.write(text)
        self.ops = bt.parse_log(log)
        tags = {".pqmcu_ram.aes_table": 4096, ".pqmcu_ram.mqom_arena": 200000}
        self.rows = bt.build_rows(self.ops, MARKS, tags, 16, {}, bt.load_scheme_anchors(self.dir.name))
        self.by = {r["operation"]: r for r in self.rows}

    def tearDown(self):
        self.dir.cleanup()

    def test_facts_are_parsed(self):
        self.assertEqual(len(self.ops), 7)
        self.assertEqual(self.ops[1]["info"]["nonces"], "1,5")
        self.assertEqual(self.ops[0]["info"], {})

    def test_mean_and_grinding_adjustment(self):
        r = self.by["mqom/cat1_gf16_faster_r5_compact_sign"]
        self.assertEqual(r["messages"], 2)
        self.assertEqual(r["cycles_emulated"], 1_500_000)
        # per signature (8 - nonce) more tries of 1000 cycles: (7 + 3) / 2 = 5
        self.assertEqual(r["cycles_adjusted"], 1_500_000 + 5 * 1000)
        self.assertIsInstance(r["cycles_emulated"], int)  # whole counts in the CSV
        self.assertEqual(r["instructions_adjusted"], 1_000_000 + 5 * 1000)
        # no grind_try row for cat1 fast: no adjustment
        self.assertIsNone(self.by["mqom/cat1_gf16_fast_r5_lut_sign"]["cycles_adjusted"])

    def test_ram_charged(self):
        r = self.by["mqom/cat1_gf16_faster_r5_compact_sign"]
        self.assertEqual(r["static_ram_bytes"], 15000 + 16)     # workspace, not the arena
        self.assertEqual(r["total_ram_bytes"], 7000 + 15000 + 16)
        lut = self.by["mqom/cat1_gf16_fast_r5_lut_sign"]
        self.assertEqual(lut["static_ram_bytes"], 9000 + 4096 + 16)

    def test_profiles_from_names_and_facts(self):
        self.assertEqual(self.by["mqom/cat1_gf16_fast_r5_lut_sign"]["mqom"], ("L1", "fast", "lut", "sign"))
        self.assertEqual(self.by["mqom/cat5_gf16_short_r5_sign"]["mqom"], ("L5", "short", "desktop", "sign"))
        self.assertEqual(self.by["mqom/cat1_gf16_faster_r5_grind_try"]["mqom"][3], "grind_try")
        self.assertIsNone(bt.mqom_row({"name": "mayo/mayo1_sign"}))
        self.assertEqual(bt.paper_profile("compact", False), "balanced")
        self.assertIsNone(bt.paper_profile("compact", True))
        self.assertEqual(bt.paper_profile("desktop", False), "reference")
        self.assertEqual(bt.paper_profile("hardware", True), "hardware")

    def test_paper_rows(self):
        prows = bt.paper_rows(self.rows, self.dir.name)
        sign = [p for p in prows if p["op"] == "sign" and p["instance"] == "faster"][0]
        self.assertEqual(sign["paper_profile"], "balanced")
        self.assertAlmostEqual(sign["published_cycles"], 1.0e6)
        self.assertAlmostEqual(sign["ratio_cycles_vs_published"], 1.505)
        lut = [p for p in prows if p["profile"] == "lut"][0]
        self.assertEqual((lut["instance"], lut["paper_profile"], lut["lut_secret"]), ("fast", "lut", "1"))
        self.assertAlmostEqual(lut["published_ram_bytes"], 10500)
        self.assertEqual({p["level"] for p in prows}, {"L1", "L5"})

    def test_svg_is_valid_xml(self):
        prows = bt.paper_rows(self.rows, self.dir.name)
        published, _ = bt.load_paper_tables(self.dir.name)
        by_level = {}
        for (level, _i, _p), r in published.items():
            by_level.setdefault(level, []).append(r)
        path = os.path.join(self.dir.name, "plot.svg")
        self.assertTrue(bt.svg_plot(path, prows, by_level))
        root = ET.parse(path).getroot()
        self.assertTrue(root.tag.endswith("svg"))
        # matplotlib draws each marker as a <use> of one path: 2 L1 sign rows + L5 + legend.
        markers = [e for e in root.iter() if e.tag.endswith("use")]
        self.assertGreaterEqual(len(markers), 3)
        texts = " ".join(e.text or "" for e in root.iter() if e.tag.endswith("text"))
        self.assertIn("MQOM L1 sign", texts)
        self.assertIn("MQOM L5 sign", texts)

    def test_matmul_table(self):
        from io import StringIO
        out = StringIO()
        old, sys.stdout = sys.stdout, out
        try:
            bt.print_matmul_table(self.rows, self.dir.name)
        finally:
            sys.stdout = old
        text = out.getvalue()
        self.assertIn("bitslice-composite-public-jump", text)
        self.assertIn("9.9", text)
        # our row (9.9 M cycles at L1) beside the paper's best CT strategy: ratio 1.00
        ours = [l for l in text.splitlines() if l.startswith("bitslice-composite-public-jump") and "pqmcu" in l]
        self.assertEqual(len(ours), 1)
        self.assertIn("9.90", ours[0])
        self.assertIn("1.00/-/-", ours[0])
        self.assertEqual(bt.matmul_rows(self.rows), {"bitslice-composite-public-jump": {"l1": 9_900_000}})

    def test_matmul_expansion_is_subtracted(self):
        from io import StringIO
        rows = [{"operation": "mqom/matmul_swar-nibble-buckets_l1", "cycles_emulated": 9_000_000},
                {"operation": "mqom/matmul_expansion_l1", "cycles_emulated": 3_000_000}]
        out = StringIO()
        old, sys.stdout = sys.stdout, out
        try:
            bt.print_matmul_table(rows, self.dir.name)
        finally:
            sys.stdout = old
        line = [l for l in out.getvalue().splitlines() if l.startswith("swar-nibble-buckets")][0]
        self.assertIn("6.00", line)        # 9 - 3 Mc
        self.assertIn("0.61/-/-", line)    # 6.0 / 9.9
        self.assertIn("(equation expansion, ours)", out.getvalue())


HW_LOG = """pqmcu-op 0 baseline/empty stack=0 ramtag=-
pqmcu-op 1 mqom/hw_stub_set_key stack=0 ramtag=-
pqmcu-op 2 mqom/hw_stub_encrypt_x1 stack=16 ramtag=-
pqmcu-op 3 mqom/hw_stub_encrypt_x8 stack=16 ramtag=-
pqmcu-op 4 mqom/cat1_gf16_fast_r5_hardware_verify stack=9000 ramtag=- ws=20000
pqmcu-op-info 4 set=mqom2_cat1_gf16_fast_r5 profile=hardware
pqmcu-op-info 4 engine_keys=10 engine_calls=100 engine_blocks=1000
pqmcu-op 5 mqom/cat1_gf16_fast_r5_hardware_sign stack=9000 ramtag=- ws=20000
pqmcu-op-info 5 set=mqom2_cat1_gf16_fast_r5 profile=hardware messages=2 w=9 nonces=512,512
pqmcu-op-info 5 engine_keys=20 engine_calls=200 engine_blocks=2000
"""
# empty 10 cycles; stub: key 40-10 = 30, x1 110-10 = 100, x8 450-10 = 440 -> 340/7 per block
HW_MARKS = {0: (0, 0), 1: (4, 10), 2: (0, 0), 3: (14, 40), 4: (0, 0), 5: (40, 110), 6: (0, 0), 7: (110, 450),
            8: (0, 0), 9: (500_000, 1_000_000), 10: (0, 0), 11: (1_000_000, 2_000_000)}


class HardwareRowsTest(unittest.TestCase):
    def rows(self, anchors):
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "log")
            with open(log, "w") as f:
                f.write(HW_LOG)
            return {r["operation"]: r for r in bt.build_rows(bt.parse_log(log), HW_MARKS, {}, 0, anchors, {})}

    def test_cryp_model_fit(self):
        k, b = bt.cryp_model({("aes128", "x1", "hardware_total"): 529.0, ("aes128", "x2", "hardware_total"): 909.0,
                              ("aes128", "x4", "hardware_total"): 1661.0})
        self.assertAlmostEqual(b, 377.14, places=1)
        self.assertAlmostEqual(k, 153.0, places=0)
        self.assertIsNone(bt.cryp_model({}))

    def test_stub_out_model_in(self):
        anchors = {("aes128", "x1", "hardware_total"): 300.0, ("aes128", "x2", "hardware_total"): 500.0}
        by = self.rows(anchors)   # model: 100 per key load, 200 per block
        v = by["mqom/cat1_gf16_fast_r5_hardware_verify"]
        per_block = 340 / 7
        stub = 10 * 30 + 100 * (100 - per_block) + 1000 * per_block
        self.assertEqual(v["cycles_software"], round(1_000_000 - stub))
        self.assertEqual(v["cycles_emulated"], round(1_000_000 - stub) + 10 * 100 + 1000 * 200)
        s = by["mqom/cat1_gf16_fast_r5_hardware_sign"]   # 2 messages: counts halved like the cycles
        self.assertEqual(s["cycles_software"], v["cycles_software"])
        self.assertEqual(s["cycles_emulated"], v["cycles_emulated"])
        self.assertIn("modelled", bt.ENGINE_NOTES[0])

    def test_driver_model_replaces_the_paper_fit(self):
        # the library's driver measured: key 70-10 = 60, x1 210-10 = 200, x8 1270-10 = 1260 -> 1060/7 per block
        log = HW_LOG.replace("pqmcu-op 4 ", "pqmcu-op 6 mqom/hw_cryp_set_key stack=0 ramtag=-\n"
                             "pqmcu-op 7 mqom/hw_cryp_encrypt_x1 stack=0 ramtag=-\n"
                             "pqmcu-op 8 mqom/hw_cryp_encrypt_x8 stack=0 ramtag=-\npqmcu-op 4 ")
        marks = dict(HW_MARKS)
        marks.update({12: (0, 0), 13: (20, 70), 14: (0, 0), 15: (60, 210), 16: (0, 0), 17: (400, 1270)})
        anchors = {("aes128", "x1", "hardware_total"): 300.0, ("aes128", "x2", "hardware_total"): 500.0}
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "log")
            with open(path, "w") as f:
                f.write(log)
            by = {r["operation"]: r for r in bt.build_rows(bt.parse_log(path), marks, {}, 0, anchors, {})}
        v = by["mqom/cat1_gf16_fast_r5_hardware_verify"]
        blk = 1060 / 7
        w, acc = bt.CRYP_ACCESS_WAIT, bt.CRYP_ACCESSES
        key, call = 60 + w * acc["key"], 200 - blk + w * acc["call"] + bt.CRYP_BLOCK_CYCLES
        block = blk + w * acc["block"]
        self.assertEqual(v["cycles_emulated"], round(v["cycles_software"] + 10 * key + 100 * call + 1000 * block))
        self.assertEqual(v["cycles_paper_engine"], v["cycles_software"] + 10 * 100 + 1000 * 200)
        self.assertIn("polling driver", bt.ENGINE_NOTES[0])

    def test_without_anchors_software_only(self):
        v = self.rows({})["mqom/cat1_gf16_fast_r5_hardware_verify"]
        self.assertEqual(v["cycles_emulated"], v["cycles_software"])
        self.assertIn("software cycles only", bt.ENGINE_NOTES[0])


class SaberTable(unittest.TestCase):
    """The Saber comparison: our rows beside pqm4 m4fspeed cycles and m4fstack stack."""

    CSV = ("# t\nsource,commit,scheme,impl,keygen_cycles_mean,encaps_cycles_mean,decaps_cycles_mean,"
           "stack_keygen_bytes,stack_encaps_bytes,stack_decaps_bytes\n"
           "mupq/pqm4:benchmarks.csv,3743a66571f899d4b9deecfab20de425267fd734,lightsaber,m4fspeed,"
           "1000,2000,4000,9000,9000,9000\n"
           "mupq/pqm4:benchmarks.csv,3743a66571f899d4b9deecfab20de425267fd734,lightsaber,m4fstack,"
           "1100,2200,4400,3000,2000,2000\n"
           "other,3743a66571f899d4b9deecfab20de425267fd734,lightsaber,m4fspeed,1,1,1,1,1,1\n")

    def test_ratios(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "saber-ntru-m4-published.csv"), "w") as f:
                f.write(self.CSV)
            anchors = bt.load_saber_anchors(d)
        self.assertEqual(anchors[("lightsaber", "m4fspeed", "keygen")], (1000.0, 9000))
        rows = [{"operation": "saber/lightsaber_keypair", "cycles_emulated": 900, "total_ram_bytes": 3300},
                {"operation": "saber/lightsaber_toom_keypair", "cycles_emulated": 2500, "total_ram_bytes": 13000}]
        table = bt.saber_table_rows(rows, anchors)
        self.assertEqual(len(table), 1)  # no encaps / decaps rows measured
        self.assertEqual(table[0][:6], ["lightsaber", "keygen", "900", "0.90", "3,300", "1.10"])
        self.assertEqual(table[0][6:10], ["-", "-", "-", "-"])  # no _speed row
        self.assertEqual(table[0][10:13], ["2,500", "2.50", "13,000"])
        self.assertEqual(table[0][-4:], ["1,000", "9,000", "1,100", "3,000"])


class NtruAnchorTest(unittest.TestCase):
    def test_ntru_rows_meet_pqm4_m4f(self):
        self.assertEqual(bt.scheme_anchor_key("ntru/ntruhrss701_encaps"), ("ntru", "ntruhrss701", "encaps"))
        self.assertIsNone(bt.scheme_anchor_key("ntru/ntruhrss701_sign"))
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "saber-ntru-m4-published.csv"), "w") as f:
                f.write("# comment\nsource,commit,scheme,impl,keygen_cycles_mean,encaps_cycles_mean,decaps_cycles_mean\n"
                        "p,3743a66571f8,ntruhps2048509,m4f,10,20,30\np,3743a66571f8,ntruhps2048509,clean,1,2,3\n"
                        "p,f7a99d8fc54c,ntruhps2048677,m4,4,5,6\n")
            a = bt.load_scheme_anchors(d)
        self.assertEqual(a[("ntru", "ntruhps2048509", "decaps")][0], 30.0)
        self.assertNotIn(("ntru", "ntruhps2048677", "keygen"), a)


class VariantRowsTest(unittest.TestCase):
    """Pre-signature / streaming / one-tree rows beside their published figures."""
    LOG = """pqmcu-op 0 baseline/empty stack=0 ramtag=-
pqmcu-op 1 mqom/cat1_gf16_fast_r5_grind_try stack=600 ramtag=-
pqmcu-op 2 mqom_variants/cat1_gf16_fast_r5_presign_offline stack=3000 ramtag=- ws=10000
pqmcu-op 3 mqom_variants/cat1_gf16_fast_r5_presign_online stack=2000 ramtag=- ws=600
pqmcu-op-info 3 set=mqom2_cat1_gf16_fast_r5 profile=balanced messages=2 w=9 nonces=500,510
pqmcu-op 4 mqom_variants/cat1_gf16_fast_r5_stream_verify stack=2500 ramtag=- ws=1600
pqmcu-op 5 mqom_onetree/cat1_gf16_short_r5_onetree2_lut_verify stack=9000 ramtag=- ws=8000
pqmcu-op 6 mqom/cat1_gf16_short_r5_grind_try stack=600 ramtag=-
pqmcu-op 7 mqom_onetree/cat1_gf16_short_r5_onetree2_lut_sign stack=9000 ramtag=- ws=8000
pqmcu-op-info 7 set=mqom2_cat1_gf16_short_r5_onetree2 profile=lut messages=2 w=8 nonces=1000,2000
"""
    MARKS = {0: (0, 0), 1: (0, 10), 2: (0, 0), 3: (0, 1010), 4: (0, 0), 5: (0, 40_000_000),
             6: (0, 0), 7: (0, 10_000_000), 8: (0, 0), 9: (0, 40_000_000), 10: (0, 0), 11: (0, 200_000_000),
             12: (0, 0), 13: (0, 20), 14: (0, 0), 15: (0, 400_000_000)}

    def variant(self, log, marks):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "mqom-paper-presign.csv"), "w") as f:
                f.write("# t\nscheme,sig_bytes,presig_bytes,offline_mc,online_mc\nfast-r5,3280,604,50.0,6.0\n")
            with open(os.path.join(d, "log"), "w") as f:
                f.write(log)
            rows = bt.build_rows(bt.parse_log(os.path.join(d, "log")), marks, {}, 0, {}, {})
            return {(r["variant"], r["op"]): r for r in bt.variant_rows(rows, d)}

    def test_grind_loop_row_wins_over_grind_try(self):
        # the signer's loop: 1000 tries in 800,000 cycles = 800 a try (grind_try: 1000)
        log = self.LOG + ("pqmcu-op 6 mqom_variants/cat1_gf16_fast_r5_grind_loop stack=600 ramtag=-\n"
                          "pqmcu-op-info 6 set=mqom2_cat1_gf16_fast_r5 messages=1000\n")
        marks = dict(self.MARKS)
        marks.update({12: (0, 0), 13: (0, 800_000)})
        on = self.variant(log, marks)[("pre-signature", "online")]
        self.assertEqual(on["cycles_adjusted"], 5_000_000 + 7 * 800)

    def test_rows(self):
        with tempfile.TemporaryDirectory() as d:
            for name, text in (
                    ("mqom-paper-presign.csv", "# t\nscheme,sig_bytes,presig_bytes,offline_mc,online_mc\n"
                                               "fast-r5,3280,604,50.0,6.0\n"),
                    ("mqom-paper-streaming.csv", "# t\nlevel_instance,tau,chk0_bytes,chke_bytes,sig_bytes,init_mc,"
                                                 "update_chk0_mc,update_chke_mc,final_mc,total_mc\n"
                                                 "L1-fast,17,84,188,3280,3.72,0.04,2.76,0.12,50.0\n"),
                    ("mqom-paper-onetree.csv", "# t\ninstance,sig_bytes,profile,kgen_mc,sign_mc,verify_mc,kgen_kb,"
                                               "sign_kb,verify_kb\nshort,2852,lut-2,5.99,278,250,3.65,17.9,20.0\n"),
                    ("log", self.LOG)):
                with open(os.path.join(d, name), "w") as f:
                    f.write(text)
            rows = bt.build_rows(bt.parse_log(os.path.join(d, "log")), self.MARKS, {}, 0, {}, {})
            v = {(r["variant"], r["op"]): r for r in bt.variant_rows(rows, d)}
        self.assertEqual(len(v), 5)
        self.assertAlmostEqual(v[("pre-signature", "offline")]["ratio_cycles_vs_published"], 0.8)
        on = v[("pre-signature", "online")]   # 5 Mc mean + (512 - 505) x 1000 cycles a try
        self.assertEqual(on["cycles"], 5_000_000)
        self.assertEqual(on["cycles_adjusted"], 5_007_000)
        self.assertAlmostEqual(on["ratio_cycles_vs_published"], 5_007_000 / 6e6)
        self.assertAlmostEqual(v[("streaming verification", "verify (64 B chunks)")]["ratio_cycles_vs_published"],
                               0.8)
        t = v[("one-tree -2", "verify")]
        self.assertAlmostEqual(t["ratio_cycles_vs_published"], 0.8)
        self.assertAlmostEqual(t["ratio_ram_vs_published"], 17000 / 20000)
        # one-tree sign: 200 Mc mean + (256 / p - 1 - 1500) x 10 cycles a try
        s = v[("one-tree -2", "sign")]
        self.assertEqual(s["cycles"], 200_000_000)
        self.assertEqual(s["cycles_adjusted"], round(200_000_000 + (256 / bt.ONETREE_FIT["short"] - 1 - 1500) * 10))
        self.assertAlmostEqual(s["ratio_cycles_vs_published"], s["cycles_adjusted"] / 278e6)

    def test_onetree_grind_loop_row_prices_onetree_sign(self):
        # the one-tree loop: 2000 tries in 3,000,000 cycles = 1500 a try; online keeps grind_try's
        log = self.LOG + ("pqmcu-op 8 mqom_onetree/cat1_gf16_short_r5_onetree_grind_loop stack=600 ramtag=-\n"
                          "pqmcu-op-info 8 set=mqom2_cat1_gf16_short_r5_onetree1 messages=2000\n")
        marks = dict(self.MARKS)
        marks.update({16: (0, 0), 17: (0, 3_000_000)})
        v = self.variant(log, marks)
        s = v[("one-tree -2", "sign")]
        self.assertEqual(s["cycles_adjusted"], round(200_000_000 + (256 / bt.ONETREE_FIT["short"] - 1 - 1500) * 1500))
        self.assertEqual(v[("pre-signature", "online")]["cycles_adjusted"], 5_007_000)


if __name__ == "__main__":
    unittest.main()
