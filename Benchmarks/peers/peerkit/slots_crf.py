"""Linear-chain CRF slot tagger (sklearn-crfsuite over python-crfsuite) with the standard token
features, and a variant that adds gazetteer features built from the slot types' listed values.

Features of token i: bias, lower-cased word, prefixes and suffixes (2 and 3), word shape,
digit flag, position (first/last), the lower-cased words at i-2..i+2 and the bigrams around i,
and the utterance's intent (gold intent in training; the chosen intent model's prediction when
tagging). The gazetteer variant adds, for each slot type whose listed values contain a phrase
covering token i (longest match per type), ``gaz:TYPE:B|I|L|U`` for i and ``gaz±1:TYPE`` for
its neighbours.

Generated training values all come from the lists, so a gazetteer fires on every training slot,
and a CRF would learn to tag only listed values — while test utterances hold values no model
lists. Training therefore hides the gazetteer tags of a seeded share of the slot spans
(``gazetteer_dropout``), as if their values were unlisted.
"""
from __future__ import annotations

import os
import random
import re
import tempfile
from typing import Dict, List, Optional, Tuple

from .data import bio_labels, slot_types, spans_from_bio, tokenize


def _shape(word: str) -> str:
    shape = re.sub(r"[A-Z]", "X", word)
    shape = re.sub(r"[a-z]", "x", shape)
    shape = re.sub(r"[0-9]", "d", shape)
    return re.sub(r"(.)\1+", r"\1\1", shape)


class Gazetteer(object):
    """Token sequences of every listed value (and synonym) per slot type, lower-cased."""

    def __init__(self, lm: dict):
        self.types_of: Dict[Tuple[str, ...], List[str]] = {}
        self.longest = 0
        for type_name, values in slot_types(lm).items():
            for value in values:
                key = tuple(t.lower() for t, _, _ in tokenize(value))
                if not key:
                    continue
                self.types_of.setdefault(key, []).append(type_name)
                self.longest = max(self.longest, len(key))
        self.longest = min(self.longest, 12)

    def tags(self, words: List[str]) -> List[Dict[str, str]]:
        """For each token, ``{type: B|I|L|U}`` from the longest left-to-right match per type."""
        n = len(words)
        best: Dict[str, List[Tuple[int, int]]] = {}
        for start in range(n):
            for length in range(1, min(self.longest, n - start) + 1):
                for type_name in self.types_of.get(tuple(words[start:start + length]), ()):
                    best.setdefault(type_name, []).append((start, start + length))
        tags: List[Dict[str, str]] = [{} for _ in range(n)]
        for type_name, matches in best.items():
            matches.sort(key=lambda m: (m[0], -(m[1] - m[0])))
            covered_until = 0
            for start, end in matches:
                if start < covered_until:
                    continue
                covered_until = end
                if end - start == 1:
                    tags[start][type_name] = "U"
                else:
                    tags[start][type_name] = "B"
                    for i in range(start + 1, end - 1):
                        tags[i][type_name] = "I"
                    tags[end - 1][type_name] = "L"
        return tags


def token_features(words: List[str], intent: Optional[str],
                   gazetteer: Optional[Gazetteer] = None,
                   gaz: Optional[List[Dict[str, str]]] = None) -> List[Dict[str, object]]:
    """Features per token; ``gaz`` overrides the gazetteer's tags (training-time dropout)."""
    lower = [w.lower() for w in words]
    n = len(words)
    if gaz is None and gazetteer is not None:
        gaz = gazetteer.tags(lower)
    features = []
    for i, word in enumerate(words):
        w = lower[i]
        f: Dict[str, object] = {
            "bias": 1.0, "w": w, "p2": w[:2], "p3": w[:3], "s2": w[-2:], "s3": w[-3:],
            "shape": _shape(word), "digit": w.isdigit(),
        }
        if intent is not None:
            f["intent"] = intent
        if i == 0:
            f["BOS"] = True
        if i == n - 1:
            f["EOS"] = True
        for offset in (-2, -1, 1, 2):
            j = i + offset
            f["w%+d" % offset] = lower[j] if 0 <= j < n else ("<s>" if j < 0 else "</s>")
        f["bi-1"] = (lower[i - 1] if i > 0 else "<s>") + "|" + w
        f["bi+1"] = w + "|" + (lower[i + 1] if i + 1 < n else "</s>")
        if gaz is not None:
            for type_name, position in gaz[i].items():
                f["gaz:%s:%s" % (type_name, position)] = True
            for offset in (-1, 1):
                j = i + offset
                if 0 <= j < n:
                    for type_name in gaz[j]:
                        f["gaz%+d:%s" % (offset, type_name)] = True
        features.append(f)
    return features


class CRFSlots(object):
    def __init__(self, lm: dict, gazetteer: bool = False, c1: float = 0.1, c2: float = 0.1,
                 max_iterations: int = 100, use_intent: bool = True,
                 gazetteer_dropout: float = 0.5, seed: int = 13):
        self.name = "crf-gazetteer" if gazetteer else "crf"
        self.gazetteer = Gazetteer(lm) if gazetteer else None
        self.use_intent = use_intent
        self.params = {"algorithm": "lbfgs", "c1": c1, "c2": c2,
                       "max_iterations": max_iterations, "features": "standard"
                       + (" + gazetteer" if gazetteer else "") + (" + intent" if use_intent else "")}
        if gazetteer:
            self.params["gazetteer_dropout"] = gazetteer_dropout
        self.gazetteer_dropout = gazetteer_dropout
        self.seed = seed
        self.crf = None
        self._directory = tempfile.mkdtemp(prefix="peers-crf-")
        self.model_path = os.path.join(self._directory, "model.crfsuite")

    def _features(self, text: str, intent: Optional[str]):
        tokens = tokenize(text)
        words = [t for t, _, _ in tokens]
        return tokens, token_features(words, intent if self.use_intent else None, self.gazetteer)

    def fit(self, examples: List[dict]) -> "CRFSlots":
        import sklearn_crfsuite
        rng = random.Random(self.seed)
        xs, ys = [], []
        for example in examples:
            tokens, labels = bio_labels(example)
            if not tokens:
                continue
            words = [t for t, _, _ in tokens]
            gaz = None
            if self.gazetteer is not None:
                gaz = self.gazetteer.tags([w.lower() for w in words])
                for slot in example.get("slots", []):
                    if rng.random() < self.gazetteer_dropout:
                        for i, (_, start, end) in enumerate(tokens):
                            if start >= slot["start"] and end <= slot["end"]:
                                gaz[i] = {}
            xs.append(token_features(words, example["intent"] if self.use_intent else None,
                                     self.gazetteer, gaz))
            ys.append(labels)
        self.crf = sklearn_crfsuite.CRF(algorithm="lbfgs", c1=self.params["c1"],
                                        c2=self.params["c2"],
                                        max_iterations=self.params["max_iterations"],
                                        all_possible_transitions=True,
                                        model_filename=self.model_path)
        self.crf.fit(xs, ys)
        return self

    def predict(self, text: str, intent: Optional[str]) -> List[dict]:
        tokens, features = self._features(text, intent)
        if not tokens:
            return []
        labels = self.crf.predict_single(features)
        return spans_from_bio(text, tokens, labels)

    def size_bytes(self) -> int:
        return os.path.getsize(self.model_path)

    def close(self):
        try:
            if os.path.exists(self.model_path):
                os.remove(self.model_path)
            os.rmdir(self._directory)
        except OSError:
            pass
