#!/usr/bin/env python3
"""Apple availability check: every use of an API that is newer than the package's floors
(iOS 15, macOS 12, tvOS 15, watchOS 8) must be behind availability.

Apple builds cannot run on the Linux machines this project is developed and tested on, and the
Linux compiler does not check Apple availability, so this script does, for an explicit list of
names (NAMES below; `--list` prints it). A use is accepted when it is:

- inside a declaration marked `@available(...)` (or in that declaration's own signature), or a
  block under `if #available(...)` / after `guard #available(...) else { ... }`, where the
  attribute or condition names all four platforms at or above the API's versions (a platform left
  out, or `*` alone, stays at the floor and does not count), or marks the platform `unavailable`;
- in a file whose every package has floors at or above the API's versions. A file's packages
  are the one of the nearest enclosing folder with a Package.swift, and every enclosing package
  with a target whose `path:` holds the file (this package builds generated packages' sources
  as its own targets, at its own floors). A package's `platforms:` (`.iOS("17.0")`, `.iOS(.v17)`)
  give its floors, per platform the lowest of the file's packages; a generated package at iOS 17
  uses `Swift.Duration` freely, unless this package builds it too;
- inside an `#if` branch that no Apple platform compiles: `os(Linux)`, `os(Windows)`,
  `os(Android)`, `os(WASI)`, `!canImport(Darwin)`, `!canImport(Combine)`, `!canImport(ObjectiveC)`,
  or the `#else` of `canImport(Darwin)` / `canImport(Combine)` / `canImport(ObjectiveC)`.

Comments and string literals are ignored. Usage, from the package root:

    python3 Scripts/check-availability.py [--list] [PATH ...]   (default: Sources Tests)

Prints each unguarded use as `file:line: name needs iOS 17, macOS 14, ...` and exits 1 if any.
"""
import os
import re
import sys

PLATFORMS = ("iOS", "macOS", "tvOS", "watchOS")
FLOORS = {"iOS": (15,), "macOS": (12,), "tvOS": (15,), "watchOS": (8,)}

OBSERVATION = {"iOS": (17,), "macOS": (14,), "tvOS": (17,), "watchOS": (10,)}
CLOCKS = {"iOS": (16,), "macOS": (13,), "tvOS": (16,), "watchOS": (9,)}
SWIFT_6_0 = {"iOS": (18,), "macOS": (15,), "tvOS": (18,), "watchOS": (11,)}
SWIFT_6_2 = {"iOS": (26,), "macOS": (26,), "tvOS": (26,), "watchOS": (26,)}
CONCURRENCY_5_9 = {"iOS": (17,), "macOS": (14,), "tvOS": (17,), "watchOS": (10,)}
# The system SQLite 3.37 (its 64-bit change counts): the versions GRDB gates SQLite 3.37 on.
SQLITE_3_37 = {"iOS": (15, 4), "macOS": (12, 4), "tvOS": (15, 4), "watchOS": (8, 5)}
# AnyKeyPath's CustomDebugStringConvertible conformance (Swift 5.8's runtime).
KEY_PATH_DESCRIPTION = {"iOS": (16, 4), "macOS": (13, 3), "tvOS": (16, 4), "watchOS": (9, 4)}

# (name as it appears in code, a regular expression, the versions it needs, why)
NAMES = [
    ("import Synchronization", r"\bimport\s+Synchronization\b", SWIFT_6_0, "the Synchronization module (Atomic, Mutex)"),
    ("Atomic", r"\bAtomic\s*<", SWIFT_6_0, "Synchronization.Atomic"),
    ("AtomicLazyReference", r"\bAtomicLazyReference\b", SWIFT_6_0, "Synchronization.AtomicLazyReference"),
    ("Mutex", r"\bMutex\s*<", SWIFT_6_0, "Synchronization.Mutex"),
    ("Int128", r"\bU?Int128\b", SWIFT_6_0, "Int128 and UInt128 (Swift 6.0 runtime)"),
    ("next(isolation:)", r"\bnext\s*\(\s*isolation\s*:", SWIFT_6_0, "AsyncIteratorProtocol.next(isolation:)"),
    ("@isolated(any)", r"@isolated\s*\(\s*any\s*\)", SWIFT_6_0, "@isolated(any) function types (Swift 6.0 runtime metadata)"),
    ("TaskExecutor", r"\b(TaskExecutor|withTaskExecutorPreference|executorPreference)\b", SWIFT_6_0, "task executors"),
    ("String(validating:)", r"\bString\s*\(\s*validating\s*:", SWIFT_6_0, "String(validating:)"),
    ("ObservationRegistrar", r"\bObservationRegistrar\b", OBSERVATION, "Observation"),
    ("withObservationTracking", r"\bwithObservationTracking\b", OBSERVATION, "Observation"),
    ("Observable", r"(?<![\w.])(?:Observation\.)?Observable\b(?!\w)", OBSERVATION, "Observation.Observable and @Observable"),
    ("ObservationIgnored", r"\bObservation(Ignored|Tracked)\b", OBSERVATION, "Observation's macros"),
    ("Observations", r"\bObservations\b", SWIFT_6_2, "Observation.Observations (Swift 6.2)"),
    ("DiscardingTaskGroup", r"\b(with)?(Throwing)?DiscardingTaskGroup\b", CONCURRENCY_5_9, "discarding task groups"),
    ("Duration", r"(?<![\w.])(?:Swift\.)?Duration\b", CLOCKS, "Swift.Duration"),
    ("Clock", r"\b(ContinuousClock|SuspendingClock|Clock|InstantProtocol|DurationProtocol)\b", CLOCKS, "clocks"),
    ("Task.sleep(for:)", r"\.sleep\s*\(\s*(for|until)\s*:", CLOCKS, "Task.sleep(for:) / sleep(until:)"),
    ("Regex", r"\bRegex\b", CLOCKS, "Regex"),
    ("Span", r"\b(Mutable)?(Raw)?Span\b|\bUTF8Span\b|\bInlineArray\b", SWIFT_6_2, "Span and InlineArray"),
    ("Task.immediate", r"\bTask\.immediate\b|\bimmediate\s*\(", SWIFT_6_2, "immediate tasks"),
    # A key path is recognised by its name (keyPath, rootKeyPath, …): debugDescription on other
    # types is older than the floors.
    ("AnyKeyPath.debugDescription", r"\b\w*[kK]ey[pP]ath\w*\s*\.debugDescription\b", KEY_PATH_DESCRIPTION,
     "a key path's debugDescription (AnyKeyPath: CustomDebugStringConvertible)"),
    ("sqlite3_changes64", r"\bsqlite3_(total_)?changes64\b", SQLITE_3_37, "SQLite 3.37's 64-bit change counts"),
]

APPLE_EXCLUDED_CONDITIONS = [
    r"^os\((Linux|Windows|Android|WASI|OpenBSD|FreeBSD)\)$",
    r"^!\s*canImport\((Darwin|Combine|ObjectiveC)\)$",
]
APPLE_ONLY_CONDITIONS = [r"^canImport\((Darwin|Combine|ObjectiveC)\)$"]


def strip_comments_and_strings(text):
    """Blanks comments and string literals (keeping newlines, so offsets and lines stay)."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text.startswith('"""', i) or text.startswith('#"""', i):
            start = i
            hashes = 1 if text[i] == "#" else 0
            end_marker = '"""' + "#" * hashes
            j = text.find(end_marker, i + 3 + hashes)
            j = n if j < 0 else j + len(end_marker)
            blank(start, j)
            i = j
        elif text[i] == '"' or text.startswith('#"', i):
            hashes = 1 if text[i] == "#" else 0
            j = i + 1 + hashes
            while j < n and text[j] != "\n":
                if text[j] == "\\" and not hashes:
                    j += 2
                    continue
                if text[j] == '"' and text[j + 1:j + 1 + hashes] == "#" * hashes:
                    j += 1 + hashes
                    break
                j += 1
            blank(i, j)
            i = j
        else:
            i += 1
    return "".join(out)


def matching_braces(code):
    """Maps the offset of each `{` to the offset of its `}`, and each offset to its innermost `{`."""
    match, stack = {}, []
    for i, c in enumerate(code):
        if c == "{":
            stack.append(i)
        elif c == "}" and stack:
            match[stack.pop()] = i
    return match


def parse_versions(arguments):
    """Platform → version tuple (or "unavailable") from an @available or #available list."""
    versions = {}
    for part in arguments.split(","):
        part = part.strip()
        m = re.match(r"^(iOS|macOS|tvOS|watchOS|macCatalyst|visionOS)(?:ApplicationExtension)?\s+(\d+(?:\.\d+)*)$", part)
        if m:
            versions[m.group(1)] = tuple(int(x) for x in m.group(2).split("."))
    m = re.match(r"^\s*(iOS|macOS|tvOS|watchOS)\s*,(.*)$", arguments, re.S)
    if m:  # @available(iOS, introduced: 17) / @available(iOS, unavailable)
        rest = m.group(2)
        intro = re.search(r"introduced\s*:\s*(\d+(?:\.\d+)*)", rest)
        if intro:
            versions[m.group(1)] = tuple(int(x) for x in intro.group(1).split("."))
        if re.search(r"\bunavailable\b", rest):
            versions[m.group(1)] = "unavailable"
    if re.match(r"^\s*\*\s*,\s*unavailable\b", arguments):
        for p in PLATFORMS:
            versions[p] = "unavailable"
    return versions


def satisfies(versions, needed):
    for p in PLATFORMS:
        v = versions.get(p)
        if v == "unavailable":
            continue
        if v is None or v < needed[p]:
            return False
    return True


def balanced_parens(code, open_index):
    depth = 0
    for j in range(open_index, len(code)):
        if code[j] == "(":
            depth += 1
        elif code[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


DECL_START = re.compile(
    r"^\s*(@|}|#|(public|private|fileprivate|internal|package|open|static|class|final|override|"
    r"nonisolated|mutating|nonmutating|convenience|required|lazy|weak|unowned|dynamic|indirect|"
    r"func|var|let|struct|enum|extension|protocol|typealias|init|deinit|subscript|actor|case|"
    r"associatedtype|import)\b)")


DECL_KEYWORD = re.compile(
    r"\s*(?:@\w+(?:\([^)]*\))?\s*|(?:public|private|fileprivate|internal|package|open|static|class|"
    r"final|override|nonisolated|mutating|nonmutating|convenience|required|lazy|weak|unowned|dynamic|"
    r"indirect)(?:\([^)]*\))?\s+)*"
    r"(func|var|let|struct|enum|extension|protocol|typealias|init|deinit|subscript|actor|case|class|"
    r"associatedtype|macro)\b")


def declaration_end(code, start, match):
    """Where the declaration whose attributes end at `start` ends: its body's closing brace, or
    the end of its last line."""
    keyword = DECL_KEYWORD.match(code, start)
    depth, i, n = 0, keyword.end() if keyword else start, len(code)
    while i < n:
        c = code[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{" and depth == 0:
            return match.get(i, n - 1)
        elif c == "\n" and depth == 0:
            line_end = code.find("\n", i + 1)
            next_line = code[i + 1:line_end if line_end >= 0 else n]
            if next_line.strip() and DECL_START.match(next_line) and not re.match(r"^\s*(where|->|throws)\b", next_line):
                return i
        i += 1
    return n - 1


def guarded_regions(code, match):
    """(start, end, versions) for every @available declaration and #available block."""
    regions = []
    enclosing = []  # (open, close) of every brace pair, to find a guard's scope
    for o, c in match.items():
        enclosing.append((o, c))
    for m in re.finditer(r"@available\s*\(", code):
        close = balanced_parens(code, m.end() - 1)
        versions = parse_versions(code[m.end():close])
        # Skip the rest of the attributes and modifiers to the declaration's own text.
        regions.append((m.start(), declaration_end(code, close + 1, match), versions))
    for m in re.finditer(r"\b(if|while|guard)\s+((?:[^{]*?,\s*)?)#available\s*\(", code):
        close = balanced_parens(code, m.end() - 1)
        versions = parse_versions(code[m.end():close])
        brace = code.find("{", close)
        if brace < 0:
            continue
        if m.group(1) == "guard":
            else_end = match.get(brace, len(code) - 1)
            scopes = [(o, c) for o, c in enclosing if o < m.start() < c]
            scope_end = min(scopes, key=lambda oc: oc[1] - oc[0])[1] if scopes else len(code) - 1
            regions.append((else_end, scope_end, versions))
        else:
            regions.append((brace, match.get(brace, len(code) - 1), versions))
    return regions


def apple_excluded_lines(lines):
    """The set of line numbers (1-based) inside #if branches that no Apple platform compiles."""
    excluded, stack = set(), []  # stack of [excluded_now, previous_conditions]
    for number, line in enumerate(lines, 1):
        s = line.strip()
        m = re.match(r"^#(if|elseif)\s+(.*)$", s)
        if m:
            cond = m.group(2).strip()
            is_excluded = any(re.match(p, cond) for p in APPLE_EXCLUDED_CONDITIONS)
            if m.group(1) == "if":
                stack.append([is_excluded, [cond]])
            elif stack:
                stack[-1][0] = is_excluded
                stack[-1][1].append(cond)
            continue
        if s.startswith("#else") and stack:
            previous = stack[-1][1]
            stack[-1][0] = len(previous) == 1 and any(re.match(p, previous[0]) for p in APPLE_ONLY_CONDITIONS)
            continue
        if s.startswith("#endif") and stack:
            stack.pop()
            continue
        if any(frame[0] for frame in stack):
            excluded.add(number)
    return excluded


MANIFESTS = {}


def manifest(folder):
    """(floors, target paths) of the Package.swift in `folder`, or None if it has none."""
    if folder not in MANIFESTS:
        path = os.path.join(folder, "Package.swift")
        if not os.path.isfile(path):
            MANIFESTS[folder] = None
        else:
            text = open(path, encoding="utf-8").read()
            floors = dict(FLOORS)
            for platform, quoted, case in re.findall(r'\.(iOS|macOS|tvOS|watchOS)\(\s*(?:"(\d+)[.\d]*"|\.v(\d+))', text):
                floors[platform] = (int(quoted or case),)
            targets = [os.path.normpath(os.path.join(folder, t)) for t in re.findall(r'\bpath:\s*"([^"]+)"', text)]
            MANIFESTS[folder] = (floors, targets)
    return MANIFESTS[folder]


def package_floors(path):
    """Per platform, the lowest floor of the packages that build the file at `path`."""
    path = os.path.abspath(path)
    folder = os.path.dirname(path)
    packages = []
    while True:
        found = manifest(folder)
        if found is not None:
            floors, targets = found
            if not packages or any(path.startswith(t + os.sep) for t in targets):
                packages.append(floors)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    if not packages:
        return FLOORS
    return {p: min(floors[p] for floors in packages) for p in PLATFORMS}


def check_file(path):
    floors = package_floors(path)
    text = open(path, encoding="utf-8").read()
    code = strip_comments_and_strings(text)
    match = matching_braces(code)
    regions = guarded_regions(code, match)
    excluded = apple_excluded_lines(code.split("\n"))
    line_starts = [0] + [i + 1 for i, c in enumerate(code) if c == "\n"]

    def line_of(offset):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    problems = []
    for name, pattern, needed, why in NAMES:
        if satisfies(floors, needed):
            continue
        for m in re.finditer(pattern, code):
            line = line_of(m.start())
            if line in excluded:
                continue
            if any(a <= m.start() <= b and satisfies(v, needed) for a, b, v in regions):
                continue
            need = ", ".join(f"{p} {'.'.join(map(str, needed[p]))}" for p in PLATFORMS)
            problems.append((line, f"{path}:{line}: {name} ({why}) needs {need}: put it behind availability"))
    return sorted(problems)


def main(argv):
    if "--list" in argv:
        for name, _, needed, why in NAMES:
            versions = ", ".join(f"{p} {'.'.join(map(str, needed[p]))}" for p in PLATFORMS)
            print(f"{name:24} {versions:40} {why}")
        return 0
    roots = [a for a in argv if not a.startswith("--")] or ["Sources", "Tests"]
    files = []
    for root in roots:
        if os.path.isfile(root):
            files.append(root)
        for folder, _, names in os.walk(root):
            files += [os.path.join(folder, f) for f in sorted(names) if f.endswith(".swift")]
    problems = [p for f in sorted(files) for _, p in check_file(f)]
    for p in problems:
        print(p)
    print(f"{len(files)} files checked against {len(NAMES)} names above the floors: "
          + ("no unguarded use" if not problems else f"{len(problems)} unguarded uses"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
