"""A Rust crate's public API as text, for Scripts/check-api.py: read from rustdoc's JSON output
(`cargo rustdoc -- --output-format json`; `RUSTC_BOOTSTRAP=1` lets the stable toolchain emit
it). One line per public item reachable from the crate's root (re-exports followed), with its
signature: functions and methods, structs and their public fields, enums and their variants,
traits and their items, constants, statics, type aliases, macros, and each trait implemented
by a public type (auto traits and blanket implementations left out).
"""
import json
import os
import subprocess
import sys


def generate(crate_dir):
    """Runs rustdoc on the crate's library; returns the JSON document."""
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    result = subprocess.run(
        ["cargo", "rustdoc", "--lib", "--quiet", "--", "-Z", "unstable-options", "--output-format", "json"],
        cwd=crate_dir, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        sys.exit(f"check-api: cargo rustdoc failed in {crate_dir}")
    metadata = json.loads(subprocess.run(
        ["cargo", "metadata", "--no-deps", "--format-version", "1"], cwd=crate_dir,
        check=True, capture_output=True, text=True).stdout)
    name = metadata["packages"][0]["targets"][0]["name"].replace("-", "_")
    with open(os.path.join(metadata["target_directory"], "doc", name + ".json")) as file:
        return name, json.load(file)


class Renderer:
    def __init__(self, document, public_paths):
        self.index = document["index"]
        self.paths = document["paths"]
        self.public_paths = public_paths

    def name(self, path):
        """An item's canonical path (`core::clone::Clone`), not the one the source spelled (a
        derive's `$crate::clone::Clone`, a `use`d short name): a source rewritten without
        changing the item reads the same."""
        id = str(path.get("id"))
        if id in self.public_paths:
            return self.public_paths[id]
        summary = self.paths.get(id)
        return "::".join(summary["path"]) if summary else path["path"]

    def type(self, value):
        if value is None:
            return "()"
        (kind, inner), = value.items()
        if kind == "primitive" or kind == "generic":
            return inner
        if kind == "resolved_path":
            return self.name(inner) + self.args(inner.get("args"))
        if kind == "borrowed_ref":
            lifetime = inner["lifetime"] + " " if inner.get("lifetime") else ""
            return "&" + lifetime + ("mut " if inner["is_mutable"] else "") + self.type(inner["type"])
        if kind == "raw_pointer":
            return ("*mut " if inner["is_mutable"] else "*const ") + self.type(inner["type"])
        if kind == "slice":
            return "[" + self.type(inner) + "]"
        if kind == "array":
            return "[" + self.type(inner["type"]) + "; " + inner["len"] + "]"
        if kind == "tuple":
            return "(" + ", ".join(self.type(element) for element in inner) + ")"
        if kind == "impl_trait":
            return "impl " + " + ".join(self.bound(bound) for bound in inner)
        if kind == "dyn_trait":
            return "dyn " + " + ".join(self.path(trait["trait"]) for trait in inner["traits"])
        if kind == "qualified_path":
            trait = self.path(inner["trait"]) if inner.get("trait") else "?"
            return f"<{self.type(inner['self_type'])} as {trait}>::{inner['name']}"
        if kind == "function_pointer":
            signature = inner["sig"]
            inputs = ", ".join(self.type(argument) for _, argument in signature["inputs"])
            return f"fn({inputs}) -> {self.type(signature['output'])}"
        return kind

    def path(self, path):
        return self.name(path) + self.args(path.get("args"))

    def args(self, args):
        if not args:
            return ""
        if "angle_bracketed" in args:
            parts = []
            for argument in args["angle_bracketed"]["args"]:
                (kind, inner), = argument.items()
                parts.append(self.type(inner) if kind == "type" else inner if kind == "lifetime" else str(inner))
            for constraint in args["angle_bracketed"]["constraints"]:
                binding = constraint.get("binding", {})
                if "equality" in binding:
                    parts.append(constraint["name"] + " = " + self.type(binding["equality"].get("type")))
            return "<" + ", ".join(parts) + ">" if parts else ""
        if "parenthesized" in args:
            inner = args["parenthesized"]
            return "(" + ", ".join(self.type(t) for t in inner["inputs"]) + ") -> " + self.type(inner.get("output"))
        return ""

    def bound(self, bound):
        if "trait_bound" in bound:
            modifier = "?" if bound["trait_bound"].get("modifier") == "maybe" else ""
            return modifier + self.path(bound["trait_bound"]["trait"])
        if "outlives" in bound:
            return bound["outlives"]
        return "?"

    def generics(self, generics):
        params = []
        for param in generics["params"]:
            kind = param["kind"]
            if "type" in kind:
                if kind["type"].get("is_synthetic"):
                    continue
                bounds = " + ".join(self.bound(b) for b in kind["type"]["bounds"])
                params.append(param["name"] + (": " + bounds if bounds else ""))
            elif "const" in kind:
                params.append("const " + param["name"] + ": " + self.type(kind["const"]["type"]))
            else:
                params.append(param["name"])
        wheres = []
        for predicate in generics["where_predicates"]:
            if "bound_predicate" in predicate:
                inner = predicate["bound_predicate"]
                wheres.append(self.type(inner["type"]) + ": " + " + ".join(self.bound(b) for b in inner["bounds"]))
        text = "<" + ", ".join(params) + ">" if params else ""
        return text, (" where " + ", ".join(wheres) if wheres else "")

    def function(self, name, function):
        params, where = self.generics(function["generics"])
        header = function["header"]
        prefix = ("const " if header["is_const"] else "") + ("async " if header["is_async"] else "") \
            + ("unsafe " if header["is_unsafe"] else "")
        abi = header["abi"]
        if abi != "Rust":
            prefix += 'extern "C" ' if abi == {"C": {"unwind": False}} or abi == "C" else f"extern {abi} "
        inputs = ", ".join(f"{argument}: {self.type(value)}" if argument != "self" else self.receiver(value)
                           for argument, value in function["sig"]["inputs"])
        output = function["sig"]["output"]
        returns = f" -> {self.type(output)}" if output is not None else ""
        return f"{prefix}fn {name}{params}({inputs}){returns}{where}"

    def receiver(self, value):
        text = self.type(value)
        return {"Self": "self", "&Self": "&self", "&mut Self": "&mut self"}.get(text, "self: " + text)


def reachable_paths(document):
    """The shortest public path of each of the crate's items reachable from its root (through
    public modules and re-exports): how the API names them, wherever they are defined."""
    index = document["index"]
    found = {}
    pending = [(document["root"], None)]
    while pending:
        id, path = pending.pop()
        it = index.get(str(id))
        if it is None:
            continue
        (kind, inner), = it["inner"].items()
        if kind == "use":
            if inner.get("id") is None:
                continue
            target = index.get(str(inner["id"]))
            if inner["is_glob"]:
                if target and "module" in target["inner"]:
                    pending.extend((child, path) for child in target["inner"]["module"]["items"])
            else:
                pending.append((inner["id"], f"{path}::{inner['name']}"))
            continue
        if path is None:
            path = it["name"]
        elif it["visibility"] != "public":
            continue
        elif it.get("name") and not path.endswith("::" + it["name"]) and kind != "module":
            path = path.rsplit("::", 1)[0] + "::" + it["name"] if "::" in path else path
        known = found.get(str(id))
        if known is not None and (known.count("::"), known) <= (path.count("::"), path):
            continue
        found[str(id)] = path
        if kind == "module":
            for child in inner["items"]:
                child_item = index.get(str(child))
                name = (child_item or {}).get("name")
                pending.append((child, f"{path}::{name}" if name else path))
    return found


def public_api(document):
    """The crate's API: (lines, required trait items by trait, variants by enum)."""
    render = Renderer(document, reachable_paths(document))
    index = render.index
    lines, requirements, cases = set(), {}, {}
    seen = set()

    def item(id):
        return index.get(str(id))

    def visit(id, path):
        it = item(id)
        if it is None or (str(id), path) in seen:
            return
        seen.add((str(id), path))
        (kind, inner), = it["inner"].items()
        if kind == "use":
            if inner.get("id") is not None and not inner["is_glob"]:
                visit(inner["id"], path.rsplit("::", 1)[0] + "::" + inner["name"])
            elif inner.get("id") is not None:
                target = item(inner["id"])
                if target and "module" in target["inner"]:
                    for child in target["inner"]["module"]["items"]:
                        name = (item(child) or {}).get("name") or ""
                        visit(child, path.rsplit("::", 1)[0] + "::" + name)
            return
        if it["visibility"] != "public" and kind != "impl":
            return
        if kind == "module":
            lines.add(f"mod {path}")
            for child in inner["items"]:
                name = (item(child) or {}).get("name") or ""
                visit(child, f"{path}::{name}")
        elif kind == "function":
            lines.add(f"fn {path}: {render.function(it['name'], inner)}")
        elif kind == "struct":
            params, where = render.generics(inner["generics"])
            struct_kind = inner["kind"]
            if struct_kind == "unit":
                shape = ";"
            elif "tuple" in struct_kind:
                fields = [render.type(item(f)["inner"]["struct_field"]) if f is not None else "_"
                          for f in struct_kind["tuple"]]
                shape = "(" + ", ".join(fields) + ");"
            else:
                shape = " { .. }" if struct_kind["plain"]["has_stripped_fields"] else " { }"
                for field in struct_kind["plain"]["fields"]:
                    f = item(field)
                    lines.add(f"field {path}::{f['name']}: {render.type(f['inner']['struct_field'])}")
            lines.add(f"struct {path}: struct {it['name']}{params}{where}{shape}")
            impls(path, inner["impls"])
        elif kind == "enum":
            params, where = render.generics(inner["generics"])
            exhaustive = "#[non_exhaustive]" not in " ".join(str(a) for a in it.get("attrs", []))
            lines.add(f"enum {path}: enum {it['name']}{params}{where}" + ("" if exhaustive else " (non_exhaustive)"))
            for variant in inner["variants"]:
                v = item(variant)
                variant_kind = v["inner"]["variant"]["kind"]
                if variant_kind == "plain":
                    shape = ""
                elif "tuple" in variant_kind:
                    shape = "(" + ", ".join(render.type(item(f)["inner"]["struct_field"]) if f is not None else "_"
                                            for f in variant_kind["tuple"]) + ")"
                else:
                    shape = " { " + ", ".join(f"{item(f)['name']}: {render.type(item(f)['inner']['struct_field'])}"
                                              for f in variant_kind["struct"]["fields"]) + " }"
                lines.add(f"variant {path}::{v['name']}: {v['name']}{shape}")
                if exhaustive:
                    cases.setdefault(path, set()).add(f"{path}::{v['name']}")
            impls(path, inner["impls"])
        elif kind == "trait":
            params, where = render.generics(inner["generics"])
            supertraits = " + ".join(render.bound(b) for b in inner["bounds"])
            lines.add(f"trait {path}: trait {it['name']}{params}" + (f": {supertraits}" if supertraits else "") + where)
            for member in inner["items"]:
                m = item(member)
                (member_kind, member_inner), = m["inner"].items()
                member_path = f"{path}::{m['name']}"
                if member_kind == "function":
                    has_default = member_inner["has_body"]
                    lines.add(f"trait-fn {member_path}: {render.function(m['name'], member_inner)}"
                              + (" (provided)" if has_default else ""))
                elif member_kind == "assoc_type":
                    has_default = member_inner.get("type") is not None
                    bounds = " + ".join(render.bound(b) for b in member_inner["bounds"])
                    lines.add(f"trait-type {member_path}: type {m['name']}" + (f": {bounds}" if bounds else ""))
                elif member_kind == "assoc_const":
                    has_default = member_inner.get("value") is not None
                    lines.add(f"trait-const {member_path}: const {m['name']}: {render.type(member_inner['type'])}")
                else:
                    continue
                if not has_default:
                    requirements.setdefault(path, set()).add(member_path)
        elif kind == "constant":
            lines.add(f"const {path}: {render.type(inner['type'])}")
        elif kind == "static":
            lines.add(f"static {path}: {render.type(inner['type'])}")
        elif kind == "type_alias":
            lines.add(f"type {path}: {render.type(inner['type'])}")
        elif kind == "macro":
            lines.add(f"macro {path}!")

    def impls(path, ids):
        for id in ids:
            it = item(id)
            inner = it["inner"]["impl"]
            if inner["is_synthetic"] or inner["blanket_impl"] is not None:
                continue
            if inner["trait"] is None:
                for member in inner["items"]:
                    m = item(member)
                    if m["visibility"] != "public":
                        continue
                    (member_kind, member_inner), = m["inner"].items()
                    if member_kind == "function":
                        lines.add(f"method {path}::{m['name']}: {render.function(m['name'], member_inner)}")
                    elif member_kind == "assoc_const":
                        lines.add(f"assoc-const {path}::{m['name']}: {render.type(member_inner['type'])}")
            elif not render.path(inner["trait"]).endswith("StructuralPartialEq"):  # the compiler's, unstable
                params, where = render.generics(inner["generics"])
                negative = "!" if inner["is_negative"] else ""
                lines.add(f"impl {path}: impl{params} {negative}{render.path(inner['trait'])} for "
                          f"{render.type(inner['for'])}{where}")

    root = item(document["root"])
    crate = root["name"]
    for child in root["inner"]["module"]["items"]:
        name = (item(child) or {}).get("name") or ""
        visit(child, f"{crate}::{name}")
    return lines, requirements, cases
