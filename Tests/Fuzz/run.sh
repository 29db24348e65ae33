#!/usr/bin/env bash
# Fuzzes the wire's frame and command decoders with libFuzzer and AddressSanitizer.
#   Tests/Fuzz/run.sh [SECONDS | -runs=N] [more libFuzzer flags]   (default: 60 seconds)
# Builds the library and the Todos store of the tests with -sanitize=fuzzer,address into
# .build/fuzz, seeds the corpus with the golden vectors (Tests/WireVectors), and fails on any
# crash, trap or leak. A crashing input is left in .build/fuzz/crashes: once fixed, it becomes a
# regression test beside the other malformed inputs (Tests/UndraRuntimeTests/Wire/WireDecodingErrorTests.swift).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build/fuzz
mkdir -p "$out/include" "$out/corpus" "$out/crashes"

limit=(-max_total_time=60)
if [[ $# -gt 0 && "$1" =~ ^[0-9]+$ ]]; then limit=(-max_total_time="$1"); shift; fi
if [[ $# -gt 0 && "$1" == -runs=* ]]; then limit=("$1"); shift; fi

# The atomics' C target, with a module map for swiftc (SwiftPM writes one of its own); the
# system SQLite's module map is the package's own (Sources/CSQLite).
cp Sources/CUndraAtomics/include/CUndraAtomics.h "$out/include/"
printf 'module CUndraAtomics {\n  header "CUndraAtomics.h"\n  export *\n}\n' > "$out/include/module.modulemap"
clang -c -O1 -fsanitize=fuzzer-no-link,address -I "$out/include" Sources/CUndraAtomics/Atomics.c -o "$out/atomics.o"

swiftc -c -O -parse-as-library -wmo -sanitize=fuzzer,address -module-name UndraRuntime -package-name undraruntime \
    -I "$out/include" -I Sources/CSQLite -emit-module -emit-module-path "$out/UndraRuntime.swiftmodule" \
    $(find Sources/UndraRuntime -name '*.swift' | sort) -o "$out/UndraRuntime.o"
swiftc -O -parse-as-library -sanitize=fuzzer,address -module-name WireFuzzer -package-name undraruntime -I "$out" -I "$out/include" -I Sources/CSQLite \
    Tests/Fuzz/WireFuzzer.swift Tests/UndraRuntimeTests/Store/TodosExample.swift \
    Tests/UndraRuntimeTests/Wire/TodosWire.swift "$out/UndraRuntime.o" "$out/atomics.o" -lsqlite3 -o "$out/wire-fuzzer"

# Seeds: every golden vector, as raw bytes.
python3 - "$out/corpus" Tests/WireVectors/*.vectors <<'PY'
import sys
for path in sys.argv[2:]:
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        name, _, hex = line.rstrip("\n").partition(" ")
        open(f"{sys.argv[1]}/{name}", "wb").write(bytes.fromhex(hex))
PY

"$out/wire-fuzzer" "$out/corpus" -artifact_prefix="$out/crashes/" -print_final_stats=1 "${limit[@]}" "$@"
