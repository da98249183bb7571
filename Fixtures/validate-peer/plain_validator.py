#!/usr/bin/env python3
"""A plain Python validator of a SPOC file: the yardstick of `trackctl-bench validate-peer`.

What a Python developer would write in an afternoon, with the standard library only: load the
SPOC and the catalogs (JSON), then for every entry check that the class exists (did-you-mean by
difflib over every class name), that a screen is a view controller, that a selector is well
formed and answered by the class, a category of it or an ancestor (did-you-mean over those
selectors), and that no entry repeats another. One line per finding on stdout; exit 1 when
there is one. Never part of the product.

usage: plain_validator.py SPOC.json CATALOG.json SDK.json
  CATALOG.json  {"screens": [{"class", "superclass", "selectors", "category"}]} (trackctl catalog scan)
  SDK.json      {"classes": {"UIViewController": {"superclass": "UIResponder", "selectors": [...]}}}
"""
import difflib
import json
import re
import sys

SELECTOR = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(:([A-Za-z_][A-Za-z0-9_]*:)*)?$")


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def main(spoc_path, catalog_path, sdk_path):
    spoc, catalog, sdk = load(spoc_path), load(catalog_path), load(sdk_path)
    superclass, selectors = {}, {}
    for name, entry in sdk["classes"].items():
        superclass[name] = entry.get("superclass")
        selectors[name] = set(entry.get("selectors", []))
    for entry in catalog.get("screens", []):
        name = entry["class"]
        if entry.get("category"):
            selectors.setdefault(name, set()).update(entry.get("selectors", []))
            continue
        superclass[name] = entry.get("superclass")
        selectors.setdefault(name, set()).update(entry.get("selectors", []))
    names = sorted(superclass)

    def chain(name):
        seen = []
        while name is not None and name not in seen:
            seen.append(name)
            name = superclass.get(name)
        return seen

    def unknown_class(where, name):
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.8)
        hint = "; did you mean '%s'?" % close[0] if close else ""
        return "%s: unknown class '%s'%s" % (where, name, hint)

    findings = []
    seen_entries = {}
    for index, screen in enumerate(spoc.get("trackedScreens", [])):
        where = "trackedScreens[%d]" % index
        name = screen.get("class", "")
        if name not in superclass:
            findings.append(unknown_class(where, name))
        elif "UIViewController" not in chain(name):
            findings.append("%s: '%s' is not a view controller" % (where, name))
        key = ("screen", name)
        if key in seen_entries:
            findings.append("%s: repeats %s" % (where, seen_entries[key]))
        seen_entries.setdefault(key, where)
    for index, event in enumerate(spoc.get("trackedEvents", [])):
        where = "trackedEvents[%d]" % index
        name, selector = event.get("class", ""), event.get("selector", "")
        key = ("event", name, selector)
        if key in seen_entries:
            findings.append("%s: repeats %s" % (where, seen_entries[key]))
        seen_entries.setdefault(key, where)
        if not SELECTOR.match(selector):
            findings.append("%s: malformed selector '%s'" % (where, selector))
            continue
        if name not in superclass:
            findings.append(unknown_class(where, name))
            continue
        visible = set()
        for ancestor in chain(name):
            visible |= selectors.get(ancestor, set())
        if selector not in visible:
            close = difflib.get_close_matches(selector, sorted(visible), n=1, cutoff=0.8)
            hint = "; did you mean '%s'?" % close[0] if close else ""
            findings.append("%s: unknown selector '%s' on '%s'%s" % (where, selector, name, hint))
    sys.stdout.write("".join(line + "\n" for line in findings))
    return 1 if findings else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
