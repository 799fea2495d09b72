"""snips-nlu 0.20.2, trained on the same utterances as the other peers.

The conversion gives snips-nlu what the interaction model holds: one intent per model intent
with the (generated or exported) utterances as annotated examples, and one custom entity per
slot type listing its values and synonyms (automatically extensible, as custom slot types are
on Alexa). Its English resources are loaded from a folder, since ``snips-nlu download`` cannot
reach its host here. When snips-nlu returns no intent, that counts as AMAZON.FallbackIntent if
the model has one (Alexa's meaning of "no intent matched"), otherwise as a wrong answer.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from typing import Dict, List, Optional, Tuple

from .data import FALLBACK_INTENT


def to_snips_dataset(lm: dict, examples: List[dict]) -> dict:
    slot_type: Dict[Tuple[str, str], str] = {}
    for intent in lm.get("intents", []):
        for slot in intent.get("slots", []):
            slot_type[(intent["name"], slot["name"])] = slot["type"]
    entities: Dict[str, dict] = {}
    for t in lm.get("types", []):
        data = []
        for value in t.get("values", []):
            name = value.get("name", {})
            if name.get("value"):
                data.append({"value": name["value"], "synonyms": list(name.get("synonyms", []))})
        entities[t["name"]] = {"data": data, "use_synonyms": True,
                               "automatically_extensible": True, "matching_strictness": 1.0}
    intents: Dict[str, dict] = {}
    for example in examples:
        text = example["text"]
        chunks = []
        position = 0
        for slot in sorted(example.get("slots", []), key=lambda s: s["start"]):
            if slot["start"] < position:
                continue  # overlapping spans cannot be expressed; keep the first
            if slot["start"] > position:
                chunks.append({"text": text[position:slot["start"]]})
            # A slot of an exported utterance the model does not declare, or of a built-in
            # type (AMAZON.NUMBER ...), gets an extensible entity learnt from its examples.
            entity = slot_type.get((example["intent"], slot["slot"]), "Slot_" + slot["slot"])
            entities.setdefault(entity, {"data": [], "use_synonyms": True,
                                         "automatically_extensible": True,
                                         "matching_strictness": 1.0})
            chunks.append({"text": text[slot["start"]:slot["end"]], "entity": entity,
                           "slot_name": slot["slot"]})
            position = slot["end"]
        if position < len(text):
            chunks.append({"text": text[position:]})
        intents.setdefault(example["intent"], {"utterances": []})["utterances"].append(
            {"data": chunks})
    return {"language": "en", "intents": intents, "entities": entities}


class SnipsEngine(object):
    name = "snips-nlu"

    def __init__(self, resources_dir: str, has_fallback: bool, seed: int = 13):
        self.resources_dir = resources_dir
        self.has_fallback = has_fallback
        self.seed = seed
        self.engine = None
        self.params = {"config": "CONFIG_EN (default)"}

    def fit(self, lm: dict, examples: List[dict]) -> "SnipsEngine":
        from snips_nlu import SnipsNLUEngine
        from snips_nlu.default_configs import CONFIG_EN
        from snips_nlu.resources import load_resources
        resources = load_resources(self.resources_dir)
        self.engine = SnipsNLUEngine(config=CONFIG_EN, resources=resources,
                                     random_state=self.seed)
        self.engine.fit(to_snips_dataset(lm, examples))
        return self

    def parse(self, text: str) -> Tuple[Optional[str], List[dict]]:
        result = self.engine.parse(text)
        intent = (result.get("intent") or {}).get("intentName")
        if intent is None and self.has_fallback:
            intent = FALLBACK_INTENT
        slots = []
        for slot in result.get("slots") or []:
            start, end = slot["range"]["start"], slot["range"]["end"]
            slots.append({"slot": slot["slotName"], "value": text[start:end],
                          "start": start, "end": end})
        return intent, slots

    def size_bytes(self) -> int:
        directory = tempfile.mkdtemp(prefix="peers-snips-")
        try:
            target = os.path.join(directory, "engine")
            self.engine.persist(target)
            total = 0
            for root, _, files in os.walk(target):
                for name in files:
                    total += os.path.getsize(os.path.join(root, name))
            return total
        finally:
            shutil.rmtree(directory, ignore_errors=True)
