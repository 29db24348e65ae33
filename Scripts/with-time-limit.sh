#!/usr/bin/env bash
# Usage: Scripts/with-time-limit.sh SECONDS command [arguments…]
#
# Runs a test command with its output line-buffered, so that a log cut short ends at the last
# event. If the command is still running after SECONDS, prints the tests that started and did not
# finish and every thread's stack in the test process, stops it and exits 124: a test that waits
# for ever fails the run in minutes and says where, instead of running into CI's own limit.
set -uo pipefail
limit=$1
shift
log="$(mktemp)"
stdbuf -oL -eL "$@" > >(tee "$log") 2>&1 &
pid=$!
start=$SECONDS
while kill -0 "$pid" 2>/dev/null; do
    if (( SECONDS - start >= limit )); then
        echo "== still running after ${limit} s: the tests that started and did not finish"
        python3 - "$log" <<'PY'
import re, sys
started, finished = [], set()
for line in open(sys.argv[1], errors="replace"):
    if m := re.search(r"Test (\S+\)) started", line):
        started.append(m.group(1))
    elif m := re.search(r"Test (\S+\)).* (passed|failed|skipped)", line):
        finished.add(m.group(1))
for name in started:
    if name not in finished:
        print("   ", name)
PY
        echo "== the stacks of the test process"
        command -v gdb >/dev/null || apt-get install -y -q gdb >/dev/null 2>&1
        for child in $(pgrep -P "$pid" -f PackageTests); do
            gdb -p "$child" -batch -ex "thread apply all bt 30" 2>/dev/null | grep -E "^Thread|^#"
        done
        pkill -P "$pid"
        kill "$pid"
        exit 124
    fi
    sleep 2
done
wait "$pid"
