#!/usr/bin/env python3
"""The public API check: the API of each library product against its committed baseline.

A Rust crate's public items are checked the same way (Scripts/rust_api.py reads them from
rustdoc's JSON): a public item removed or changed, a trait's new required item, an exhaustive
enum's new variant. A module's API is read from the symbol graphs SwiftPM emits (`swift package dump-symbol-graph`):
one line per public declaration (its kind, its path, its declaration, the constraints of its
extension and generics) and one per conformance of a public type. The baseline,
`api/<Module>.api`, is that text as last released (or, before the first release, as promised
for it); it changes only on purpose.

A change is **breaking** when code that compiled against the baseline may not compile now:

- a declaration of the baseline is gone, or changed (its line differs): a name, a type, a
  label, a constraint;
- a conformance of the baseline is gone;
- a protocol of the baseline has a new requirement with no default implementation (its
  conformers no longer compile);
- an enum of the baseline has a new case (an exhaustive `switch` over it no longer compiles).

Additions are not breaking; they join the baseline at the next `--update`.

Usage, from the package root:

    python3 Scripts/check-api.py            # exits 1 naming each breaking change
    python3 Scripts/check-api.py --update   # writes the current API as the baseline
    python3 Scripts/check-api.py --history  # each commit that removed baseline lines also
                                            # changed CHANGELOG.md
    python3 Scripts/check-api.py --package-path PATH [--update]   # another package, or
    python3 Scripts/check-api.py --rust-crate PATH [--update]     # another crate, alone (the
                                            # check's own test, Scripts/test-check-api.sh)

A breaking change is made deliberately: `--update`, and a CHANGELOG.md line naming it, in the
same commit (`--history`, which CI runs, checks that every such commit did both).
"""
import glob
import json
import os
import subprocess
import sys

import package_symbols
import rust_api

BASELINE_FOLDER = "api"
# The Rust crates whose public items are checked the same way (baseline: <crate>/api/<name>.api).
RUST_CRATES = ["rust/undra-core"]
PACKAGE = []  # ["--package-path", PATH] for another package than the current folder's
ONLY_RUST = []  # [True] with --rust-crate: that crate only


def library_modules():
    return package_symbols.library_modules(PACKAGE)


def symbol_graph_folder():
    return package_symbols.symbol_graph_folder(PACKAGE, "check-api")


def constraints_text(constraints):
    parts = []
    for constraint in constraints:
        relation = {"conformance": ": ", "sameType": " == ", "superclass": ": "}.get(constraint["kind"], " ? ")
        parts.append(constraint["lhs"] + relation + constraint["rhs"])
    return ", ".join(sorted(set(parts)))


class API:
    """A module's API: its lines, and what the breakage rules need to know about them."""

    def __init__(self):
        self.lines = set()
        # The path of each requirement with no default implementation, by its protocol's path.
        self.requirements = {}
        # The cases of each enum, by the enum's path.
        self.cases = {}


def read_api(folder, module):
    api = API()
    paths = [os.path.join(folder, module + ".symbols.json")]
    paths += sorted(glob.glob(os.path.join(folder, module + "@*.symbols.json")))
    for path in paths:
        with open(path) as file:
            graph = json.load(file)
        extended = os.path.basename(path)[len(module):-len(".symbols.json")].lstrip("@")
        prefix = extended + "." if extended else ""
        symbols = {}
        for symbol in graph["symbols"]:
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            name = prefix + ".".join(symbol["pathComponents"])
            symbols[symbol["identifier"]["precise"]] = (name, symbol)
            declaration = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            where = constraints_text(symbol.get("swiftGenerics", {}).get("constraints", [])
                                     + symbol.get("swiftExtension", {}).get("constraints", []))
            kind = symbol["kind"]["identifier"].replace("swift.", "")
            line = f"{kind} {name}: {declaration}"
            if where:
                line += f" where {where}"
            api.lines.add(line)
        defaults = {r["target"] for r in graph["relationships"] if r["kind"] == "defaultImplementationOf"}
        for relationship in graph["relationships"]:
            source = symbols.get(relationship["source"])
            if source is None:
                continue
            target = symbols.get(relationship["target"])
            target_name = target[0] if target else relationship.get("targetFallback", relationship["target"])
            if relationship["kind"] == "conformsTo":
                api.lines.add(f"conformance {source[0]}: {target_name}")
            elif relationship["kind"] == "requirementOf" and relationship["source"] not in defaults:
                api.requirements.setdefault(target_name, set()).add(source[0])
            elif relationship["kind"] == "memberOf" and source[1]["kind"]["identifier"] == "swift.enum.case":
                api.cases.setdefault(target_name, set()).add(source[0])
    return api


def baseline_path(module):
    return os.path.join(BASELINE_FOLDER, module + ".api")


def read_baseline(path):
    if not os.path.exists(path):
        sys.exit(f"check-api: no baseline at {path}: run with --update")
    with open(path) as file:
        return {line.rstrip("\n") for line in file if line.strip() and not line.startswith("#")}


def header(module):
    return (f"# The public API of {module}: what code built against this package may rely on.\n"
            "# Generated by Scripts/check-api.py --update; a line removed or changed is a breaking\n"
            "# change, and needs a CHANGELOG.md line in the same commit (docs/RELEASING.md).\n")


def breaking_changes(baseline, api):
    """What code built against `baseline` may no longer compile against `api`, one line each."""
    found = []
    for line in sorted(baseline - api.lines):
        found.append(("removed or changed: " if not line.startswith("conformance ") else "conformance removed: ") + line)
    baseline_names = {line.split(" ", 2)[1].rstrip(":") for line in baseline}
    for protocol, requirements in sorted(api.requirements.items()):
        if protocol not in baseline_names:
            continue
        for requirement in sorted(requirements):
            if requirement not in baseline_names:
                found.append(f"new requirement of {protocol}, with no default implementation: {requirement}")
    for enum, cases in sorted(api.cases.items()):
        if enum not in baseline_names:
            continue
        for case in sorted(cases):
            if case not in baseline_names:
                found.append(f"new case of {enum} (an exhaustive switch over it breaks): {case}")
    return found


def check_history():
    """Every commit that removed lines of a baseline also changed CHANGELOG.md."""
    folders = [BASELINE_FOLDER] + [os.path.join(crate, "api") for crate in RUST_CRATES]
    log = subprocess.run(["git", "log", "--format=%H", "--", *folders],
                         check=True, capture_output=True, text=True).stdout.split()
    failures = []
    for commit in log:
        diff = subprocess.run(["git", "show", "--format=", "--unified=0", commit, "--", *folders],
                              check=True, capture_output=True, text=True).stdout
        removed = [line for line in diff.splitlines()
                   if line.startswith("-") and not line.startswith("---") and not line.startswith("-#")]
        if not removed:
            continue
        changed = subprocess.run(["git", "show", "--format=", "--name-only", commit],
                                 check=True, capture_output=True, text=True).stdout.split()
        if "CHANGELOG.md" not in changed:
            failures.append(f"{commit[:10]} removes {len(removed)} baseline lines (first: {removed[0][1:]}) "
                            "and does not change CHANGELOG.md")
    for failure in failures:
        print(f"check-api: {failure}")
    if failures:
        sys.exit(1)
    print(f"check-api: each of the {len(log)} commits that changed a baseline kept the changelog rule")


def targets():
    """(name, baseline path, API) of each library module, and of each Rust crate (RUST_CRATES)."""
    found = []
    if not ONLY_RUST:
        folder = symbol_graph_folder()
        for module in library_modules():
            found.append((module, baseline_path(module), read_api(folder, module)))
    if not PACKAGE:
        for crate_dir in RUST_CRATES:
            name, document = rust_api.generate(crate_dir)
            api = API()
            api.lines, api.requirements, api.cases = rust_api.public_api(document)
            found.append((name, os.path.join(crate_dir, "api", name + ".api"), api))
    return found


def main():
    global BASELINE_FOLDER
    arguments = sys.argv[1:]
    if "--package-path" in arguments:
        path = arguments[arguments.index("--package-path") + 1]
        PACKAGE.extend(["--package-path", path])
        BASELINE_FOLDER = os.path.join(path, "api")
    if "--rust-crate" in arguments:
        RUST_CRATES[:] = [arguments[arguments.index("--rust-crate") + 1]]
        ONLY_RUST.append(True)
    if "--history" in arguments:
        check_history()
        return
    if "--update" in arguments:
        for name, path, api in targets():
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as file:
                file.write(header(name))
                file.writelines(line + "\n" for line in sorted(api.lines))
            print(f"check-api: {path}: {len(api.lines)} lines")
        return
    failed = False
    for name, path, api in targets():
        baseline = read_baseline(path)
        changes = breaking_changes(baseline, api)
        added = len(api.lines - baseline)
        for change in changes:
            print(f"{path}: breaking: {change}")
        if changes:
            failed = True
        print(f"check-api: {name}: {len(changes)} breaking changes, {added} additions to the baseline's "
              f"{len(baseline)} lines")
    if failed:
        sys.exit("check-api: the public API breaks its baseline; if on purpose, run --update and add a "
                 "CHANGELOG.md line naming the change, in the same commit")


if __name__ == "__main__":
    main()
