#!/usr/bin/env bash
# The API reference: each library product's DocC catalog (Sources/<Module>/<Module>.docc) with
# its module's symbol graphs, built by the toolchain's docc into .build/docs/<Module>.doccarchive.
# Any warning fails the build: a link that does not resolve, a symbol curated twice, a parameter
# without documentation (docc --analyze). Usage, from the package root: Scripts/build-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."

graphs="$(swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
    | sed -n 's/^Files written to //p')"
test -d "$graphs"
modules="$(swift package describe --type json | python3 -c '
import json, sys
products = json.load(sys.stdin)["products"]
print(" ".join(sorted({t for p in products if "library" in p["type"] for t in p["targets"]})))')"
mkdir -p .build/docs
for module in $modules; do
    catalog="Sources/$module/$module.docc"
    test -d "$catalog" || { echo "build-docs: $module has no catalog ($catalog)"; exit 1; }
    module_graphs="$(mktemp -d)"
    cp "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || \
        cp "$graphs/$module.symbols.json" "$module_graphs/"
    docc convert "$catalog" --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "dev.undra.$module" \
        --output-path ".build/docs/$module.doccarchive" --warnings-as-errors --analyze
    rm -rf "$module_graphs"
    echo "build-docs: $module: .build/docs/$module.doccarchive"
done
