#!/usr/bin/env python3
"""Peer NLU engines trained on the same information as ours and scored the same way.

    peers.py --dataset DIR [--model interaction-model.json] [--train-jsonl FILE] [--json OUT]
    peers.py --report OUT.json ... [--markdown]

Training data is what our engine gets: the utterances SkillNLU generates from the interaction
model, exported by ``nlu-bench export-training`` (``--train-jsonl``, data-set jsonl; what
``make bench-peers`` uses), or else utterances made by this script's own generator from the same
model (peerkit/generate.py).
The test split is only scored; settings are chosen on dev.jsonl (``--tune``) or fixed.
See README.md beside this file.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from peerkit.data import (FALLBACK_INTENT, DataError, Dataset, read_jsonl,  # noqa: E402
                          training_file_summary)
from peerkit.generate import GenerationReport, generate  # noqa: E402
from peerkit.metrics import score  # noqa: E402
from peerkit.timing import Stopwatch, timed_each  # noqa: E402

INTENT_ENGINES = ["tfidf-logreg", "tfidf-linearsvc", "fasttext"]
SLOT_ENGINES = ["crf", "crf-gazetteer"]
JOINT_ENGINES = ["snips-nlu"]
ALL_ENGINES = INTENT_ENGINES + SLOT_ENGINES + JOINT_ENGINES

ROW_KEYS = ["dataset", "model", "engine", "intent_accuracy", "slot_precision", "slot_recall",
            "slot_f1", "exact_match", "in_scope_accuracy", "oos_recall", "train_seconds",
            "latency_p50_ms", "latency_p99_ms"]

# Fixed settings (used without --tune): common defaults for these tools, never chosen on test;
# --tune picks from GRIDS on dev.jsonl instead. See README.md.
DEFAULTS = {
    "tfidf-logreg": {"C": 10.0},
    "tfidf-linearsvc": {"C": 0.5},
    "fasttext": {"epoch": 25, "lr": 0.5},
    "crf": {"c1": 0.1, "c2": 0.1},
    "crf-gazetteer": {"c1": 0.1, "c2": 0.1},
}
GRIDS = {
    "tfidf-logreg": [{"C": c} for c in (1.0, 10.0, 100.0)],
    "tfidf-linearsvc": [{"C": c} for c in (0.1, 0.5, 2.0)],
    "fasttext": [{"epoch": e, "lr": lr} for e in (10, 25, 50) for lr in (0.2, 0.5, 1.0)],
    "crf": [{"c1": a, "c2": b} for a, b in ((0.1, 0.1), (0.05, 0.01), (0.3, 0.05))],
    "crf-gazetteer": [{"c1": a, "c2": b} for a, b in ((0.1, 0.1), (0.05, 0.01), (0.3, 0.05))],
}


def log(message):
    sys.stderr.write("peers: %s\n" % message)
    sys.stderr.flush()


def machine():
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info = {"platform": platform.platform(), "cpu": cpu or platform.processor(),
            "cores": os.cpu_count(), "python": platform.python_version()}
    versions = {}
    try:
        from importlib import metadata
        for package in ("numpy", "scikit-learn", "sklearn-crfsuite", "python-crfsuite",
                        "fasttext", "snips-nlu"):
            try:
                versions[package] = metadata.version(package)
            except Exception:
                pass
    except ImportError:
        pass
    info["packages"] = versions
    return info


def available(engine):
    """Why an engine cannot run in this interpreter, or None."""
    modules = {"tfidf-logreg": "sklearn", "tfidf-linearsvc": "sklearn", "fasttext": "fasttext",
               "crf": "sklearn_crfsuite", "crf-gazetteer": "sklearn_crfsuite",
               "snips-nlu": "snips_nlu"}
    try:
        __import__(modules[engine])
        return None
    except Exception as error:  # an ImportError, or a broken native module
        return "%s is not importable in Python %s (%s)" % (
            modules[engine], platform.python_version(), error.__class__.__name__)


def empty_row(dataset, engine):
    return {"dataset": dataset.name, "model": dataset.model_name, "engine": engine}


def finish_row(row, dataset, scores):
    row.update({k: v for k, v in scores.items()
                if k not in ("in_scope_accuracy", "oos_recall") or dataset.out_of_scope_label})
    return row


# ---------------------------------------------------------------- intent engines

def make_intent_engine(name, params, seed):
    if name in ("tfidf-logreg", "tfidf-linearsvc"):
        from peerkit.intents_sklearn import SklearnIntents
        return SklearnIntents(name.split("-", 1)[1], C=params["C"], seed=seed)
    from peerkit.intents_fasttext import FastTextIntents
    return FastTextIntents(epoch=params["epoch"], lr=params["lr"], seed=seed)


def dev_accuracy(dataset, predictions):
    return score(dataset.dev, predictions, None, dataset.label)["intent_accuracy"]


def run_intent_engine(name, dataset, train, args):
    texts = [e["text"] for e in train]
    intents = [e["intent"] for e in train]
    params = dict(DEFAULTS[name])
    tuning = []
    if args.tune and dataset.dev:
        best = None
        for candidate in GRIDS[name]:
            engine = make_intent_engine(name, candidate, args.seed)
            engine.fit(texts, intents)
            accuracy = dev_accuracy(dataset, engine.predict_batch([e["text"] for e in dataset.dev]))
            tuning.append({"params": candidate, "dev_intent_accuracy": accuracy})
            log("  tune %s %s: dev intent accuracy %.4f" % (name, candidate, accuracy))
            if best is None or accuracy > best[0]:
                best = (accuracy, candidate)
        params = best[1]
    engine = make_intent_engine(name, params, args.seed)
    with Stopwatch() as watch:
        engine.fit(texts, intents)
    dev_predictions = None
    if dataset.dev:
        dev_predictions = engine.predict_batch([e["text"] for e in dataset.dev])
    thresholded = bool(args.oos_threshold and dataset.has_fallback and dataset.dev)
    if thresholded:
        scored, latency = timed_each(engine.predict_scored, [e["text"] for e in dataset.test])
        test_predictions = [label for label, _ in scored]
    else:
        test_predictions, latency = timed_each(engine.predict,
                                               [e["text"] for e in dataset.test])
    slots = None if dataset.has_slots else [[] for _ in dataset.test]
    row = empty_row(dataset, name)
    finish_row(row, dataset, score(dataset.test, test_predictions, slots, dataset.label,
                                   dataset.out_of_scope_label))
    row.update({"train_seconds": watch.seconds, "model_bytes": engine.size_bytes(),
                "params": getattr(engine, "params", params), "task": "intent"})
    row.update(latency)
    if dev_predictions is not None:
        row["dev_intent_accuracy"] = dev_accuracy(dataset, dev_predictions)
    if tuning:
        row["tuning"] = tuning
    extra = []
    if thresholded:
        extra.append(threshold_row(name, dataset, engine, row, scored, slots))
    return row, dev_predictions, test_predictions, extra


def threshold_row(name, dataset, engine, row, scored, slots):
    """The same model with a rejection threshold: below it the answer is AMAZON.FallbackIntent.

    The threshold is the one that maximises intent accuracy on dev (candidates: the dev
    confidences' percentiles); test is only scored.
    """
    dev_scored = engine.predict_scored_batch([e["text"] for e in dataset.dev])
    confidences = sorted(c for _, c in dev_scored)
    candidates = [float("-inf")] + [confidences[int(q * (len(confidences) - 1) / 100.0)]
                                    for q in range(0, 101)]

    def apply(pairs, threshold):
        return [FALLBACK_INTENT if c < threshold else label for label, c in pairs]

    best = None
    for threshold in candidates:
        accuracy = dev_accuracy(dataset, apply(dev_scored, threshold))
        if best is None or accuracy > best[0]:
            best = (accuracy, threshold)
    extra = empty_row(dataset, name + "+threshold")
    finish_row(extra, dataset, score(dataset.test, apply(scored, best[1]), slots, dataset.label,
                                     dataset.out_of_scope_label))
    for key in ("train_seconds", "model_bytes", "params", "task", "latency_p50_ms",
                "latency_p99_ms", "latency_max_ms", "latency_utterances", "latency_rounds"):
        if key in row:
            extra[key] = row[key]
    extra["oos_threshold"] = None if best[1] == float("-inf") else best[1]
    extra["dev_intent_accuracy"] = best[0]
    return extra


# ---------------------------------------------------------------- slot engines

def run_slot_engine(name, dataset, train, args, best_intent):
    from peerkit.slots_crf import CRFSlots
    gazetteer = name == "crf-gazetteer"
    use_intent = not args.crf_without_intent
    dev_intents, test_intents, intent_engine = best_intent

    def build(params):
        return CRFSlots(dataset.language_model, gazetteer=gazetteer, c1=params["c1"],
                        c2=params["c2"], use_intent=use_intent)

    def dev_f1(model):
        predicted = [model.predict(e["text"], i) for e, i in zip(dataset.dev, dev_intents)]
        return score(dataset.dev, None, predicted, dataset.label)["slot_f1"]

    params = dict(DEFAULTS[name])
    tuning = []
    if args.tune and dataset.dev:
        best = None
        for candidate in GRIDS[name]:
            model = build(candidate)
            model.fit(train)
            f1 = dev_f1(model)
            model.close()
            tuning.append({"params": candidate, "dev_slot_f1": f1})
            log("  tune %s %s: dev slot F1 %.4f" % (name, candidate, f1))
            if best is None or f1 > best[0]:
                best = (f1, candidate)
        params = best[1]
    model = build(params)
    with Stopwatch() as watch:
        model.fit(train)
    texts = [e["text"] for e in dataset.test]
    # Latency: tagging alone, one utterance at a time, given the intent.
    predicted, latency = timed_each(lambda pair: model.predict(*pair), list(zip(texts, test_intents)))
    row = empty_row(dataset, name)
    finish_row(row, dataset, score(dataset.test, test_intents, predicted, dataset.label,
                                   dataset.out_of_scope_label))
    # This row's intent figures belong to the intent model it was given, not to the CRF.
    for key in ("intent_accuracy", "in_scope_accuracy", "oos_recall"):
        row.pop(key, None)
    row.update({"intent_accuracy": None, "train_seconds": watch.seconds,
                "model_bytes": model.size_bytes(), "params": model.params, "task": "slots",
                "intent_from": intent_engine})
    row.update(latency)
    if dataset.dev and dev_intents is not None:
        row["dev_slot_f1"] = dev_f1(model)
    if tuning:
        row["tuning"] = tuning
    model.close()
    return row, predicted


# ---------------------------------------------------------------- snips-nlu

def run_snips_in_process(dataset, train, args):
    from peerkit.snips_engine import SnipsEngine
    engine = SnipsEngine(args.snips_resources, dataset.has_fallback, seed=args.seed)
    with Stopwatch() as watch:
        engine.fit(dataset.language_model, train)
    parsed, latency = timed_each(engine.parse, [e["text"] for e in dataset.test])
    intents = [p[0] for p in parsed]
    slots = [p[1] for p in parsed]
    row = empty_row(dataset, "snips-nlu")
    finish_row(row, dataset, score(dataset.test, intents, slots if dataset.has_slots else
                                   [[] for _ in slots], dataset.label, dataset.out_of_scope_label))
    row.update({"train_seconds": watch.seconds, "model_bytes": engine.size_bytes(),
                "params": engine.params, "task": "intent+slots"})
    row.update(latency)
    if dataset.dev:
        dev = [engine.parse(e["text"]) for e in dataset.dev]
        dev_scores = score(dataset.dev, [d[0] for d in dev], [d[1] for d in dev], dataset.label)
        row["dev_intent_accuracy"] = dev_scores["intent_accuracy"]
        if dataset.has_slots:
            row["dev_slot_f1"] = dev_scores["slot_f1"]
    return row, intents, slots


def run_snips_subprocess(dataset, train, args):
    """snips-nlu lives in its own Python 3.8 environment: run this script there on the very
    same training utterances (written to a temporary jsonl) and take its row."""
    directory = tempfile.mkdtemp(prefix="peers-snips-run-")
    train_path = os.path.join(directory, "train.jsonl")
    out_path = os.path.join(directory, "out.json")
    with open(train_path, "w", encoding="utf-8") as f:
        for example in train:
            f.write(json.dumps(example, ensure_ascii=False) + "\n")
    command = [args.snips_python, os.path.abspath(__file__), "--dataset", dataset.directory,
               "--model", dataset.model_name, "--train-jsonl", train_path, "--engines",
               "snips-nlu", "--json", out_path, "--seed", str(args.seed), "--snips-resources",
               args.snips_resources, "--quiet"]
    if args.predictions:
        command += ["--predictions", args.predictions]
    try:
        try:
            completed = subprocess.run(command, timeout=args.snips_timeout)
        except subprocess.TimeoutExpired:
            return None, ("snips-nlu did not finish within --snips-timeout %g s (stopped)"
                          % args.snips_timeout)
        if completed.returncode != 0 or not os.path.exists(out_path):
            if completed.returncode < 0:
                return None, "snips-nlu run was stopped (signal %d)" % -completed.returncode
            return None, "snips-nlu run failed (exit %d)" % completed.returncode
        with open(out_path, encoding="utf-8") as f:
            result = json.load(f)
        rows = [r for r in result["peers"] if r["engine"] == "snips-nlu"]
        if not rows:
            return None, "snips-nlu run produced no row"
        rows[0]["python"] = result["machine"]["python"]
        rows[0]["packages"] = result["machine"].get("packages", {})
        return rows[0], None
    finally:
        for path in (train_path, out_path):
            if os.path.exists(path):
                os.remove(path)
        os.rmdir(directory)


# ---------------------------------------------------------------- output

def percent(value):
    return "—" if value is None else "%.1f" % (100.0 * value)


def number(value, digits=3):
    return "—" if value is None else ("%." + str(digits) + "f") % value


def table_lines(rows, markdown=False, with_dataset=False):
    header = (["dataset", "model"] if with_dataset else []) + [
        "engine", "intent acc", "slot P", "slot R", "slot F1", "exact", "in-scope",
        "oos recall", "train s", "p50 ms", "p99 ms", "size MB"]
    body = []
    for row in rows:
        cells = [row["dataset"], row["model"]] if with_dataset else []
        if row.get("skipped"):
            body.append(cells + [row["engine"], "skipped: " + row["skipped"]]
                        + [""] * (len(header) - len(cells) - 2))
            continue
        size = row.get("model_bytes")
        cells += [row["engine"], percent(row.get("intent_accuracy")),
                  percent(row.get("slot_precision")), percent(row.get("slot_recall")),
                  percent(row.get("slot_f1")), percent(row.get("exact_match")),
                  percent(row.get("in_scope_accuracy")), percent(row.get("oos_recall")),
                  number(row.get("train_seconds"), 1), number(row.get("latency_p50_ms")),
                  number(row.get("latency_p99_ms")),
                  "—" if size is None else "%.1f" % (size / 1e6)]
        body.append(cells)
    if markdown:
        lines = ["| " + " | ".join(header) + " |",
                 "| " + " | ".join("---" if i < (3 if with_dataset else 1) else "---:"
                                   for i in range(len(header))) + " |"]
        lines += ["| " + " | ".join(cells) + " |" for cells in body]
        return lines
    skip_column = 3 if with_dataset else 1
    full = [b for b in body if not str(b[skip_column]).startswith("skipped")]
    widths = [max(len(str(c[i])) for c in [header] + full) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths))]
    for cells in body:
        if str(cells[skip_column]).startswith("skipped"):
            lines.append("  ".join(str(c) for c in cells if c != ""))
        else:
            lines.append("  ".join(str(c).ljust(w) for c, w in zip(cells, widths)))
    return lines


def report(paths, markdown):
    rows = []
    notes = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            result = json.load(f)
        rows.extend(result["peers"])
        training = result["training_data"]
        source = ("from " + training["origin"]) if training.get("origin") else training["source"]
        notes.append("%s/%s: %s, trained on %d utterances (%s); slots' intent from %s" % (
            result["dataset"], result["model"], result["date"], training["utterances"], source,
            result.get("best_intent_engine") or "—"))
    print("\n".join(table_lines(rows, markdown=markdown, with_dataset=True)))
    print()
    for note in notes:
        print(("- " if markdown else "") + note)


# ---------------------------------------------------------------- main

def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", help="a data-set folder of ../shared/datasets")
    parser.add_argument("--model", default="interaction-model.json",
                        help="interaction model file in the data-set folder")
    parser.add_argument("--train-jsonl", help="training utterances exported by our engine "
                        "(data-set jsonl); default: generate them from the model")
    parser.add_argument("--train-origin", help="with --train-jsonl: the command that made the "
                        "file (recorded in the JSON), e.g. 'nlu-bench export-training ... at "
                        "commit abc1234'")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--engines", default=",".join(ALL_ENGINES),
                        help="comma-separated subset of: " + ", ".join(ALL_ENGINES))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--fills", type=int, default=3,
                        help="fillings per sample with slots (generator)")
    parser.add_argument("--max-fills", type=int, default=30,
                        help="most fillings per sample when balancing intents (generator)")
    parser.add_argument("--min-per-intent", type=int, default=1000,
                        help="utterances an intent with slots should reach (generator)")
    parser.add_argument("--tune", action="store_true",
                        help="choose each peer's settings on dev.jsonl from a small grid")
    parser.add_argument("--no-oos-threshold", dest="oos_threshold", action="store_false",
                        help="for models with AMAZON.FallbackIntent, do not add the rows of the "
                        "intent models with a rejection threshold chosen on dev")
    parser.add_argument("--crf-without-intent", action="store_true",
                        help="leave the intent feature out of the CRF")
    parser.add_argument("--snips-python",
                        help="Python 3.8 interpreter with snips-nlu 0.20.2 (its own venv)")
    parser.add_argument("--snips-timeout", type=float, default=None,
                        help="seconds after which the snips-nlu run is stopped (its row then "
                        "says so); default: no limit")
    parser.add_argument("--snips-resources",
                        default=os.environ.get("SNIPS_NLU_RESOURCES", os.path.join(
                            os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                            "shared", "peer-resources", "snips_nlu_en")),
                        help="snips-nlu English resources folder")
    parser.add_argument("--predictions", help="write each engine's test predictions (jsonl) "
                        "into this folder")
    parser.add_argument("--report", nargs="+", metavar="JSON",
                        help="print one table from result files instead of running")
    parser.add_argument("--markdown", action="store_true", help="with --report: markdown")
    parser.add_argument("--quiet", action="store_true", help="no table on stdout")
    return parser.parse_args(argv)


def write_predictions(folder, dataset, engine, intents, slots):
    if not folder:
        return
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "%s--%s--%s.jsonl" % (
        dataset.name, os.path.splitext(dataset.model_name)[0], engine))
    with open(path, "w", encoding="utf-8") as f:
        for i, example in enumerate(dataset.test):
            f.write(json.dumps({"text": example["text"],
                                "intent": dataset.label(intents[i]) if intents else None,
                                "slots": slots[i] if slots else []}, ensure_ascii=False) + "\n")


def main(argv=None):
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    if args.report:
        report(args.report, args.markdown)
        return 0
    if not args.dataset:
        log("give --dataset DIR (a folder of ../shared/datasets) or --report FILES")
        return 64
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = [e for e in engines if e not in ALL_ENGINES]
    if unknown:
        log("unknown engine(s) %s; choose from %s" % (", ".join(unknown), ", ".join(ALL_ENGINES)))
        return 64
    try:
        dataset = Dataset(args.dataset, args.model)
        if args.train_jsonl:
            train = read_jsonl(args.train_jsonl)
            training_data = training_file_summary(args.train_jsonl, train, args.train_origin)
        else:
            generation = GenerationReport()
            train = generate(dataset.language_model, seed=args.seed, fills=args.fills,
                             max_fills=args.max_fills, min_per_intent=args.min_per_intent,
                             report=generation)
            training_data = {"source": "generated", "seed": args.seed, "fills": args.fills,
                             "max_fills": args.max_fills, "min_per_intent": args.min_per_intent}
            training_data.update(generation.as_dict())
    except DataError as error:
        log(str(error))
        return 65
    if not train:
        log("%s: no training utterances (no intent has samples)" % dataset.model_path)
        return 65
    tag = "%s/%s" % (dataset.name, dataset.model_name)
    log("%s: %d training utterances (%s), %d test utterances"
        % (tag, len(train), training_data["source"], len(dataset.test)))

    rows = []
    intent_runs = {}
    for name in [e for e in engines if e in INTENT_ENGINES]:
        reason = available(name)
        if reason:
            rows.append(dict(empty_row(dataset, name), skipped=reason))
            log("%s: %s skipped: %s" % (tag, name, reason))
            continue
        log("%s: training %s" % (tag, name))
        row, dev_predictions, test_predictions, extra = run_intent_engine(name, dataset, train,
                                                                         args)
        rows.append(row)
        rows.extend(extra)
        intent_runs[name] = (row, dev_predictions, test_predictions)
        write_predictions(args.predictions, dataset, name, test_predictions, None)

    # The intent model the CRF's joint figures use: the best on dev (never chosen on test).
    best_intent = None
    if intent_runs:
        if dataset.dev:
            best_name = max(intent_runs, key=lambda n: (intent_runs[n][0]["dev_intent_accuracy"],
                                                        -list(intent_runs).index(n)))
        else:
            best_name = list(intent_runs)[0]
        best_intent = best_name

    slot_requested = [e for e in engines if e in SLOT_ENGINES]
    if slot_requested and not dataset.has_slots:
        log("%s: the model has no slots; CRF peers not run" % tag)
    elif slot_requested:
        if best_intent is None:
            test_intents = [None] * len(dataset.test)
            dev_intents = [None] * len(dataset.dev or [])
        else:
            _, dev_intents, test_intents = intent_runs[best_intent]
        for name in slot_requested:
            reason = available(name)
            if reason:
                rows.append(dict(empty_row(dataset, name), skipped=reason))
                log("%s: %s skipped: %s" % (tag, name, reason))
                continue
            log("%s: training %s (intents for scoring from %s)" % (tag, name, best_intent))
            row, predicted = run_slot_engine(name, dataset, train, args,
                                             (dev_intents, test_intents, best_intent))
            rows.append(row)
            write_predictions(args.predictions, dataset, name, test_intents, predicted)

    if "snips-nlu" in engines:
        in_process = available("snips-nlu") is None
        if in_process or args.snips_python:
            if not os.path.isdir(args.snips_resources):
                reason = "no snips-nlu resources at %s (--snips-resources)" % args.snips_resources
                rows.append(dict(empty_row(dataset, "snips-nlu"), skipped=reason))
                log("%s: snips-nlu skipped: %s" % (tag, reason))
            elif in_process:
                log("%s: training snips-nlu" % tag)
                row, intents, slots = run_snips_in_process(dataset, train, args)
                rows.append(row)
                write_predictions(args.predictions, dataset, "snips-nlu", intents, slots)
            else:
                log("%s: training snips-nlu with %s" % (tag, args.snips_python))
                row, reason = run_snips_subprocess(dataset, train, args)
                if row is None:
                    row = dict(empty_row(dataset, "snips-nlu"), skipped=reason)
                    log("%s: snips-nlu skipped: %s" % (tag, reason))
                rows.append(row)
        else:
            reason = ("snips-nlu is not installed for this Python (%s); it installs on "
                      "Python 3.8 only: give --snips-python" % platform.python_version())
            rows.append(dict(empty_row(dataset, "snips-nlu"), skipped=reason))
            log("%s: snips-nlu skipped: %s" % (tag, reason))

    for row in rows:
        for key in ROW_KEYS:
            if key in ("in_scope_accuracy", "oos_recall") and not dataset.out_of_scope_label:
                continue
            row.setdefault(key, None)

    result = {"dataset": dataset.name, "model": dataset.model_name,
              "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
              "command": " ".join(shlex.quote(a) for a in
                                 [os.path.basename(sys.executable)] + sys.argv),
              "machine": machine(), "training_data": training_data,
              "best_intent_engine": best_intent, "peers": rows}
    if not args.quiet:
        print("%s — trained on %d utterances (%s); slots' intent from %s (%s)"
              % (tag, len(train), training_data.get("origin") or training_data["source"],
                 best_intent or "—",
                 "best on dev" if dataset.dev else "no dev split: the first intent engine"))
        print("\n".join(table_lines(rows)))
        print()
    if args.json:
        directory = os.path.dirname(os.path.abspath(args.json))
        os.makedirs(directory, exist_ok=True)
        temporary = args.json + ".tmp"
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, ensure_ascii=False)
            f.write("\n")
        os.replace(temporary, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
