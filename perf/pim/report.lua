-- wrk script for perf/pim/bench.sh: the same REPORT on every request.
-- Env: PIM_BODY (path of the XML body, required), PIM_DEPTH (the Depth header, default 1).
-- The Authorization header comes from wrk's -H. done() prints one RESULT line that bench.sh parses.
local path = os.getenv("PIM_BODY") or error("PIM_BODY is not set")
local f = assert(io.open(path, "rb"))
wrk.method = "REPORT"
wrk.body = f:read("*a")
f:close()
wrk.headers["Depth"] = os.getenv("PIM_DEPTH") or "1"
wrk.headers["Content-Type"] = "application/xml; charset=utf-8"

function done(summary, latency, requests)
  local dur = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format(
    "RESULT reqs=%d dur=%.2f rps=%.2f p50=%.2f p90=%.2f p99=%.2f max=%.2f non2xx=%d sockerr=%d timeouts=%d\n",
    summary.requests, dur, summary.requests / dur,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    e.status, e.connect + e.read + e.write + e.timeout, e.timeout))
end
