#!/usr/bin/env python3
"""Builds a validation fold from an interaction model alone, as a skill's own training could.

Holds out a share of each intent's samples (intents with at least 10) and of each custom type's
values (types with at least 5); the rest is `interaction-model.json`, and the held-out samples
filled with held-out values (a value's name or one of its synonyms; a type with nothing held out
lends its listed values) are `dev.jsonl`, in the data sets' format. So the held-out utterances
have carriers and values the model never lists, as real requests do, without reading
`train.jsonl`. `make-fold.py` cuts folds from the annotated train split instead.

    python3 Benchmarks/tools/make-inner-fold.py ../shared/datasets/atis /tmp/atis-inner --seed 1
    nlu-bench accuracy --dataset /tmp/atis-inner --split dev
"""
import argparse, json, os, random, re


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset"); ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model", default="interaction-model.json")
    ap.add_argument("--samples", type=float, default=0.1, help="share of each intent's samples held out")
    ap.add_argument("--values", type=float, default=0.2, help="share of each custom type's values held out")
    ap.add_argument("--fillings", type=int, default=2, help="utterances made from each held-out sample")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    model = json.load(open(os.path.join(a.dataset, a.model)))
    imap = json.load(open(os.path.join(a.dataset, "intent-map.json")))
    lm = model["interactionModel"]["languageModel"]

    listed, held_values = {}, {}
    for t in lm.get("types", []):
        values = t["values"][:]
        rng.shuffle(values)
        k = int(len(values) * a.values) if len(values) >= 5 else 0
        held_values[t["name"]], t["values"] = values[:k], values[k:]
        listed[t["name"]] = t["values"]

    dev = []
    for intent in lm["intents"]:
        samples = intent.get("samples", [])[:]
        if len(samples) < 10:
            continue
        rng.shuffle(samples)
        k = max(1, int(len(samples) * a.samples))
        held, intent["samples"] = samples[:k], samples[k:]
        types = {s["name"]: s["type"] for s in intent.get("slots", [])}
        label = imap.get(intent["name"], intent["name"])
        for sample in held:
            for _ in range(a.fillings):
                utterance = fill(sample, types, held_values, listed, rng)
                if utterance:
                    dev.append(dict(utterance, intent=label))

    os.makedirs(a.out, exist_ok=True)
    json.dump(model, open(os.path.join(a.out, "interaction-model.json"), "w"), ensure_ascii=False)
    json.dump(imap, open(os.path.join(a.out, "intent-map.json"), "w"), ensure_ascii=False)
    with open(os.path.join(a.out, "dev.jsonl"), "w") as f:
        for u in dev:
            f.write(json.dumps(u, ensure_ascii=False) + "\n")
    open(os.path.join(a.out, "test.jsonl"), "w").close()
    print("%s: %d held-out utterances" % (a.out, len(dev)))


def fill(sample, types, held_values, listed, rng):
    """The sample with each slot filled, and its slot spans; None when a slot has no values
    (a built-in type: such samples are left out)."""
    text, slots = "", []
    for part in re.split(r"(\{[^}]+\})", sample):
        if not part.startswith("{"):
            text += part
            continue
        name = part[1:-1]
        pool = held_values.get(types.get(name)) or listed.get(types.get(name))
        if not pool:
            return None
        value = rng.choice(pool)["name"]
        said = rng.choice([value["value"]] + value.get("synonyms", []))
        slots.append({"slot": name, "value": said, "start": len(text), "end": len(text) + len(said)})
        text += said
    return {"text": text, "slots": slots}


if __name__ == "__main__":
    main()
