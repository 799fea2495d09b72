#!/usr/bin/env python3
"""A large skill joined from the shared data sets, to check the model file's size budget on a
corpus bigger than any one of them (issue 30: the 64- and 60-intent corpora we do not see must
fit in 5 MB).

Takes every custom intent of SNIPS and ATIS and the first CLINC150 intents (in file order) up to
--intents custom intents, with all their samples and slot types (each type renamed with its data
set's prefix, so that no two collide), the built-in intents once (CLINC150's
AMAZON.FallbackIntent with its out-of-scope samples among them). dev.jsonl and test.jsonl are
the data sets' lines of the kept intents, labelled through their intent maps, so
`nlu-bench accuracy` scores it like any data set. Nothing of it is written into the repository.

    python3 Benchmarks/tools/make-large-corpus.py ../shared/datasets /tmp/large-64
    nlu-bench accuracy --dataset /tmp/large-64 --split dev --trained /tmp/large-64.nlu
    nlu-bench sizes --model-file /tmp/large-64.nlu
"""
import argparse
import json
import os

parser = argparse.ArgumentParser()
parser.add_argument("datasets", help="the folder holding snips, atis and clinc150")
parser.add_argument("out")
parser.add_argument("--intents", type=int, default=64, help="custom intents in all")
a = parser.parse_args()


def language_model(name):
    path = os.path.join(a.datasets, name, "interaction-model.json")
    return json.load(open(path))["interactionModel"]["languageModel"]


intents, types, built_ins = [], [], set()


def take(name, prefix, limit):
    """Adds up to `limit` custom intents of data set `name`; returns how many it added."""
    lm = language_model(name)
    renamed = {}
    for t in lm.get("types", []):
        renamed[t["name"]] = prefix + t["name"]
        types.append(dict(t, name=prefix + t["name"]))
    added = 0
    for intent in lm["intents"]:
        if intent["name"].startswith("AMAZON."):
            if intent["name"] not in built_ins:
                built_ins.add(intent["name"])
                intents.append(intent)
            continue
        if added == limit:
            continue
        added += 1
        slots = [dict(s, type=renamed.get(s["type"], s["type"])) for s in intent.get("slots", [])]
        intents.append(dict(intent, slots=slots))
    return added


left = a.intents
for name, prefix in [("snips", "S_"), ("atis", "A_"), ("clinc150", "C_")]:
    left -= take(name, prefix, left)

os.makedirs(a.out, exist_ok=True)
model = {"interactionModel": {"languageModel": {
    "invocationName": "large corpus", "intents": intents, "types": types}}}
with open(os.path.join(a.out, "interaction-model.json"), "w") as f:
    json.dump(model, f, indent=2, ensure_ascii=False)

names = {i["name"] for i in intents}
intent_map = {}
for name in ["snips", "atis", "clinc150"]:
    for model_name, label in json.load(open(os.path.join(a.datasets, name, "intent-map.json"))).items():
        if model_name in names:
            intent_map[model_name] = label
with open(os.path.join(a.out, "intent-map.json"), "w") as f:
    json.dump(intent_map, f, indent=1)
labels = set(intent_map.values())
for split in ["dev", "test"]:
    with open(os.path.join(a.out, split + ".jsonl"), "w") as out:
        for name in ["snips", "atis", "clinc150"]:
            for line in open(os.path.join(a.datasets, name, split + ".jsonl")):
                if json.loads(line)["intent"] in labels:
                    out.write(line)
custom = sum(1 for i in intents if not i["name"].startswith("AMAZON."))
print(f"{custom} custom intents, {len(intents) - custom} built-in, {len(types)} slot types -> {a.out}")
