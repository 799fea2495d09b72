"""The metric definitions of ../shared/datasets/README.md, in one place for every peer.

* intent accuracy: predicted model intent mapped through intent-map.json equals the label;
* slots: per utterance the multiset of (slot name, value) pairs, values lower-cased with white
  space collapsed, the predicted value being the raw input span; counts summed (micro);
* exact match: intent right and slot multisets equal;
* out of scope: in-scope accuracy over labels other than the out-of-scope label, and
  out-of-scope recall over utterances labelled out of scope.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, List, Optional


def normalise_value(value: str) -> str:
    return " ".join(value.lower().split())


def slot_multiset(slots: List[dict]) -> Counter:
    return Counter((slot["slot"], normalise_value(slot["value"])) for slot in slots)


def _ratio(numerator: float, denominator: float) -> Optional[float]:
    return numerator / denominator if denominator else None


def score(gold: List[dict], predicted_intents: Optional[List[Optional[str]]],
          predicted_slots: Optional[List[List[dict]]], label: Callable[[Optional[str]], Optional[str]],
          out_of_scope_label: Optional[str] = None) -> dict:
    """Totals for one engine. ``predicted_intents`` are model intent names (``None`` = no answer);
    pass ``None`` for the intent or slot predictions an engine does not make, and the matching
    figures are ``None``. Exact match needs both."""
    result = {"intent_accuracy": None, "slot_precision": None, "slot_recall": None,
              "slot_f1": None, "exact_match": None}
    intent_right = None
    if predicted_intents is not None:
        intent_right = [label(p) == g["intent"] for p, g in zip(predicted_intents, gold)]
        result["intent_accuracy"] = _ratio(sum(intent_right), len(gold))
        if out_of_scope_label is not None:
            in_scope = [r for r, g in zip(intent_right, gold) if g["intent"] != out_of_scope_label]
            oos = [r for r, g in zip(intent_right, gold) if g["intent"] == out_of_scope_label]
            result["in_scope_accuracy"] = _ratio(sum(in_scope), len(in_scope))
            result["oos_recall"] = _ratio(sum(oos), len(oos))
    if predicted_slots is not None:
        true_positive = predicted_count = gold_count = 0
        slots_right = []
        for slots, example in zip(predicted_slots, gold):
            predicted = slot_multiset(slots)
            expected = slot_multiset(example.get("slots", []))
            true_positive += sum((predicted & expected).values())
            predicted_count += sum(predicted.values())
            gold_count += sum(expected.values())
            slots_right.append(predicted == expected)
        precision = _ratio(true_positive, predicted_count)
        recall = _ratio(true_positive, gold_count)
        result["slot_precision"] = precision
        result["slot_recall"] = recall
        if precision is not None and recall is not None:
            result["slot_f1"] = (2 * precision * recall / (precision + recall)
                                 if precision + recall else 0.0)
        if intent_right is not None:
            result["exact_match"] = _ratio(sum(a and b for a, b in zip(intent_right, slots_right)),
                                           len(gold))
    return result
