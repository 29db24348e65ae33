#!/usr/bin/env bash
# Heap allocations per operation of UndraBench cases, counted by valgrind (every Swift allocation
# is a malloc): runs `UndraBench --filter CASE --profile N` for two N and divides the difference
# of valgrind's "total heap usage" by the difference of N, so setup (done once whatever N) cancels.
#   Scripts/count-allocations.sh CASE [N1 N2]     (default 20 and 120 operations)
# With MAX_PER_OPERATION=M in the environment (a decimal), fails when a case allocates more than M
# per operation.
set -euo pipefail
cd "$(dirname "$0")/.."
case="$1"; n1="${2:-20}"; n2="${3:-120}"
swift build -c release --product UndraBench >/dev/null
count() {
    valgrind --tool=memcheck --leak-check=no .build/release/UndraBench --filter "$case" --profile "$1" 2>&1 \
        | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
a="$(count "$n1")"; b="$(count "$n2")"
echo "$case: $((b - a)) allocations in $((n2 - n1)) operations ($(awk "BEGIN { print ($b - $a) / ($n2 - $n1) }") per operation)"
if [[ -n "${MAX_PER_OPERATION:-}" ]] && awk "BEGIN { exit !(($b - $a) > $MAX_PER_OPERATION * ($n2 - $n1)) }"; then
    echo "more than $MAX_PER_OPERATION per operation" >&2
    exit 1
fi
