#!/usr/bin/python3
"""Proves that perf/gate.py fails what it must: it runs gate.py as perf/run.sh does, on benchmark documents of the
real shape, and checks its exit status and verdicts.

  perf/gate_test.py                        the synthetic cases (a slower, a fatter, a slower-ratio, a missing and an
                                           erroring benchmark; a run within its noise band)
  perf/gate_test.py JMH.json E2E.json      also a real run (perf/run.sh --quick passes its own): judged against a
                                           baseline made from that very run it passes; against a copy of that
                                           baseline doctored to be twice as fast and half as fat, every timing and
                                           memory gate fails and --enforce exits 1
"""
import copy
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import gate  # noqa: E402  (its figure reader; the verdicts are judged through its command line)

GATE = pathlib.Path(gate.__file__).resolve()
REAL = sys.argv[1:3] if len(sys.argv) >= 3 else None


def jmh_entry(name, ns, error, alloc):
    return {"benchmark": f"dev.nubo.perf.jmh.{name}", "primaryMetric": {"score": ns, "scoreError": error},
            "secondaryMetrics": {"gc.alloc.rate.norm": {"score": alloc}}}


def e2e_entry(nubo_rps, peer_rps, nubo_errors=0, peer_errors=0):
    def side(rps, errors):
        return {"rps": rps, "p50_ms": 1.0, "p99_ms": 2.0, "requests": int(rps * 10), "errors": errors}
    return {"connections": 16, "seconds": 10, "nubo": side(nubo_rps, nubo_errors), "peer": "apache",
            "peer_result": side(peer_rps, peer_errors), "ratio": nubo_rps / peer_rps}


def e2e_doc(workloads):
    return {"kind": "e2e", "mode": "full", "date": "2026-12-05T00:00:00", "wall_seconds": 1, "nubo_rss_mib": 1,
            "nubo_peak_rss_mib": 1, "workloads": workloads,
            "machine": {"cpu": "test", "cores": 2, "memory_gib": 1, "java": "test"}}


class Run:
    """One gate.py run in a temporary directory."""

    def __init__(self, jmh, e2e, baseline, enforce):
        d = pathlib.Path(tempfile.mkdtemp(prefix="nubo-gate-test."))
        for name, doc in (("jmh.json", jmh), ("e2e.json", e2e), ("baseline.json", baseline)):
            if doc is not None:
                (d / name).write_text(json.dumps(doc))
        cmd = [sys.executable, str(GATE), "--jmh", str(d / "jmh.json"), "--e2e", str(d / "e2e.json"), "--baseline",
               str(d / "baseline.json"), "--markdown", str(d / "out.md"), "--json", str(d / "out.json")]
        done = subprocess.run(cmd + (["--enforce"] if enforce else []), capture_output=True, text=True)
        self.status, self.output = done.returncode, done.stdout + done.stderr
        rows = json.loads((d / "out.json").read_text())["rows"] if (d / "out.json").exists() else []
        self.verdicts = {(r["kind"], r["name"]): r["verdict"] for r in rows}
        self.markdown = (d / "out.md").read_text() if (d / "out.md").exists() else ""


def baseline_of(jmh, e2e):
    """The baseline gate.py --save-baseline would write for these documents."""
    return {"jmh": gate.jmh_figures(jmh), "e2e": {n: {"ratio": w["ratio"]} for n, w in e2e["workloads"].items()}}


BASE_JMH = [jmh_entry("ABenchmark.run", 1000.0, 20.0, 512.0), jmh_entry("BBenchmark.run", 50.0, 1.0, 0.0)]
BASE_E2E = e2e_doc({"propfind1": e2e_entry(300.0, 100.0), "get4k": e2e_entry(9000.0, 8000.0)})
BASELINE = baseline_of(BASE_JMH, BASE_E2E)


class SyntheticRuns(unittest.TestCase):
    def test_a_run_within_its_noise_band_passes(self):
        jmh = [jmh_entry("ABenchmark.run", 1090.0, 20.0, 530.0), jmh_entry("BBenchmark.run", 54.0, 1.0, 16.0)]
        e2e = e2e_doc({"propfind1": e2e_entry(250.0, 100.0), "get4k": e2e_entry(9000.0, 8000.0)})
        g = Run(jmh, e2e, BASELINE, enforce=True)
        self.assertEqual(g.status, 0, g.output)
        self.assertEqual(set(g.verdicts.values()), {"pass"}, g.verdicts)

    def test_a_slower_benchmark_fails_when_enforced_and_only_reports_in_quick_mode(self):
        jmh = [jmh_entry("ABenchmark.run", 1150.0, 20.0, 512.0), BASE_JMH[1]]
        for enforce, status in ((True, 1), (False, 0)):
            g = Run(jmh, BASE_E2E, BASELINE, enforce)
            self.assertEqual(g.status, status, g.output)
            self.assertEqual(g.verdicts[("jmh-time", "ABenchmark.run")], "slower")
            self.assertEqual(g.verdicts[("jmh-time", "BBenchmark.run")], "pass")
        self.assertIn("ABenchmark.run (jmh-time: slower)", g.markdown)

    def test_a_wide_error_widens_the_band(self):
        # 15 % slower, but the two confidence half-widths add up to 20 % of the baseline: within the band
        jmh = [jmh_entry("ABenchmark.run", 1150.0, 180.0, 512.0), BASE_JMH[1]]
        g = Run(jmh, BASE_E2E, BASELINE, enforce=True)
        self.assertEqual(g.verdicts[("jmh-time", "ABenchmark.run")], "pass", g.output)
        self.assertEqual(g.status, 0)

    def test_more_bytes_per_op_fail(self):
        jmh = [BASE_JMH[0], jmh_entry("BBenchmark.run", 50.0, 1.0, 24.0)]  # 0 B/op -> 24 B/op: past the 16 B slack
        g = Run(jmh, BASE_E2E, BASELINE, enforce=True)
        self.assertEqual(g.status, 1, g.output)
        self.assertEqual(g.verdicts[("jmh-alloc", "BBenchmark.run")], "allocates more")
        self.assertEqual(g.verdicts[("jmh-time", "BBenchmark.run")], "pass")

    def test_a_ratio_down_by_more_than_a_fifth_fails(self):
        e2e = e2e_doc({"propfind1": e2e_entry(230.0, 100.0), "get4k": e2e_entry(9000.0, 8000.0)})  # 3.0 -> 2.3
        g = Run(BASE_JMH, e2e, BASELINE, enforce=True)
        self.assertEqual(g.status, 1, g.output)
        self.assertEqual(g.verdicts[("e2e", "propfind1")], "slower")
        self.assertEqual(g.verdicts[("e2e", "get4k")], "pass")

    def test_a_faster_peer_is_what_counts_not_nubos_own_figure(self):
        # Nubo's own req/s doubled, but the peer's tripled in the same run: relatively slower
        e2e = e2e_doc({"propfind1": e2e_entry(600.0, 300.0), "get4k": e2e_entry(9000.0, 8000.0)})
        g = Run(BASE_JMH, e2e, BASELINE, enforce=True)
        self.assertEqual(g.verdicts[("e2e", "propfind1")], "slower", g.output)

    def test_the_spread_of_saved_runs_widens_a_workloads_band(self):
        # saved ratios 3.6 and 2.4: mean 3.0, spread 40 %, so 2.0 (-33 %) passes and 1.7 (-43 %) fails
        baseline = copy.deepcopy(BASELINE)
        baseline["e2e"]["propfind1"] = gate.e2e_baseline({"propfind1": {"ratio": 2.4}},
                                                         {"propfind1": {"samples": [3.6]}})["propfind1"]
        self.assertAlmostEqual(baseline["e2e"]["propfind1"]["ratio"], 3.0)
        self.assertAlmostEqual(baseline["e2e"]["propfind1"]["band"], 0.4)
        for nubo, verdict, status in ((200.0, "pass", 0), (170.0, "slower", 1)):
            e2e = e2e_doc({"propfind1": e2e_entry(nubo, 100.0), "get4k": e2e_entry(9000.0, 8000.0)})
            g = Run(BASE_JMH, e2e, baseline, enforce=True)
            self.assertEqual(g.verdicts[("e2e", "propfind1")], verdict, g.output)
            self.assertEqual(g.status, status)

    def test_saving_keeps_the_last_five_ratios(self):
        old = {"w": {"samples": [1.0, 2.0, 3.0, 4.0, 5.0]}}
        self.assertEqual(gate.e2e_baseline({"w": {"ratio": 6.0}}, old)["w"]["samples"], [2.0, 3.0, 4.0, 5.0, 6.0])

    def test_a_benchmark_that_did_not_run_fails_even_in_quick_mode(self):
        e2e = e2e_doc({"propfind1": e2e_entry(300.0, 100.0)})
        g = Run(BASE_JMH[:1], e2e, BASELINE, enforce=False)
        self.assertEqual(g.status, 1, g.output)
        self.assertEqual(g.verdicts[("jmh-time", "BBenchmark.run")], "missing")
        self.assertEqual(g.verdicts[("e2e", "get4k")], "missing")

    def test_a_failed_request_on_either_side_fails_even_in_quick_mode(self):
        for nubo_errors, peer_errors in ((3, 0), (0, 1)):
            e2e = e2e_doc({"propfind1": e2e_entry(300.0, 100.0, nubo_errors, peer_errors),
                           "get4k": e2e_entry(9000.0, 8000.0)})
            g = Run(BASE_JMH, e2e, BASELINE, enforce=False)
            self.assertEqual(g.status, 1, g.output)
            self.assertTrue(g.verdicts[("e2e", "propfind1")].startswith("errors"), g.verdicts)

    def test_without_a_baseline_everything_is_new_and_passes(self):
        g = Run(BASE_JMH, BASE_E2E, None, enforce=True)
        self.assertEqual(g.status, 0, g.output)
        self.assertEqual(set(g.verdicts.values()), {"new"})

    def test_a_run_without_the_gc_profiler_is_refused(self):
        jmh = [dict(BASE_JMH[0], secondaryMetrics={})]
        g = Run(jmh, BASE_E2E, BASELINE, enforce=False)
        self.assertNotEqual(g.status, 0)
        self.assertIn("gc.alloc.rate.norm", g.output)


@unittest.skipUnless(REAL, "no real run given")
class RealRun(unittest.TestCase):
    def setUp(self):
        self.jmh = json.loads(pathlib.Path(REAL[0]).read_text())
        self.e2e = json.loads(pathlib.Path(REAL[1]).read_text())
        self.baseline = baseline_of(self.jmh, self.e2e)

    def test_judged_against_itself_every_gate_passes(self):
        g = Run(self.jmh, self.e2e, self.baseline, enforce=True)
        self.assertEqual(g.status, 0, g.output)
        self.assertEqual(set(g.verdicts.values()), {"pass"}, g.output)

    def test_against_a_baseline_twice_as_fast_every_gate_fails(self):
        fast = copy.deepcopy(self.baseline)
        for b in fast["jmh"].values():
            b["ns_op"], b["ns_op_error"], b["bytes_op"] = b["ns_op"] / 2, 0.0, max(0.0, b["bytes_op"] / 2 - 32)
        for w in fast["e2e"].values():
            w["ratio"] *= 2
        g = Run(self.jmh, self.e2e, fast, enforce=True)
        self.assertEqual(g.status, 1, g.output)
        slow = {k: v for k, v in g.verdicts.items() if not (k[0] == "jmh-alloc" and self.baseline["jmh"][k[1]]
                                                            ["bytes_op"] < 64)}
        self.assertEqual(set(slow.values()), {"slower", "allocates more"}, g.output)
        self.assertEqual(len(g.verdicts), 2 * len(self.baseline["jmh"]) + len(self.baseline["e2e"]))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=1)
