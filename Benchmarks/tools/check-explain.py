#!/usr/bin/env python3
"""Checks that `nlu-classify --explain` answers exactly what plain `nlu-classify` answers.

For each skill test set (../shared/skill-tests/<base>.jsonl, model
../shared/interaction-models/<base>.json) and, when asked, each data set's test split
(../shared/datasets/<set>/test.jsonl with interaction-model.json), it trains a model with the
given build's nlu-train, classifies every line plain and with --explain, and compares intent,
confidence (4 places), alternatives and slots line by line. It also checks what every answer
shows: the chosen intent is the most confident, the confidences add up to at most 1, and the
explanation's last rule is about the answer (the intent it kept, or the guess the fallback
overruled). Prints one line per set and every disagreement; exits 1 on any.

    Benchmarks/tools/check-explain.py                      # skill tests, .build/debug binaries
    Benchmarks/tools/check-explain.py --bin .build/release --sets skills snips atis clinc150
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def cases(shared, names):
    """(name, interaction model, test file) for the sets asked for."""
    for name in names:
        if name == "skills":
            tests = os.path.join(shared, "skill-tests")
            for f in sorted(os.listdir(tests)):
                if f.endswith(".jsonl"):
                    base = f[:-len(".jsonl")]
                    yield base, os.path.join(shared, "interaction-models", base + ".json"), os.path.join(tests, f)
        else:
            folder = os.path.join(shared, "datasets", name)
            yield name, os.path.join(folder, "interaction-model.json"), os.path.join(folder, "test.jsonl")


def classify(binary, model, texts, explain):
    args = [binary, "--model", model, "--format", "jsonl", "--reference-date", "2026-01-15", "--time-zone", "UTC"]
    if explain:
        args.append("--explain")
    out = subprocess.run(args, input="\n".join(texts) + "\n", capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def answer(r):
    intent = r.get("intent")
    return {
        "intent": intent and (intent["name"], round(intent["confidence"], 4)),
        "alternatives": [(a["name"], round(a["confidence"], 4)) for a in r.get("alternatives", [])],
        "slots": r.get("slots"),
    }


def shown_problems(r):
    """What breaks "one decision, told once" in one explained answer."""
    intent = r.get("intent")
    if not intent:
        return []
    problems = []
    alternatives = r.get("alternatives", [])
    if any(a["confidence"] > intent["confidence"] for a in alternatives):
        problems.append("an alternative is more confident than the answer")
    # Confidences are printed to 4 places: allow their rounding.
    if intent["confidence"] + sum(a["confidence"] for a in alternatives) > 1 + 0.00005 * (1 + len(alternatives)):
        problems.append("the confidences add up to more than 1")
    rules = r.get("explanation", {}).get("rules", [])
    if not rules:
        problems.append("no rule explains the answer")
    elif rules[-1].get("intent") != intent["name"] and rules[-1]["rule"] != "belowThreshold":
        problems.append(f"the last rule {rules[-1]} is not about the answer")
    return problems


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug"), help="folder of nlu-train and nlu-classify")
    p.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    p.add_argument("--sets", nargs="+", default=["skills"], help="skills and/or data sets (snips atis clinc150)")
    p.add_argument("--work", default=None, help="where trained models go (default: a temporary folder)")
    a = p.parse_args()
    if not os.path.isdir(a.shared):
        print(f"check-explain: no shared data at {a.shared}", file=sys.stderr)
        return 2
    work = a.work or tempfile.mkdtemp(prefix="check-explain-")
    os.makedirs(work, exist_ok=True)
    failures = 0
    for name, skill, tests in cases(a.shared, a.sets):
        texts = [json.loads(line)["text"] for line in open(tests, encoding="utf-8") if line.strip()]
        model = os.path.join(work, name + ".nlu")
        subprocess.run([os.path.join(a.bin, "nlu-train"), skill, "-o", model, "--quiet"], check=True)
        binary = os.path.join(a.bin, "nlu-classify")
        plain, explained = classify(binary, model, texts, False), classify(binary, model, texts, True)
        bad = 0
        for i, (text, x, y) in enumerate(zip(texts, plain, explained)):
            problems = shown_problems(y)
            if answer(x) != answer(y):
                problems.insert(0, f"plain {answer(x)} but explained {answer(y)}")
            if problems:
                bad += 1
                print(f"  {name}:{i + 1} {text!r}: " + "; ".join(problems))
        if len(plain) != len(texts) or len(explained) != len(texts):
            bad += 1
            print(f"  {name}: {len(texts)} lines but {len(plain)} plain and {len(explained)} explained answers")
        failures += bad
        print(f"{name}: {len(texts)} lines, {bad} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
