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
against the library in debug (the library is compiled once for all files); a file with a line
`import UndraTesting` is built against that product too. Errors and warnings
are reported at their line in the Markdown file. Exit status 0 only if every file passes.
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


def blocks_of(path):
    """The file's Swift source lines, each with its Markdown line number; its expected output
    (None when it shows none); and how many fragments it skipped."""
    text = open(path, encoding="utf-8").read()
    source = [(line, None) for line in PRELUDE]
    output, skipped = None, 0
    for match in BLOCK.finditer(text):
        info = match.group(1).strip()
        first_line = text.count("\n", 0, match.start(2)) + 1
        body = match.group(2)
        if info == "swift":
            source.append(("// " + path + ":" + str(first_line), None))
            for offset, line in enumerate(body.splitlines()):
                source.append((line, first_line + offset))
        elif info.startswith("swift"):
            skipped += 1
        elif info == "output":
            output = (output or "") + body
    return source, output, skipped


def target_name(path):
    return "Doc_" + re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])


def write_if_changed(path, content):
    """Keeps the file's date when its content is the same, so builds stay incremental."""
    if os.path.exists(path) and open(path, encoding="utf-8").read() == content:
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, "w", encoding="utf-8").write(content)


def write_package(programs):
    link = os.path.join(WORK, "UndraRuntime")
    os.makedirs(WORK, exist_ok=True)
    if not os.path.islink(link):
        os.symlink(ROOT, link)
    def dependencies(source):
        # A guide that imports the test library (docs/TESTING.md) gets its product too.
        products = ["UndraRuntime"] + (["UndraTesting"] if any(l.strip() == "import UndraTesting" for l, _ in source) else [])
        return ", ".join('.product(name: "%s", package: "UndraRuntime")' % product for product in products)
    targets = ",\n".join(
        '    .executableTarget(name: "%s", dependencies: [%s])' % (name, dependencies(programs[name]))
        for name in sorted(programs))
    write_if_changed(os.path.join(PACKAGE, "Package.swift"), (
        "// swift-tools-version:6.0\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        '  name: "DocExamples",\n'
        '  dependencies: [.package(path: "../UndraRuntime")],\n'
        "  targets: [\n%s\n  ]\n)\n") % targets)
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


def main(arguments):
    if not os.path.exists(os.path.join(ROOT, "Package.swift")):
        sys.exit("check-docs: run from the package's root")
    files = arguments or ["README.md"] + sorted(glob.glob("docs/*.md"))
    programs, expectations, skips = {}, {}, {}
    for path in files:
        source, output, skipped = blocks_of(path)
        skips[path] = skipped
        if len(source) > len(PRELUDE):
            programs[target_name(path)] = source
            expectations[path] = output
    write_package(programs)
    scratch = os.path.join(WORK, "build")
    forget_build_if_files_changed(scratch)
    failed = 0
    for path in files:
        name = target_name(path)
        note = " (%d fragment%s skipped)" % (skips[path], "" if skips[path] == 1 else "s") if skips[path] else ""
        if name not in programs:
            print("%s: no Swift blocks%s" % (path, note))
            continue
        build = subprocess.run(
            ["swift", "build", "--package-path", PACKAGE, "--scratch-path", scratch, "--product", name],
            capture_output=True, text=True)
        found = diagnostics(build.stdout + build.stderr, name, programs[name])
        if build.returncode != 0 or found:
            failed += 1
            print("%s: does not compile cleanly%s" % (path, note))
            for entry in found or [(build.stdout + build.stderr).strip()[-2000:]]:
                print("  %s:%s" % (path, entry[len("line "):] if entry.startswith("line ") else " " + entry))
            continue
        blocks = sum(1 for line, where in programs[name] if where is None and line.startswith("// "))
        counted = "1 block compiles" if blocks == 1 else "%d blocks compile" % blocks
        if expectations[path] is None:
            print("%s: %s%s" % (path, counted, note))
            continue
        try:
            run = subprocess.run([os.path.join(scratch, "debug", name)], capture_output=True, text=True, timeout=120)
            printed, status = run.stdout, run.returncode
        except subprocess.TimeoutExpired as timeout:
            printed, status = (timeout.stdout or b"").decode() if isinstance(timeout.stdout, bytes) else (timeout.stdout or ""), "timeout"
        if status != 0 or normalized(printed) != normalized(expectations[path]):
            failed += 1
            print("%s: %s, but the program (exit %s) printed something else%s" % (path, counted, status, note))
            print("  expected:\n" + "\n".join("    " + l for l in normalized(expectations[path]).splitlines()))
            print("  printed:\n" + "\n".join("    " + l for l in normalized(printed).splitlines()))
            continue
        runs = "runs" if blocks == 1 else "run"
        print("%s: %s and %s as the text says%s" % (path, counted, runs, note))
    print("%d of %d files pass" % (len(files) - failed, len(files)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
