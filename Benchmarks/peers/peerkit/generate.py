"""Training utterances generated from an interaction model, the way our engine sees its data.

Why: the peers must learn from exactly the information our engine gets — the interaction model,
not the annotated training corpus. Until the Swift engine exports its own generated utterances
(``nlu-bench export-training``), this module makes comparable ones:

* every sample of every intent is used; a sample without slot references is used once;
* a sample's ``{slot}`` references are filled with values (and synonyms) listed for the slot's
  type. Values are dealt from a per-type shuffled deck, reshuffled when it runs out, so that
  every listed value is used before any is repeated;
* a sample with slots is filled ``fills`` times (different fillings where the values allow);
  an intent whose utterance count would fall below the median intent's, or below
  ``min_per_intent``, gets more fillings per sample (at most ``max_fills``), so that intents
  are roughly balanced and a small hand-written model still shows the tagger many values;
* deterministic for a seed; spans are tracked while filling, so BIO labels are exact.

AMAZON.* types with no listed values get a small built-in list (numbers, ordinals); a sample
referring to any other type without values is left out and counted.
"""
from __future__ import annotations

import math
import random
import re
from typing import Dict, List, Optional, Tuple

from .data import slot_types

_REFERENCE = re.compile(r"\{([^{}]+)\}")

_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                 "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
_ORDINAL_WORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth").split()
_BUILTIN_VALUES = {
    "AMAZON.NUMBER": _NUMBER_WORDS + [str(n) for n in range(0, 21)] + ["thirty", "one hundred"],
    "AMAZON.Ordinal": _ORDINAL_WORDS + ["1st", "2nd", "3rd", "4th", "5th"],
    "AMAZON.FOUR_DIGIT_NUMBER": ["1990", "2020", "2005", "nineteen ninety", "twenty twenty"],
}


class _Deck(object):
    """Values of one slot type dealt in a seeded shuffled order, reshuffled when exhausted."""

    def __init__(self, values: List[str], rng: random.Random):
        self.values = list(values)
        self.rng = rng
        self.order: List[str] = []

    def draw(self) -> str:
        if not self.order:
            self.order = list(self.values)
            self.rng.shuffle(self.order)
        return self.order.pop()


class GenerationReport(object):
    def __init__(self):
        self.samples = 0
        self.skipped_samples = 0
        self.utterances = 0
        self.per_intent: Dict[str, int] = {}
        self.fills_per_intent: Dict[str, int] = {}

    def as_dict(self) -> dict:
        return {"samples": self.samples, "skipped_samples": self.skipped_samples,
                "utterances": self.utterances, "per_intent": dict(self.per_intent),
                "fills_per_intent": dict(self.fills_per_intent)}


def _parse_sample(sample: str) -> List[Tuple[str, str]]:
    """A sample as pieces: ``("text", literal)`` and ``("slot", name)``."""
    pieces: List[Tuple[str, str]] = []
    position = 0
    for match in _REFERENCE.finditer(sample):
        if match.start() > position:
            pieces.append(("text", sample[position:match.start()]))
        pieces.append(("slot", match.group(1).strip()))
        position = match.end()
    if position < len(sample):
        pieces.append(("text", sample[position:]))
    return pieces


def _fill(pieces: List[Tuple[str, str]], decks: Dict[str, _Deck]) -> dict:
    text = ""
    slots = []
    for kind, content in pieces:
        if kind == "text":
            text += content
        else:
            value = decks[content].draw()
            slots.append({"slot": content, "value": value, "start": len(text),
                          "end": len(text) + len(value)})
            text += value
    # Collapse the white space the template may leave, keeping the spans right.
    return _normalise_spaces(text, slots)


def _normalise_spaces(text: str, slots: List[dict]) -> dict:
    keep: List[int] = []  # for each kept character, its old index
    out = []
    previous_space = True
    for index, char in enumerate(text):
        space = char.isspace()
        if space and previous_space:
            continue
        out.append(" " if space else char)
        keep.append(index)
        previous_space = space
    while out and out[-1] == " ":
        out.pop()
        keep.pop()
    new_index = {}
    for new, old in enumerate(keep):
        new_index[old] = new
    fixed = []
    for slot in slots:
        starts = [new_index[i] for i in range(slot["start"], slot["end"]) if i in new_index]
        if not starts:
            continue
        start, end = starts[0], starts[-1] + 1
        fixed.append({"slot": slot["slot"], "value": "".join(out[start:end]),
                      "start": start, "end": end})
    return {"text": "".join(out), "slots": fixed}


def generate(lm: dict, seed: int = 13, fills: int = 3, max_fills: int = 30,
             min_per_intent: int = 1000,
             report: Optional[GenerationReport] = None) -> List[dict]:
    """Training utterances (data-set format) generated from an interaction model's language model.

    Intents without samples (the standard AMAZON.* intents here) produce nothing.
    """
    report = report if report is not None else GenerationReport()
    rng = random.Random(seed)
    values = slot_types(lm)
    decks_by_type: Dict[str, _Deck] = {}

    plans = []  # (intent name, [(pieces, decks or None)])
    for intent in lm.get("intents", []):
        slot_type_of = {s["name"]: s.get("type", "") for s in intent.get("slots", [])}
        entries = []
        for sample in intent.get("samples", []):
            report.samples += 1
            pieces = _parse_sample(sample)
            names = [content for kind, content in pieces if kind == "slot"]
            decks = {}
            usable = True
            for name in names:
                type_name = slot_type_of.get(name)
                listed = values.get(type_name or "") or _BUILTIN_VALUES.get(type_name or "")
                if not listed:
                    usable = False
                    break
                if type_name not in decks_by_type:
                    decks_by_type[type_name] = _Deck(listed, random.Random(rng.random()))
                decks[name] = decks_by_type[type_name]
            if not usable:
                report.skipped_samples += 1
                continue
            entries.append((pieces, decks if names else None))
        if entries:
            plans.append((intent["name"], entries))

    # Balance: raise fillings for intents below the median utterance count.
    def count(entries, k):
        return sum(k if decks else 1 for _, decks in entries)

    base_counts = sorted(count(entries, fills) for _, entries in plans)
    target = max(base_counts[len(base_counts) // 2] if base_counts else 0, min_per_intent)

    utterances: List[dict] = []
    for intent_name, entries in plans:
        with_slots = sum(1 for _, decks in entries if decks)
        without = len(entries) - with_slots
        k = fills
        if with_slots and count(entries, fills) < target:
            k = min(max_fills, max(fills, int(math.ceil(float(target - without) / with_slots))))
        report.fills_per_intent[intent_name] = k
        produced = 0
        for pieces, decks in entries:
            if not decks:
                text = _normalise_spaces("".join(c for _, c in pieces), [])["text"]
                utterances.append({"text": text, "intent": intent_name, "slots": []})
                produced += 1
                continue
            seen = set()
            attempts = 0
            while len(seen) < k and attempts < 3 * k:
                attempts += 1
                filled = _fill(pieces, decks)
                if filled["text"] in seen:
                    continue
                seen.add(filled["text"])
                filled["intent"] = intent_name
                utterances.append(filled)
                produced += 1
        report.per_intent[intent_name] = produced
    report.utterances = len(utterances)
    return utterances
