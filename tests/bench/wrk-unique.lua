-- wrk script for answer-cache-memory.ts: every request a URL never sent before, as a member
-- flooding the kept answers would send them. BENCH_PATHS holds one path a line, taken in turn;
-- "%n%" in a path becomes a number no other request of the run has (thread t of BENCH_THREADS
-- counts t, t + BENCH_THREADS, …), "%long%" a text of BENCH_LONG characters. BENCH_HEADERS
-- (lines "Name: value") are sent with every request.
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end

function init(args)
  stride = tonumber(os.getenv("BENCH_THREADS"))
  n = tid
  turn = 0
  long = string.rep("x", tonumber(os.getenv("BENCH_LONG") or "8000"))
  paths = {}
  for line in string.gmatch(os.getenv("BENCH_PATHS"), "[^\n]+") do
    paths[#paths + 1] = string.gsub(line, "%%long%%", long)
  end
  headers = {}
  for line in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^\n]+") do
    local name, value = string.match(line, "^([^:]+):%s*(.*)$")
    headers[name] = value
  end
end

function request()
  turn = turn % #paths + 1
  n = n + stride
  local path = string.gsub(paths[turn], "%%n%%", tostring(n))
  return wrk.format("GET", path, headers)
end
