#!/usr/bin/env python3
"""A small skill cut out of CLINC150, to score how a hand-written-sized skill rejects requests
that belong to no intent of it.

Keeps INTENTS intents of CLINC150's interaction-model-fallback-empty.json (drawn with --seed),
at most --samples samples each, and AMAZON.FallbackIntent without samples — the shape of a
typical skill. Its dev.jsonl and test.jsonl are CLINC150's: utterances of the kept intents keep
their label; every other one (other intents' requests and CLINC's own out-of-scope ones) is
labelled 'oos', so `nlu-bench accuracy` reports in-scope accuracy and out-of-scope recall.
Choose settings on dev with seeds 1-5 (Benchmarks/tools/SWEEPS.md); `make bench` reports test
with seeds 6-10, which chose nothing.

    python3 Benchmarks/tools/make-small-skill.py ../shared/datasets/clinc150 /tmp/small-1 --seed 1
    for s in 1 2 3 4 5; do ...; nlu-bench accuracy --dataset /tmp/small-$s --split dev; done
"""
import argparse
import json
import os
import random

parser = argparse.ArgumentParser()
parser.add_argument("clinc")
parser.add_argument("out")
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--intents", type=int, default=8)
parser.add_argument("--samples", type=int, default=30)
parser.add_argument("--sensitivity", choices=["LOW", "MEDIUM", "HIGH"],
                    help="modelConfiguration.fallbackIntentSensitivity (absent: LOW, as on Alexa)")
a = parser.parse_args()

model = json.load(open(os.path.join(a.clinc, "interaction-model-fallback-empty.json")))
lm = model["interactionModel"]["languageModel"]
intent_map = json.load(open(os.path.join(a.clinc, "intent-map.json")))
custom = sorted(i["name"] for i in lm["intents"] if not i["name"].startswith("AMAZON."))
rng = random.Random(a.seed)
kept = set(rng.sample(custom, a.intents))
intents = []
for intent in lm["intents"]:
    if intent["name"] in kept:
        samples = intent.get("samples", [])
        intent = dict(intent, samples=rng.sample(samples, min(a.samples, len(samples))))
        intents.append(intent)
    elif intent["name"].startswith("AMAZON."):
        intents.append(dict(intent, samples=[]) if intent["name"] == "AMAZON.FallbackIntent" else intent)
lm["intents"] = intents
lm["invocationName"] = "small skill"
if a.sensitivity:
    lm["modelConfiguration"] = {"fallbackIntentSensitivity": {"level": a.sensitivity}}
os.makedirs(a.out, exist_ok=True)
json.dump(model, open(os.path.join(a.out, "interaction-model.json"), "w"), indent=1)
labels = {intent_map.get(n, n) for n in kept}
for split in ("dev", "test"):
    with open(os.path.join(a.out, split + ".jsonl"), "w") as f:
        for line in open(os.path.join(a.clinc, split + ".jsonl")):
            r = json.loads(line)
            if r["intent"] not in labels:
                r["intent"] = "oos"
            f.write(json.dumps(r) + "\n")
json.dump({n: intent_map.get(n, n) for n in list(kept) + ["AMAZON.FallbackIntent"]},
          open(os.path.join(a.out, "intent-map.json"), "w"), indent=1)
print(a.out, "intents:", ", ".join(sorted(kept)))
