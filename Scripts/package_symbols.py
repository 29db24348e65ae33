"""What Scripts/check-doc-comments.py and Scripts/check-api.py both read of a Swift package: the
modules of its library products, and the symbol graphs SwiftPM emits for them."""
import json
import subprocess
import sys


def library_modules(package=()):
    """The targets of the library products of the package (`package`: SwiftPM's
    `--package-path PATH` arguments, or none for the current folder's)."""
    described = json.loads(subprocess.run(
        ["swift", "package", *package, "describe", "--type", "json"],
        check=True, capture_output=True, text=True).stdout)
    modules = []
    for product in described["products"]:
        if "library" in product["type"]:
            modules.extend(target for target in product["targets"] if target not in modules)
    return sorted(modules)


def symbol_graph_folder(package=(), tool="symbol graphs"):
    """Emits the public symbol graphs (synthesized members left out); returns their folder."""
    result = subprocess.run(
        ["swift", "package", *package, "dump-symbol-graph", "--minimum-access-level", "public",
         "--skip-synthesized-members"],
        capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit(f"{tool}: swift package dump-symbol-graph failed")
    for line in result.stdout.splitlines():
        if line.startswith("Files written to "):
            return line[len("Files written to "):].strip()
    sys.exit(f"{tool}: no symbol graph folder in dump-symbol-graph's output")
