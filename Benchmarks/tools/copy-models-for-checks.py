#!/usr/bin/env python3
"""Copies the interaction models that Benchmarks/skill-checks needs into a folder, without the
trailing commas some of them carry (Alexa's console and SkillNLU's importer refuse those), so
that `nlu-bench skills --tests Benchmarks/skill-checks --models OUT` can train them.

    python3 Benchmarks/tools/copy-models-for-checks.py ../shared/interaction-models /tmp/check-models

Only commas directly before a closing bracket or brace, outside strings, are dropped; the rest
of each file is copied byte for byte. The models stay where they are (never in the repo)."""
import os
import sys


def without_trailing_commas(text):
    out = []
    in_string = escaped = False
    pending = None  # index in `out` of a comma that may be trailing
    for ch in text:
        if in_string:
            out.append(ch)
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
            pending = None
        elif ch in "]}" and pending is not None:
            del out[pending]
            pending = None
        elif ch == ",":
            pending = len(out)
        elif not ch.isspace():
            pending = None
        out.append(ch)
    return "".join(out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    models, target = sys.argv[1], sys.argv[2]
    checks = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "skill-checks")
    os.makedirs(target, exist_ok=True)
    for name in sorted(os.listdir(checks)):
        if not name.endswith(".jsonl"):
            continue
        base = name[: -len(".jsonl")] + ".json"
        source = os.path.join(models, base)
        if not os.path.exists(source):
            sys.exit(f"{source}: not found (the checks pair with ../shared/interaction-models)")
        with open(source, encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(target, base), "w", encoding="utf-8") as f:
            f.write(without_trailing_commas(text))


if __name__ == "__main__":
    main()
