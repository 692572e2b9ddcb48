-- wrk script for the write targets of api-throughput.ts: every request carries a new
-- Idempotency-Key (as the PWA sends one per user action), so none is answered from the key store.
-- BENCH_METHOD, BENCH_PATH, BENCH_BODY and BENCH_HEADERS (lines "Name: value") come from the
-- environment; BENCH_RUN makes the keys of one run differ from every other run's.
-- BENCH_BY (lines "path<TAB>cookie<TAB>CSRF token"): several accounts' writes, each request the
-- next line; each of the BENCH_THREADS threads takes its own lines (every n-th), so no two threads
-- write the same row at once, and a thread's requests in flight are different lines' while it has
-- more lines than connections.
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end

function init(args)
  n = 0
  prefix = os.getenv("BENCH_RUN") .. "-" .. tid .. "-"
  method = os.getenv("BENCH_METHOD")
  path = os.getenv("BENCH_PATH")
  body = os.getenv("BENCH_BODY")
  headers = {}
  for line in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^\n]+") do
    local name, value = string.match(line, "^([^:]+):%s*(.*)$")
    headers[name] = value
  end
  by = {}
  local count = tonumber(os.getenv("BENCH_THREADS") or "1")
  local i = 0
  for line in string.gmatch(os.getenv("BENCH_BY") or "", "[^\n]+") do
    if i % count == tid - 1 then
      local p, cookie, token = string.match(line, "^([^\t]+)\t([^\t]+)\t([^\t]+)$")
      by[#by + 1] = { path = p, cookie = cookie, token = token }
    end
    i = i + 1
  end
end

function request()
  n = n + 1
  headers["Idempotency-Key"] = prefix .. n
  if #by == 0 then
    return wrk.format(method, path, headers, body)
  end
  local one = by[(n - 1) % #by + 1]
  headers["Cookie"] = one.cookie
  headers["x-xsrf-token"] = one.token
  return wrk.format(method, one.path, headers, body)
end
