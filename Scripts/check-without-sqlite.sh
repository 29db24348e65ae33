#!/usr/bin/env bash
# UndraRuntime builds on a Linux machine without libsqlite3-dev: only UndraSQLite needs SQLite.
# In a mount namespace of its own (the machine is left as it was), the check hides
# libsqlite3-dev's header (sqlite3.h) and proves it hidden (a C file that includes it no longer
# compiles), builds the UndraRuntime target (all of its product) from scratch, and finds no
# import of SQLite in the module it built (the UndraSQLite module records its CSQLite there).
# The runtime library, libsqlite3.so.0, stays: the toolchain itself loads it. Linux only; needs
# root (unshare -m). Usage, from the package root:
#     Scripts/check-without-sqlite.sh
set -euo pipefail
cd "$(dirname "$0")/.."
exec unshare -m bash -euo pipefail -c '
    mount --bind /dev/null /usr/include/sqlite3.h
    probe="$(mktemp -d)"
    printf "#include <sqlite3.h>\n#ifndef SQLITE_VERSION\n#error sqlite3.h is hidden\n#endif\n" > "$probe/probe.c"
    if cc -c "$probe/probe.c" -o "$probe/probe.o" 2>/dev/null; then
        echo "check-without-sqlite: the SQLite development files are not hidden"; exit 1
    fi
    rm -rf "$probe"
    rm -rf .build/without-sqlite
    swift build --scratch-path .build/without-sqlite --target UndraRuntime
    module=.build/without-sqlite/debug/Modules/UndraRuntime.swiftmodule
    test -f "$module"
    if grep -qa -e CSQLite -e SQLite3 "$module"; then   # an import of SQLite would be recorded here
        echo "check-without-sqlite: the UndraRuntime module depends on SQLite"; exit 1
    fi
    echo "check-without-sqlite: UndraRuntime builds with no SQLite header, and does not import SQLite"
' 
