#!/usr/bin/env python3
"""Checks that the package's targets keep their layers: what each may link, transitively.

A dialog must not link the engine: SkillDialog's dependencies, followed through every target
and product of the package, may not include SkillNLU, CBLAS or SkillNLUTraining. The engine
that loads and classifies must not link training: SkillNLU's may not include SkillNLUTraining.
A rule about a target the package does not have (SkillNLUTraining before it exists) checks
nothing for that name. Exits 1 naming each broken rule and the path that breaks it, 0 otherwise.

    python3 Benchmarks/tools/check-layers.py                 # runs `swift package describe`
    python3 Benchmarks/tools/check-layers.py describe.json   # reads its output from a file
    swift package describe --type json | python3 Benchmarks/tools/check-layers.py -
"""
import json
import subprocess
import sys

# Each target, and the targets it must not reach.
FORBIDDEN = {
    "SkillDialog": ["SkillNLU", "CBLAS", "SkillNLUTraining"],
    "Understanding": ["SkillNLU", "CBLAS", "SkillNLUTraining", "SkillDialog"],
    "SkillNLU": ["SkillNLUTraining"],
}


def describe(argument):
    """The package description: from a file, standard input (`-`), or `swift package describe`."""
    if argument == "-":
        return json.load(sys.stdin)
    if argument:
        with open(argument) as f:
            return json.load(f)
    out = subprocess.run(["swift", "package", "describe", "--type", "json"],
                         check=True, capture_output=True, text=True).stdout
    # SwiftPM may print resolution notes before the JSON.
    return json.loads(out[out.index("{"):])


def dependency_graph(package):
    """Each target's direct dependencies: its targets and its products' targets (by name)."""
    products = {p["name"]: p.get("targets", []) for p in package.get("products", [])}
    graph = {}
    for target in package.get("targets", []):
        direct = list(target.get("target_dependencies", []))
        for product in target.get("product_dependencies", []):
            direct += products.get(product, [])
        graph[target["name"]] = direct
    return graph


def path_to(graph, start, goal):
    """The first dependency path from `start` to `goal` (breadth first), or None."""
    previous = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        if node == goal:
            path = []
            while node is not None:
                path.append(node)
                node = previous[node]
            return list(reversed(path))
        for next_node in graph.get(node, []):
            if next_node not in previous:
                previous[next_node] = node
                queue.append(next_node)
    return None


def violations(package):
    """One line per broken rule: the target, what it must not reach, and the path that does."""
    graph = dependency_graph(package)
    lines = []
    for target, forbidden in FORBIDDEN.items():
        if target not in graph:
            lines.append(f"{target}: no such target in the package (the rules name it)")
            continue
        for goal in forbidden:
            path = path_to(graph, target, goal)
            if path:
                lines.append(f"{target} must not depend on {goal}: " + " -> ".join(path))
    return lines


def main():
    argument = sys.argv[1] if len(sys.argv) > 1 else None
    broken = violations(describe(argument))
    for line in broken:
        print(line)
    if not broken:
        print("layers ok: " + "; ".join(f"{t} reaches none of {', '.join(f)}" for t, f in FORBIDDEN.items()))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
