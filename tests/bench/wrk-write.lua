-- wrk script for the write targets of api-throughput.ts: every request carries a new
-- Idempotency-Key (as the PWA sends one per user action), so none is answered from the key store.
-- BENCH_METHOD, BENCH_PATH, BENCH_BODY and BENCH_HEADERS (lines "Name: value") come from the
-- environment; BENCH_RUN makes the keys of one run differ from every other run's.
-- A body with "%toggle%" alternates true and false (a step ticked and unticked).
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
end

function request()
  n = n + 1
  headers["Idempotency-Key"] = prefix .. n
  local text = string.gsub(body, "%%toggle%%", (n % 2 == 0) and "true" or "false")
  return wrk.format(method, path, headers, text)
end
