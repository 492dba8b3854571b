-- wrk script for perf/e2e/run.py: the mixed load. Of every 20 requests a connection sends, 8 list a folder of 100
-- files, 5 GET a 4 KiB file, 4 PROPFIND (Depth 1) that folder, 3 PUT 64 KiB to a new name.
--   E2E_LIST         the listing's path (Nubo: the REST listing /api/files/ID/children; a peer: the folder)
--   E2E_LIST_METHOD  GET (REST) or PROPFIND (a peer without a REST API lists the folder the WebDAV way)
--   E2E_FOLDER       the WebDAV path of the 100-file folder
--   E2E_FILE         the WebDAV path of the 4 KiB file
--   E2E_PUT          a WebDAV path prefix for new files (PREFIX-<thread>-<n>.bin)
-- The Authorization header comes from wrk's -H. done() prints the RESULT line run.py parses.
local list = os.getenv("E2E_LIST")
local list_method = os.getenv("E2E_LIST_METHOD") or "GET"
local folder = os.getenv("E2E_FOLDER")
local file = os.getenv("E2E_FILE")
local put = os.getenv("E2E_PUT")
local propfind = '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/>'
  .. '<d:getcontentlength/><d:getlastmodified/><d:getetag/><d:getcontenttype/></d:prop></d:propfind>'
-- wrk.format sends only the headers it is given, so the PROPFIND's carry wrk's own (Host, Authorization) too
local xml_headers = nil
local function xml()
  if not xml_headers then
    xml_headers = {}
    for k, v in pairs(wrk.headers) do xml_headers[k] = v end
    xml_headers["Depth"] = "1"
    xml_headers["Content-Type"] = "application/xml; charset=utf-8"
  end
  return xml_headers
end
local payload = string.rep("0123456789abcdef", 4096)

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end

local n = 0
function request()
  n = n + 1
  local k = n % 20
  if k < 8 then
    if list_method == "PROPFIND" then
      return wrk.format("PROPFIND", list, xml(), propfind)
    end
    return wrk.format("GET", list)
  elseif k < 13 then
    return wrk.format("GET", file)
  elseif k < 17 then
    return wrk.format("PROPFIND", folder, xml(), propfind)
  end
  return wrk.format("PUT", put .. "-" .. id .. "-" .. n .. ".bin", nil, payload)
end

function done(summary, latency, requests)
  local dur = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format("RESULT reqs=%d dur=%.2f rps=%.2f p50=%.3f p99=%.3f non2xx=%d sockerr=%d\n",
    summary.requests, dur, summary.requests / dur, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
