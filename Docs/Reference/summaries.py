#!/usr/bin/env python3
"""Fails when a public symbol declared in this package has no summary line.

Reads the symbol graphs (`*.symbols.json`) in the directories given, and for every symbol the
compiler found in the package's own source (it has a location; members the compiler
synthesises, such as `hashValue`, have none) requires a `///` comment whose first line says
something. Prints each symbol without one, with its file and line, and exits 1; exits 0 when
there is none, and 2 when a directory holds no symbol graph.
"""
import json
import pathlib
import sys


def missing(graph):
    for symbol in graph.get("symbols", []):
        location = symbol.get("location")
        if location is None:
            continue
        lines = (symbol.get("docComment") or {}).get("lines") or []
        if not lines or not lines[0].get("text", "").strip():
            path = location["uri"].removeprefix("file://")
            line = location["position"]["line"] + 1
            name = "/".join(symbol["pathComponents"])
            yield f"{path}:{line}: public {symbol['kind']['displayName'].lower()} {name} has no summary line"


def main(directories):
    graphs = [p for d in directories for p in sorted(pathlib.Path(d).glob("*.symbols.json"))]
    if not graphs:
        print(f"summaries: no symbol graph in {' '.join(directories)}", file=sys.stderr)
        return 2
    problems = [problem for p in graphs for problem in missing(json.loads(p.read_text()))]
    for problem in problems:
        print(problem, file=sys.stderr)
    count = sum(len(json.loads(p.read_text()).get("symbols", [])) for p in graphs)
    print(f"summaries: {len(graphs)} symbol graphs, {count} public symbols, {len(problems)} without a summary line")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
