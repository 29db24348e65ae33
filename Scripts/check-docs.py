#!/usr/bin/env python3
"""Checks the Swift examples of README.md and docs/*.md against the library. From the root:

    python3 Scripts/check-docs.py [FILE.md ...]

The rule, because a reader follows a guide from top to bottom: the ```swift blocks of one Markdown
file, concatenated in order, form one program, which must compile against the library with no
error and no warning. A block that is deliberately a fragment is marked ```swift fragment: it is
skipped, and the skip is printed. Where a file shows what its program prints, in ```output
blocks, the program is also run, and what it prints must be those blocks, concatenated in
order (trailing spaces aside).

Each file becomes an executable target of one scratch package under .build/check-docs, built
against the library in debug (the library is compiled once for all files), in Swift 6 mode with
the dynamic actor-isolation checks on; a file with a line `import UndraTesting` is built against
that product too. Errors and warnings are reported at their line in the Markdown file.

Blocks marked with a generated package's name (```swift ScoreKit, and ```output ScoreKit for what
they print) are a second program of their file, built against that package too, as an app is:
the README's main-actor view model over the generated Score store. It talks to the Score core as
a child process, whose executable it reads from UNDRA_SCORE_CORE_EXECUTABLE; CI sets it, and
without it the program is compiled but not run (and the line says so).

Exit status 0 only if every file passes.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.getcwd()
WORK = os.path.join(ROOT, ".build", "check-docs")
PACKAGE = os.path.join(WORK, "package")
BLOCK = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
# Prepended to every program (as the shared doc-blocks tool does), so a guide need not repeat them.
PRELUDE = ["import Foundation", "import UndraRuntime", ""]
# The generated packages a block may name: their sources (all but the file that links the Rust
# library, which a child-process core does not need), and the variable naming the core's executable.
GENERATED = {
    "ScoreKit": ("Tests/Generated/Score/ScoreKit/Sources/ScoreKit", "ScoreCore+Linked.swift", "UNDRA_SCORE_CORE_EXECUTABLE"),
}


def blocks_of(path):
    """The file's programs by the package their blocks name ("" for the library alone), each as
    its Swift source lines, each line with its Markdown line number; each program's expected
    output (None when it shows none); and how many fragments the file skipped."""
    text = open(path, encoding="utf-8").read()
    sources, outputs, skipped = {}, {}, 0
    for match in BLOCK.finditer(text):
        info = match.group(1).strip().split()
        first_line = text.count("\n", 0, match.start(2)) + 1
        body = match.group(2)
        package = info[1] if len(info) == 2 and info[1] in GENERATED else ""
        if info and info[0] == "swift" and (len(info) == 1 or package):
            source = sources.setdefault(package, [(line, None) for line in PRELUDE])
            source.append(("// " + path + ":" + str(first_line), None))
            for offset, line in enumerate(body.splitlines()):
                source.append((line, first_line + offset))
        elif info and info[0].startswith("swift"):
            skipped += 1
        elif info and info[0] == "output" and (len(info) == 1 or package):
            outputs[package] = (outputs.get(package) or "") + body
    return sources, outputs, skipped


def target_name(path, package=""):
    return "Doc_" + re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0]) + ("_" + package if package else "")


def write_if_changed(path, content):
    """Keeps the file's date when its content is the same, so builds stay incremental."""
    if os.path.exists(path) and open(path, encoding="utf-8").read() == content:
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, "w", encoding="utf-8").write(content)


def write_package(programs, packages):
    """`programs`: target name → source; `packages`: target name → the generated package it
    also uses ("" for none)."""
    link = os.path.join(WORK, "UndraRuntime")
    os.makedirs(WORK, exist_ok=True)
    if not os.path.islink(link):
        os.symlink(ROOT, link)
    def dependencies(name):
        # A guide that imports another library product (UndraTesting in docs/TESTING.md,
        # UndraSQLite in docs/SQLITE.md) gets that product too.
        products = ["UndraRuntime"] + [product for product in ("UndraSQLite", "UndraTesting")
                                       if any(l.strip() == "import " + product for l, _ in programs[name])]
        listed = ['.product(name: "%s", package: "UndraRuntime")' % product for product in products]
        return ", ".join(listed + (['"%s"' % packages[name]] if packages[name] else []))
    checks = 'swiftSettings: [.unsafeFlags(["-enable-actor-data-race-checks"])]'
    targets = [
        '    .executableTarget(name: "%s", dependencies: [%s], %s)' % (name, dependencies(name), checks)
        for name in sorted(programs)]
    for package in sorted(set(packages.values()) - {""}):
        folder, linking, _ = GENERATED[package]
        generated = os.path.join(PACKAGE, "Generated", package)
        os.makedirs(os.path.dirname(generated), exist_ok=True)
        if not os.path.islink(generated):
            os.symlink(os.path.join(ROOT, folder), generated)
        targets.append('    .target(name: "%s", dependencies: [.product(name: "UndraRuntime", package: "UndraRuntime")], '
                       'path: "Generated/%s", exclude: ["%s"])' % (package, package, linking))
    write_if_changed(os.path.join(PACKAGE, "Package.swift"), (
        "// swift-tools-version:6.0\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        '  name: "DocExamples",\n'
        '  platforms: [.macOS(.v12)],\n'
        '  dependencies: [.package(path: "../UndraRuntime")],\n'
        "  targets: [\n%s\n  ]\n)\n") % ",\n".join(targets))
    for name, source in programs.items():
        write_if_changed(os.path.join(PACKAGE, "Sources", name, "main.swift"), "\n".join(l for l, _ in source) + "\n")


def diagnostics(log, name, source):
    """The build's errors and warnings in this program, at their Markdown lines."""
    found = []
    pattern = re.compile(r"Sources/%s/main\.swift:(\d+):\d+: (error|warning): (.*)" % re.escape(name))
    for line in log.splitlines():
        match = pattern.search(line)
        if not match:
            continue
        index = int(match.group(1)) - 1
        where = source[index][1] if 0 <= index < len(source) else None
        entry = "line %s: %s: %s" % (where if where else "?", match.group(2), match.group(3))
        if entry not in found:
            found.append(entry)
    return found


def normalized(text):
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def forget_build_if_files_changed(scratch):
    """SwiftPM keeps planning the library from its old file list when files were added, moved or
    removed behind the package's link ("missing inputs"): start that build afresh then."""
    listing = "\n".join(sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*"), recursive=True)))
    record = os.path.join(WORK, "sources.txt")
    if os.path.exists(record) and open(record, encoding="utf-8").read() == listing:
        return
    shutil.rmtree(scratch, ignore_errors=True)
    write_if_changed(record, listing)


def check(path, name, source, expected, note, scratch, executable_variable):
    """Builds and runs one program; prints its line; returns whether it passed."""
    build = subprocess.run(
        ["swift", "build", "--package-path", PACKAGE, "--scratch-path", scratch, "--product", name],
        capture_output=True, text=True)
    found = diagnostics(build.stdout + build.stderr, name, source)
    what = path + (" (%s)" % name.split("_")[-1] if executable_variable else "")
    if build.returncode != 0 or found:
        print("%s: does not compile cleanly%s" % (what, note))
        for entry in found or [(build.stdout + build.stderr).strip()[-2000:]]:
            print("  %s:%s" % (path, entry[len("line "):] if entry.startswith("line ") else " " + entry))
        return False
    blocks = sum(1 for line, where in source if where is None and line.startswith("// "))
    counted = "1 block compiles" if blocks == 1 else "%d blocks compile" % blocks
    if expected is None:
        print("%s: %s%s" % (what, counted, note))
        return True
    if executable_variable and not os.environ.get(executable_variable):
        print("%s: %s, not run: %s is not set%s" % (what, counted, executable_variable, note))
        return True
    try:
        run = subprocess.run([os.path.join(scratch, "debug", name)], capture_output=True, text=True, timeout=120)
        printed, status = run.stdout, run.returncode
    except subprocess.TimeoutExpired as timeout:
        printed, status = (timeout.stdout or b"").decode() if isinstance(timeout.stdout, bytes) else (timeout.stdout or ""), "timeout"
    if status != 0 or normalized(printed) != normalized(expected):
        print("%s: %s, but the program (exit %s) printed something else%s" % (what, counted, status, note))
        print("  expected:\n" + "\n".join("    " + l for l in normalized(expected).splitlines()))
        print("  printed:\n" + "\n".join("    " + l for l in normalized(printed).splitlines()))
        return False
    runs = "runs" if blocks == 1 else "run"
    against = " against the core in a child process" if executable_variable else ""
    print("%s: %s and %s%s as the text says%s" % (what, counted, runs, against, note))
    return True


def main(arguments):
    if not os.path.exists(os.path.join(ROOT, "Package.swift")):
        sys.exit("check-docs: run from the package's root")
    files = arguments or ["README.md"] + sorted(glob.glob("docs/*.md"))
    programs, packages, parsed = {}, {}, {}
    for path in files:
        parsed[path] = blocks_of(path)
        for package, source in parsed[path][0].items():
            if len(source) > len(PRELUDE):
                programs[target_name(path, package)] = source
                packages[target_name(path, package)] = package
    write_package(programs, packages)
    scratch = os.path.join(WORK, "build")
    forget_build_if_files_changed(scratch)
    failed = set()
    for path in files:
        sources, outputs, skipped = parsed[path]
        note = " (%d fragment%s skipped)" % (skipped, "" if skipped == 1 else "s") if skipped else ""
        names = [(package, target_name(path, package)) for package in sorted(sources) if target_name(path, package) in programs]
        if not names:
            print("%s: no Swift blocks%s" % (path, note))
            continue
        for package, name in names:
            variable = GENERATED[package][2] if package else None
            if not check(path, name, programs[name], outputs.get(package), note, scratch, variable):
                failed.add(path)
    print("%d of %d files pass" % (len(files) - len(failed), len(files)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
