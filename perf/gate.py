#!/usr/bin/python3
"""Judges one benchmark run against the saved baseline (perf/baseline.json) and writes the results table.

Gates, one per measured figure:
  JMH time    slower when ns/op > baseline x (1 + band); band = max(10 %, (this run's error + the baseline's error)
              / baseline), the errors being JMH's 99.9 % confidence half-widths
  JMH memory  allocates more when B/op (gc.alloc.rate.norm) > baseline x 1.05 + 16 B
  end to end  slower when Nubo's req/s as a ratio to the peer of the same run < baseline ratio x (1 - band): ratios,
              because absolute figures drift on a shared machine; the baseline ratio is the mean of the saved runs'
              ratios (up to 5, see --save-baseline) and band = max(20 %, their spread (max - min) / mean), since two
              runs of the same jar on two shared cores differ by up to a third;
              failed when any request of the workload failed, Nubo's or the peer's (non-2xx or socket error): that
              is no timing but a broken server or harness, so it fails the quick mode too
A figure with no baseline entry is "new" and passes; a baseline entry with no figure in the run is "missing" and
fails in every mode, since it means a benchmark did not run.

Modes: --enforce (the full suite): exit 1 when any gate fails. Without it (--quick runs): exit 1 only when a
benchmark is missing, a request failed or a figure is malformed; the timing verdicts are computed and printed but
none decides the exit.
--save-baseline FILE writes this run's figures as the new baseline: JMH figures replace the old ones, each e2e ratio
joins the last 4 saved for that workload (delete the file to start afresh, e.g. after a deliberate change).
Usage: perf/gate.py --jmh JMH.json --e2e E2E.json --baseline perf/baseline.json --markdown OUT.md --json OUT.json
       [--enforce] [--save-baseline FILE] [--title TEXT]
"""
import argparse
import json
import math
import pathlib
import sys

TIME_BAND = 0.10
ALLOC_FACTOR, ALLOC_SLACK = 1.05, 16.0
RATIO_BAND = 0.20
RATIO_SAMPLES = 5


def short(name):
    return name.rsplit(".", 2)[-2] + "." + name.rsplit(".", 1)[-1]


def number(x):
    return x if isinstance(x, (int, float)) and math.isfinite(x) else 0.0


def jmh_figures(doc):
    figures = {}
    for b in doc:
        alloc = b.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
        if alloc is None:
            raise ValueError(f"{b['benchmark']} has no gc.alloc.rate.norm (run JMH with -prof gc)")
        figures[short(b["benchmark"])] = {"ns_op": float(b["primaryMetric"]["score"]),
                                          "ns_op_error": number(b["primaryMetric"].get("scoreError")),
                                          "bytes_op": float(alloc["score"])}
    return figures


def judge(jmh, e2e, baseline):
    rows = []
    base_jmh, base_e2e = baseline.get("jmh", {}), baseline.get("e2e", {})
    for name in sorted(set(jmh) | set(base_jmh)):
        now, base = jmh.get(name), base_jmh.get(name)
        if now is None:
            rows.append({"kind": "jmh-time", "name": name, "verdict": "missing"})
            rows.append({"kind": "jmh-alloc", "name": name, "verdict": "missing"})
            continue
        if base is None:
            rows.append({"kind": "jmh-time", "name": name, "now": now["ns_op"], "verdict": "new"})
            rows.append({"kind": "jmh-alloc", "name": name, "now": now["bytes_op"], "verdict": "new"})
            continue
        band = max(TIME_BAND, (now["ns_op_error"] + base["ns_op_error"]) / base["ns_op"])
        limit = base["ns_op"] * (1 + band)
        rows.append({"kind": "jmh-time", "name": name, "now": now["ns_op"], "base": base["ns_op"], "limit": limit,
                     "verdict": "slower" if now["ns_op"] > limit else "pass"})
        limit = base["bytes_op"] * ALLOC_FACTOR + ALLOC_SLACK
        rows.append({"kind": "jmh-alloc", "name": name, "now": now["bytes_op"], "base": base["bytes_op"],
                     "limit": limit, "verdict": "allocates more" if now["bytes_op"] > limit else "pass"})
    for name in sorted(set(e2e) | set(base_e2e)):
        now, base = e2e.get(name), base_e2e.get(name)
        if now is None:
            rows.append({"kind": "e2e", "name": name, "verdict": "missing"})
            continue
        ratio = now["ratio"]
        if ratio is None:
            raise ValueError(f"{name}: the peer answered nothing, so there is no ratio")
        row = {"kind": "e2e", "name": name, "now": ratio}
        if now["nubo"]["errors"] or now["peer_result"]["errors"]:
            row["verdict"] = f"errors: {now['nubo']['errors']} Nubo, {now['peer_result']['errors']} {now['peer']}"
        elif base is None:
            row["verdict"] = "new"
        else:
            row.update(base=base["ratio"], limit=base["ratio"] * (1 - max(RATIO_BAND, base.get("band", 0.0))))
            row["verdict"] = "slower" if ratio < row["limit"] else "pass"
        rows.append(row)
    return rows


def e2e_baseline(workloads, old):
    """Each workload's ratio joins its last saved ones; the baseline is their mean and spread."""
    out = {}
    for name, w in workloads.items():
        samples = (old.get(name, {}).get("samples", []) + [w["ratio"]])[-RATIO_SAMPLES:]
        mean = sum(samples) / len(samples)
        out[name] = {"ratio": mean, "band": round(max(RATIO_BAND, (max(samples) - min(samples)) / mean), 4),
                     "samples": samples}
    return out


def band(row):
    """The baseline ratio and how far below it a run may fall: "1.20 (-23 %)"."""
    if row.get("base") is None:
        return ""
    return f"{row['base']:,.2f} (-{(1 - row['limit'] / row['base']) * 100:.0f} %)"


def fmt(x, digits=0):
    return "" if x is None else f"{x:,.{digits}f}"


def markdown(title, jmh_doc, e2e_doc, jmh, rows, commit):
    verdict = {(r["kind"], r["name"]): r for r in rows}
    m = e2e_doc["machine"]
    out = [f"# {title}", "",
           f"Run {e2e_doc['date']} at commit {commit}, mode {e2e_doc['mode']}: {m['cpu']}, {m['cores']} cores, "
           f"{m['memory_gib']} GiB; {m['java']}. Regenerated by `perf/run.sh`; verdicts against "
           "`perf/baseline.json` (rules in `perf/gate.py`).", "",
           "## Micro-benchmarks (JMH, average time, `-prof gc`)", "",
           "| benchmark | ns/op | ± (99.9 %) | baseline ns/op | time gate | B/op | baseline B/op | memory gate |",
           "|---|---|---|---|---|---|---|---|"]
    for name in sorted(set(jmh) | {r["name"] for r in rows if r["kind"] == "jmh-time"}):
        t, a, now = verdict[("jmh-time", name)], verdict[("jmh-alloc", name)], jmh.get(name, {})
        out.append(f"| {name} | {fmt(now.get('ns_op'), 1)} | {fmt(now.get('ns_op_error'), 1)} | "
                   f"{fmt(t.get('base'), 1)} | {t['verdict']} | {fmt(now.get('bytes_op'))} | {fmt(a.get('base'))} | "
                   f"{a['verdict']} |")
    out += ["", "## End to end (wrk against the uber-jar and its peers in the same run)", "",
            f"Nubo's resident memory after the run: {e2e_doc['nubo_rss_mib']} MiB (peak {e2e_doc['nubo_peak_rss_mib']}"
            f" MiB). Whole e2e run: {e2e_doc['wall_seconds']} s. For nc-upload and nc-resync (nextcloudcmd against Nubo,"
            " rclone against Apache), req/s means files per second of a whole sync and p50 / p99 the median and the"
            " longest wall time.", "",
            "| workload | connections | Nubo req/s | Nubo p50 / p99 ms | errors | peer | peer req/s | peer p50 / p99 ms "
            "| ratio | baseline ratio (band) | gate |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, w in e2e_doc["workloads"].items():
        n, p, v = w["nubo"], w["peer_result"], verdict[("e2e", name)]
        out.append(f"| {name} | {w['connections']} | {fmt(n['rps'])} | {n['p50_ms']:.1f} / {n['p99_ms']:.1f} | "
                   f"{n['errors']} | {w['peer']} | {fmt(p['rps'])} | {p['p50_ms']:.1f} / {p['p99_ms']:.1f} | "
                   f"{fmt(w['ratio'], 2)} | {band(v)} | {v['verdict']} |")
    for r in rows:
        if r["kind"] == "e2e" and r["verdict"] == "missing":
            out.append(f"| {r['name']} | | | | | | | | | | missing |")
    failed = [r for r in rows if r["verdict"] not in ("pass", "new")]
    out += ["", f"Gates: {len(rows)} evaluated, {len(failed)} failed"
            + (": " + ", ".join(f"{r['name']} ({r['kind']}: {r['verdict']})" for r in failed) if failed else ".")]
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--jmh", required=True)
    p.add_argument("--e2e", required=True)
    p.add_argument("--baseline", required=True)
    p.add_argument("--markdown", required=True)
    p.add_argument("--json", required=True)
    p.add_argument("--enforce", action="store_true")
    p.add_argument("--save-baseline")
    p.add_argument("--title", default="Benchmark results")
    p.add_argument("--commit", default="?")
    a = p.parse_args()
    jmh_doc = json.loads(pathlib.Path(a.jmh).read_text())
    e2e_doc = json.loads(pathlib.Path(a.e2e).read_text())
    base_path = pathlib.Path(a.baseline)
    baseline = json.loads(base_path.read_text()) if base_path.exists() else {}
    jmh = jmh_figures(jmh_doc)
    rows = judge(jmh, e2e_doc["workloads"], baseline)
    pathlib.Path(a.json).write_text(json.dumps({"rows": rows, "enforced": a.enforce}, indent=2) + "\n")
    pathlib.Path(a.markdown).write_text(markdown(a.title, jmh_doc, e2e_doc, jmh, rows, a.commit))
    if a.save_baseline:
        pathlib.Path(a.save_baseline).write_text(json.dumps(
            {"commit": a.commit, "date": e2e_doc["date"], "machine": e2e_doc["machine"], "jmh": jmh,
             "e2e": e2e_baseline(e2e_doc["workloads"], baseline.get("e2e", {}))}, indent=2) + "\n")
    failed = [r for r in rows if r["verdict"] not in ("pass", "new")]
    missing = [r for r in rows if r["verdict"] == "missing" or r["verdict"].startswith("errors")]
    for r in rows:
        print(f"gate: {r['kind']:<9} {r['name']:<40} {r['verdict']}")
    print(f"gate: {len(rows)} gates evaluated, {len(failed)} failed, {len(missing)} of them missing or with errors")
    if missing or (a.enforce and failed):
        sys.exit(1)


if __name__ == "__main__":
    main()
