#!/usr/bin/env python3
"""Checks that two builds of SkillNLU understand every test line the same way.

A restructuring of the engine must not change what it answers. This script trains each data set's
interaction model with both builds' nlu-train, classifies the same lines with both builds'
nlu-classify (JSON lines, a fixed reference date) and compares, line by line: the intent, its
confidence as printed (4 places) and the slots (name, value, raw value, span). It prints every
difference (up to --show per data set) and a summary row per data set, and exits 1 when any line
differs, so a deliberate difference has to be argued, never overlooked.

Usage:
  Benchmarks/tools/compare-builds.py --old /path/to/old/bin --new .build/release \
      [--shared ../shared] [--sets snips,atis,clinc150,skills] [--show 10]

Each bin folder holds nlu-train and nlu-classify (and, for models with a language pack, the
resources folder beside them, as a release build does).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

REFERENCE_DATE = "2026-01-07"


def lines_of(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line)["text"] for line in f if line.strip()]


def classify(bin_dir, model_path, texts):
    """Runs nlu-classify over texts; one JSON object per line back."""
    command = [os.path.join(bin_dir, "nlu-classify"), "--model", model_path, "--format", "jsonl",
               "--reference-date", REFERENCE_DATE]
    done = subprocess.run(command, input="\n".join(texts) + "\n", capture_output=True, text=True)
    if done.returncode not in (0,):
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[:500]}")
    results = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if len(results) != len(texts):
        sys.exit(f"{bin_dir}: {len(results)} answers for {len(texts)} lines of {model_path}")
    return results


def train(bin_dir, skill_path, model_path):
    command = [os.path.join(bin_dir, "nlu-train"), skill_path, "-o", model_path]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")


def summary(result):
    """What must stay the same: intent, confidence as printed, slots with their spans."""
    intent = result.get("intent") or {}
    slots = result.get("slots") or {}
    slot_view = sorted(
        (name, s.get("value"), s.get("rawValue"), s.get("start"), s.get("end"))
        for name, s in slots.items())
    repeated = sorted(
        (s.get("name"), s.get("value"), s.get("rawValue"), s.get("start"), s.get("end"))
        for s in (result.get("repeatedSlots") or []))
    return (intent.get("name"), intent.get("confidence"), tuple(slot_view), tuple(repeated))


def data_sets(shared, wanted):
    for name in ("snips", "atis", "clinc150"):
        if name in wanted:
            folder = os.path.join(shared, "datasets", name)
            yield name, os.path.join(folder, "interaction-model.json"), os.path.join(folder, "test.jsonl")
    if "skills" in wanted:
        tests = os.path.join(shared, "skill-tests")
        for file in sorted(os.listdir(tests)):
            if file.endswith(".jsonl"):
                base = file[: -len(".jsonl")]
                yield base, os.path.join(shared, "interaction-models", base + ".json"), os.path.join(tests, file)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", required=True, help="folder with the old build's nlu-train and nlu-classify")
    parser.add_argument("--new", required=True, help="folder with the new build's nlu-train and nlu-classify")
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "../../../shared"))
    parser.add_argument("--sets", default="snips,atis,clinc150,skills")
    parser.add_argument("--show", type=int, default=10, help="differences printed per data set")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.shared, "datasets")):
        sys.exit(f"no data sets under {args.shared}: pass --shared")
    wanted = set(args.sets.split(","))
    total_lines = total_diffs = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name, skill, tests in data_sets(args.shared, wanted):
            if not os.path.exists(skill):
                print(f"{name}: no interaction model {skill}; skipped", file=sys.stderr)
                continue
            texts = lines_of(tests)
            answers = []
            for side, bin_dir in (("old", args.old), ("new", args.new)):
                model = os.path.join(scratch, f"{side}-{name}.nlu")
                train(bin_dir, skill, model)
                answers.append(classify(bin_dir, model, texts))
            diffs = [(t, a, b) for t, a, b in zip(texts, *answers) if summary(a) != summary(b)]
            for text, a, b in diffs[: args.show]:
                print(f"  {name}: {text!r}\n    old {summary(a)}\n    new {summary(b)}")
            print(f"{name}: {len(texts)} lines, {len(diffs)} differ")
            total_lines += len(texts)
            total_diffs += len(diffs)
    print(f"all: {total_lines} lines, {total_diffs} differ")
    return 1 if total_diffs else 0


if __name__ == "__main__":
    sys.exit(main())
