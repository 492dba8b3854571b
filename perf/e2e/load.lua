-- wrk script for perf/e2e/run.py: one kind of request, set by the environment.
--   E2E_METHOD  GET (default), PROPFIND, REPORT or PUT
--   E2E_BODY    a file whose bytes are every request's body (PROPFIND, REPORT)
--   E2E_DEPTH   the Depth header, when set
--   E2E_PUT     for PUT: a name prefix; each request PUTs 64 KiB to PATH<prefix>-<thread>-<n>.bin, a new name
--   E2E_SIZE    for PUT: the body's size in bytes instead (a multiple of 16)
--   E2E_PUT_FOLDERS  for PUT: N; the requests go round the folders PATHd0/ .. PATHd<N-1>/ (each thread starting
--               elsewhere), so that N writes into N different folders are in flight at once
-- The Authorization header comes from wrk's -H. done() prints the RESULT line run.py parses.
local method = os.getenv("E2E_METHOD") or "GET"
local put = os.getenv("E2E_PUT")
local body = nil
local path = os.getenv("E2E_BODY")
if path and path ~= "" then
  local f = assert(io.open(path, "rb"))
  body = f:read("*a")
  f:close()
end
local folders = tonumber(os.getenv("E2E_PUT_FOLDERS") or "0")
if put then
  body = string.rep("0123456789abcdef", math.floor(tonumber(os.getenv("E2E_SIZE") or "65536") / 16))
end
wrk.method = method
wrk.body = body
if os.getenv("E2E_DEPTH") then
  wrk.headers["Depth"] = os.getenv("E2E_DEPTH")
end
if method == "PROPFIND" or method == "REPORT" then
  wrk.headers["Content-Type"] = "application/xml; charset=utf-8"
end

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end

local n = 0
function request()
  if put then
    n = n + 1
    local dir = ""
    if folders > 0 then
      dir = "d" .. ((n + id * 7) % folders) .. "/"
    end
    return wrk.format("PUT", wrk.path .. dir .. put .. "-" .. id .. "-" .. n .. ".bin", nil, body)
  end
  return wrk.request()
end

function done(summary, latency, requests)
  local dur = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format("RESULT reqs=%d dur=%.2f rps=%.2f p50=%.3f p99=%.3f non2xx=%d sockerr=%d\n",
    summary.requests, dur, summary.requests / dur, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
