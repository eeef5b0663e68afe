#!/usr/bin/env python3
"""The library's public items, one per line, from rustdoc's JSON (`scripts/public-api` makes it).

Walks from the crate root through public modules and re-exports, as a user of the crate can name them:
modules, types, their public fields and variants, functions, inherent and trait-provided methods, constants,
statics, traits and macros. Each line is `kind path` (e.g. `fn levelkit::heroes::builder::build`), sorted,
so two lists diff cleanly. Items from other crates are listed by the path levelkit re-exports them under.
"""
import json
import sys


def main(path):
    doc = json.load(open(path))
    index = doc["index"]
    item = lambda i: index.get(str(i))
    out = set()
    seen = set()

    def kind_of(it):
        return next(iter(it["inner"])) if isinstance(it.get("inner"), dict) else str(it.get("inner"))

    def walk(i, prefix, depth=0):
        it = item(i)
        if it is None or depth > 40:
            return
        if it.get("visibility") != "public" and kind_of(it) not in ("variant", "impl"):
            return
        kind = kind_of(it)
        inner = it["inner"][kind] if isinstance(it["inner"], dict) else {}
        if kind == "use":
            target = inner.get("id")
            name = inner.get("name") or it.get("name")
            if inner.get("is_glob"):
                tgt = item(target) if target is not None else None
                if tgt and kind_of(tgt) == "module":
                    for c in tgt["inner"]["module"]["items"]:
                        walk(c, prefix, depth + 1)
                return
            if target is None or item(target) is None:
                out.add(f"use {prefix}::{name} = {inner.get('source')}")
                return
            walk_named(target, prefix, name, depth + 1)
            return
        walk_named(i, prefix, it.get("name"), depth)

    def walk_named(i, prefix, name, depth):
        it = item(i)
        if it is None:
            return
        kind = kind_of(it)
        inner = it["inner"][kind]
        path = f"{prefix}::{name}" if prefix else name
        key = (i, path)
        if key in seen:
            return
        seen.add(key)
        out.add(f"{kind} {path}")
        if kind == "module":
            for c in inner["items"]:
                walk(c, path, depth + 1)
        elif kind in ("struct", "union"):
            fields = inner.get("kind", {})
            if isinstance(fields, dict):
                plain = fields.get("plain", {}).get("fields", []) if "plain" in fields else []
                tup = fields.get("tuple", []) if "tuple" in fields else []
                for f in plain + [x for x in tup if x is not None]:
                    fi = item(f)
                    if fi and fi.get("visibility") == "public":
                        out.add(f"field {path}::{fi.get('name')}")
            impls(inner.get("impls", []), path)
        elif kind == "enum":
            for v in inner.get("variants", []):
                vi = item(v)
                if vi:
                    out.add(f"variant {path}::{vi.get('name')}")
            impls(inner.get("impls", []), path)
        elif kind == "trait":
            for c in inner.get("items", []):
                ci = item(c)
                if ci:
                    out.add(f"trait-item {path}::{ci.get('name')}")

    def impls(ids, path):
        for i in ids:
            im = item(i)
            if im is None:
                continue
            inner = im["inner"]["impl"]
            if inner.get("synthetic") or inner.get("blanket_impl") is not None:
                continue
            trait = inner.get("trait")
            if trait is not None:
                out.add(f"impl {path}: {trait.get('path') or trait.get('name')}")
                continue
            for c in inner.get("items", []):
                ci = item(c)
                if ci and ci.get("visibility") == "public":
                    out.add(f"{kind_of(ci)} {path}::{ci.get('name')}")

    root = item(doc["root"])
    walk_named(doc["root"], "", root["name"], 0)
    for line in sorted(out):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1])
