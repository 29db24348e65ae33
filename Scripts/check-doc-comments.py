#!/usr/bin/env python3
"""Doc-comment coverage: every public declaration of a library product has a doc comment.

The declarations are those of the symbol graphs SwiftPM emits (`swift package
dump-symbol-graph`), for the modules of the package's library products: public and open symbols,
their members, and their extensions of other modules' types. A declaration that implements a
protocol requirement, or overrides a member, with no comment of its own has the requirement's
(the symbol graph gives it the inherited comment, as DocC shows it), so it counts as documented.
Members the compiler synthesizes (`Equatable`'s `==`, `Codable`'s) are left out.

Usage, from the package root:

    python3 Scripts/check-doc-comments.py [--summary]

Prints each undocumented declaration as `file:line: kind name` and exits 1 if any; `--summary`
also prints the count per module and per folder.
"""
import collections
import glob
import json
import os
import sys

from package_symbols import library_modules, symbol_graph_folder


def undocumented(folder, module):
    """(path, line, kind, name) of each public declaration of `module` with no doc comment."""
    found = []
    paths = [os.path.join(folder, module + ".symbols.json")]
    paths += sorted(glob.glob(os.path.join(folder, module + "@*.symbols.json")))
    for path in paths:
        if not os.path.exists(path):
            sys.exit(f"check-doc-comments: no symbol graph for {module} ({path})")
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            if symbol.get("docComment", {}).get("lines"):
                continue
            location = symbol.get("location", {})
            uri = location.get("uri", "")
            file = uri[len("file://"):] if uri.startswith("file://") else uri
            file = os.path.relpath(file) if file else "?"
            line = location.get("position", {}).get("line", -1) + 1
            kind = symbol["kind"]["displayName"].lower()
            found.append((file, line, kind, ".".join(symbol["pathComponents"])))
    return found


def main():
    summary = "--summary" in sys.argv[1:]
    folder = symbol_graph_folder(tool="check-doc-comments")
    missing = []
    per_module = collections.Counter()
    for module in library_modules():
        found = undocumented(folder, module)
        per_module[module] = len(found)
        missing.extend(found)
    missing.sort()
    for file, line, kind, name in missing:
        print(f"{file}:{line}: {kind} {name} has no doc comment")
    if summary:
        for module, count in per_module.items():
            print(f"{module}: {count} undocumented")
        folders = collections.Counter(os.path.dirname(file) for file, *_ in missing)
        for name, count in folders.most_common():
            print(f"  {name}: {count}")
    if missing:
        sys.exit(f"check-doc-comments: {len(missing)} public declarations without a doc comment")
    print("check-doc-comments: every public declaration of " + ", ".join(per_module) + " has a doc comment")


if __name__ == "__main__":
    main()
