"""Reading the benchmark data sets and interaction models, and tokenizing with offsets.

Every example is a plain dict in the data-set format of ../shared/datasets:
``{"text": str, "intent": str, "slots": [{"slot", "value", "start", "end"}]}`` with offsets in
code points (end exclusive). Keeping one format for the test split, the generated training data
and the Swift engine's exported training data means one tokenizer and one metric path for all.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from typing import Dict, List, Optional, Tuple

# Words (keeping word-internal apostrophes and hyphens: "what's", "t-shirt") or single symbols.
_TOKEN = re.compile(r"\w+(?:['\u2019\-]\w+)*|[^\w\s]", re.UNICODE)

FALLBACK_INTENT = "AMAZON.FallbackIntent"


class DataError(Exception):
    """A data set or interaction model that cannot be used, with the file and what to do."""


def tokenize(text: str) -> List[Tuple[str, int, int]]:
    """Tokens of ``text`` as ``(token, start, end)`` with code-point offsets into ``text``."""
    return [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def read_jsonl(path: str) -> List[dict]:
    """Examples of one jsonl file; a malformed line is reported with its line number."""
    examples = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                example = json.loads(line)
            except ValueError as error:
                raise DataError("%s:%d: not JSON (%s); each line must be one object"
                                % (path, number, error))
            if "text" not in example or "intent" not in example:
                raise DataError("%s:%d: needs \"text\" and \"intent\"" % (path, number))
            example.setdefault("slots", [])
            examples.append(example)
    return examples


def training_file_summary(path: str, examples: List[dict], origin: Optional[str] = None) -> dict:
    """What a result file records about training utterances read from ``path``.

    The file itself is not kept (it is made again from the interaction model by the command in
    ``origin``), so its SHA-256 and per-intent counts let a later run show it trained on the
    very same utterances.
    """
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            digest.update(block)
    per_intent: Dict[str, int] = {}
    for example in examples:
        per_intent[example["intent"]] = per_intent.get(example["intent"], 0) + 1
    summary = {"source": "jsonl", "file": os.path.basename(path), "sha256": digest.hexdigest(),
               "utterances": len(examples), "per_intent": per_intent}
    if origin:
        summary["origin"] = origin
    return summary


def read_json(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        raise DataError("%s: not found" % path)
    except ValueError as error:
        raise DataError("%s: not JSON (%s)" % (path, error))


def language_model(model: dict, path: str = "interaction model") -> dict:
    """The ``languageModel`` object of an Alexa interaction model (wrapped or bare)."""
    body = model.get("interactionModel", model)
    lm = body.get("languageModel")
    if not isinstance(lm, dict) or "intents" not in lm:
        raise DataError("%s: no interactionModel.languageModel.intents; is this an Alexa "
                        "interaction model?" % path)
    return lm


class Dataset(object):
    """One benchmark folder: its model, its splits and the intent map."""

    def __init__(self, directory: str, model_name: str = "interaction-model.json"):
        self.directory = directory
        self.name = os.path.basename(os.path.normpath(directory))
        self.model_name = model_name
        self.model_path = os.path.join(directory, model_name)
        self.model = read_json(self.model_path)
        self.language_model = language_model(self.model, self.model_path)
        map_path = os.path.join(directory, "intent-map.json")
        self.intent_map = read_json(map_path) if os.path.exists(map_path) else {}
        test_path = os.path.join(directory, "test.jsonl")
        if not os.path.exists(test_path):
            raise DataError("%s: no test.jsonl; every data set needs one to be scored" % directory)
        self.test = read_jsonl(test_path)
        dev_path = os.path.join(directory, "dev.jsonl")
        self.dev: Optional[List[dict]] = read_jsonl(dev_path) if os.path.exists(dev_path) else None

    def label(self, intent: Optional[str]) -> Optional[str]:
        """The data-set label of a model intent name (identity when the map has no entry)."""
        if intent is None:
            return None
        return self.intent_map.get(intent, intent)

    @property
    def has_fallback(self) -> bool:
        return any(i.get("name") == FALLBACK_INTENT for i in self.language_model["intents"])

    @property
    def has_slots(self) -> bool:
        return any(i.get("slots") for i in self.language_model["intents"])

    @property
    def out_of_scope_label(self) -> Optional[str]:
        """The test label of out-of-scope utterances, when the model has a fallback intent."""
        if not self.has_fallback:
            return None
        return self.label(FALLBACK_INTENT)


def bio_labels(example: dict) -> Tuple[List[Tuple[str, int, int]], List[str]]:
    """Tokens of an example and their BIO labels from its character spans.

    A token belongs to a span when it lies inside it; the first such token is B-, the rest I-.
    """
    tokens = tokenize(example["text"])
    labels = ["O"] * len(tokens)
    for slot in example.get("slots", []):
        first = True
        for index, (_, start, end) in enumerate(tokens):
            if start >= slot["start"] and end <= slot["end"]:
                labels[index] = ("B-" if first else "I-") + slot["slot"]
                first = False
    return tokens, labels


def spans_from_bio(text: str, tokens: List[Tuple[str, int, int]],
                   labels: List[str]) -> List[dict]:
    """Slots (raw input spans) from BIO labels; a stray I- starts a new span, as conlleval does."""
    slots: List[dict] = []
    current: Optional[dict] = None
    for (_, start, end), label in zip(tokens, labels):
        if label == "O":
            current = None
            continue
        kind, _, name = label.partition("-")
        if kind == "I" and current is not None and current["slot"] == name:
            current["end"] = end
        else:
            current = {"slot": name, "start": start, "end": end}
            slots.append(current)
    for slot in slots:
        slot["value"] = text[slot["start"]:slot["end"]]
    return slots


def slot_types(lm: dict) -> Dict[str, List[str]]:
    """Each custom slot type's listed values and synonyms, in model order, de-duplicated."""
    types: Dict[str, List[str]] = {}
    for slot_type in lm.get("types", []):
        listed: List[str] = []
        seen = set()
        for value in slot_type.get("values", []):
            name = value.get("name", {})
            for text in [name.get("value", "")] + list(name.get("synonyms", [])):
                text = text.strip()
                if text and text not in seen:
                    seen.add(text)
                    listed.append(text)
        types[slot_type["name"]] = listed
    return types
