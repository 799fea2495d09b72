#!/usr/bin/env python3
"""Builds a validation fold from a data set's train split, for choosing settings without test.

The held-out part of train becomes `dev.jsonl`; the rest becomes `interaction-model.json`,
built the way ../shared/datasets builds its models (samples lower-cased, punctuation other than
apostrophes removed, slot spans replaced by `{slot}`, de-duplicated per intent; one custom type
per slot listing the values seen in the training part only, so held-out utterances carry
unlisted values as test utterances do). Intents, slot declarations and every other field come
from the data set's own model. `--per-intent N` keeps at most N samples per intent (the -70
models' size) and writes the rest of train, too, to dev.jsonl.

    python3 Benchmarks/tools/make-fold.py ../shared/datasets/snips /tmp/snips-fold --fold 0
    nlu-bench accuracy --dataset /tmp/snips-fold --split dev
"""
import argparse, copy, json, os, random, re

def template(u):
    text, out, pos = u["text"], [], 0
    for s in sorted(u["slots"], key=lambda s: s["start"]):
        out.append(clean(text[pos:s["start"]])); out.append("{" + s["slot"] + "}"); pos = s["end"]
    out.append(clean(text[pos:]))
    return re.sub(r"\s+", " ", " ".join(out)).strip()

def clean(text):
    return re.sub(r"[^\w\s']", " ", text.lower())

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset"); ap.add_argument("out")
    ap.add_argument("--folds", type=int, default=10); ap.add_argument("--fold", type=int, default=0)
    ap.add_argument("--seed", type=int, default=7); ap.add_argument("--per-intent", type=int)
    ap.add_argument("--model", default="interaction-model.json")
    a = ap.parse_args()
    train = [json.loads(l) for l in open(os.path.join(a.dataset, "train.jsonl"))]
    order = list(range(len(train))); random.Random(a.seed).shuffle(order)
    held = set(order[a.fold::a.folds])
    base = json.load(open(os.path.join(a.dataset, a.model)))
    imap = json.load(open(os.path.join(a.dataset, "intent-map.json")))
    name_of = {label: name for name, label in imap.items()}
    lm = base["interactionModel"]["languageModel"]
    intents = {i["name"]: i for i in lm["intents"]}
    samples = {n: [] for n in intents}; values = {}
    slot_type = {(i["name"], s["name"]): s["type"] for i in lm["intents"] for s in i.get("slots", [])}
    kept = []
    for k, u in enumerate(train):
        if k in held: continue
        name = name_of.get(u["intent"], u["intent"])
        if name not in intents: continue
        names = [s["slot"] for s in u["slots"]]
        if len(names) != len(set(names)) or any((name, n) not in slot_type for n in names): continue
        t = template(u)
        if t and t not in samples[name]: samples[name].append(t); kept.append(k)
        for s in u["slots"]:
            v = re.sub(r"\s+", " ", s["value"].lower()).strip()
            values.setdefault(slot_type[(name, s["slot"])], [])
            if v and v not in values[slot_type[(name, s["slot"])]]: values[slot_type[(name, s["slot"])]].append(v)
    dev = [train[k] for k in sorted(held)]
    if a.per_intent:
        rng = random.Random(13)
        for n in sorted(samples):
            if len(samples[n]) > a.per_intent: samples[n] = rng.sample(samples[n], a.per_intent)
        chosen = {(n, t) for n in samples for t in samples[n]}
        dev += [u for k, u in enumerate(train) if k not in held
                and (name_of.get(u["intent"], u["intent"]), template(u)) not in chosen]
    model = copy.deepcopy(base)
    out_lm = model["interactionModel"]["languageModel"]
    for i in out_lm["intents"]:
        if samples.get(i["name"]) or not i["name"].startswith("AMAZON.") or i.get("samples"):
            i["samples"] = samples.get(i["name"], [])
    for t in out_lm.get("types", []):
        t["values"] = [{"name": {"value": v}} for v in values.get(t["name"], [])] or t["values"][:1]
    os.makedirs(a.out, exist_ok=True)
    json.dump(model, open(os.path.join(a.out, "interaction-model.json"), "w"), ensure_ascii=False, indent=1)
    with open(os.path.join(a.out, "dev.jsonl"), "w") as f:
        for u in dev: f.write(json.dumps(u, ensure_ascii=False) + "\n")
    with open(os.path.join(a.out, "test.jsonl"), "w") as f: pass
    json.dump(imap, open(os.path.join(a.out, "intent-map.json"), "w"), indent=1)
    print(f"{a.out}: {sum(map(len, samples.values()))} samples, {len(dev)} held-out utterances")

main()
