"""Tests of the shared peer code (generator, BIO round trip, metrics); standard library only.

    python3 -m unittest discover -s Benchmarks/peers -p 'test_*.py'
"""
import hashlib
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from peerkit.data import (DataError, bio_labels, read_jsonl, spans_from_bio,  # noqa: E402
                          tokenize, training_file_summary)
from peerkit.generate import GenerationReport, generate  # noqa: E402
from peerkit.metrics import score  # noqa: E402
from peerkit.snips_engine import to_snips_dataset  # noqa: E402
from peerkit.timing import percentile, timed_each  # noqa: E402


def toy_model():
    return {"interactionModel": {"languageModel": {
        "invocationName": "toy",
        "intents": [
            {"name": "PlayIntent", "slots": [{"name": "song", "type": "SongType"},
                                             {"name": "room", "type": "RoomType"}],
             "samples": ["play {song}", "play {song} in the {room}", "put on {song}  please"]},
            {"name": "StopPlayIntent", "slots": [], "samples": ["stop the music"]},
            {"name": "CountIntent", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}],
             "samples": ["count to {n}"]},
            {"name": "AMAZON.StopIntent", "samples": []},
        ],
        "types": [
            {"name": "SongType", "values": [{"name": {"value": "yellow submarine"}},
                                            {"name": {"value": "hey jude",
                                                      "synonyms": ["jude"]}}]},
            {"name": "RoomType", "values": [{"name": {"value": "kitchen"}}]},
        ]}}}


class GeneratorTests(unittest.TestCase):
    def test_spans_are_exact_and_values_listed(self):
        lm = toy_model()["interactionModel"]["languageModel"]
        utterances = generate(lm, seed=1, fills=2)
        listed = {"yellow submarine", "hey jude", "jude", "kitchen"}
        self.assertTrue(utterances)
        for u in utterances:
            self.assertNotIn("{", u["text"])
            self.assertNotIn("  ", u["text"])
            for slot in u["slots"]:
                self.assertEqual(u["text"][slot["start"]:slot["end"]], slot["value"])
                if slot["slot"] != "n":
                    self.assertIn(slot["value"], listed)

    def test_deterministic_for_a_seed_and_different_across_seeds(self):
        lm = toy_model()["interactionModel"]["languageModel"]
        self.assertEqual(generate(lm, seed=5), generate(lm, seed=5))
        lm_big = {"intents": [{"name": "A", "slots": [{"name": "x", "type": "T"}],
                               "samples": ["a {x}"] * 5}],
                  "types": [{"name": "T", "values": [{"name": {"value": str(i)}}
                                                     for i in range(50)]}]}
        self.assertNotEqual(generate(lm_big, seed=5), generate(lm_big, seed=6))

    def test_every_value_is_used_before_any_repeats(self):
        lm = {"intents": [{"name": "A", "slots": [{"name": "x", "type": "T"}],
                           "samples": ["a {x}", "b {x}"]}],
              "types": [{"name": "T", "values": [{"name": {"value": "v%d" % i}}
                                                 for i in range(6)]}]}
        utterances = generate(lm, seed=3, fills=3, min_per_intent=0)
        self.assertEqual(len(utterances), 6)
        self.assertEqual(sorted(u["slots"][0]["value"] for u in utterances),
                         ["v%d" % i for i in range(6)])

    def test_small_intents_get_more_fillings(self):
        big = ["x%d {v}" % i for i in range(20)]
        lm = {"intents": [{"name": "Big", "slots": [{"name": "v", "type": "T"}], "samples": big},
                          {"name": "Mid", "slots": [{"name": "v", "type": "T"}], "samples": big},
                          {"name": "Small", "slots": [{"name": "v", "type": "T"}],
                           "samples": ["y {v}"]}],
              "types": [{"name": "T", "values": [{"name": {"value": "v%d" % i}}
                                                 for i in range(100)]}]}
        report = GenerationReport()
        generate(lm, seed=1, fills=2, max_fills=8, min_per_intent=0, report=report)
        self.assertEqual(report.fills_per_intent["Big"], 2)
        self.assertEqual(report.fills_per_intent["Small"], 8)
        self.assertEqual(report.per_intent["Small"], 8)

    def test_min_per_intent_raises_fillings_up_to_the_bound(self):
        lm = {"intents": [{"name": "A", "slots": [{"name": "v", "type": "T"}],
                           "samples": ["a {v}", "b {v}"]}],
              "types": [{"name": "T", "values": [{"name": {"value": "v%d" % i}}
                                                 for i in range(100)]}]}
        report = GenerationReport()
        generate(lm, seed=1, fills=2, max_fills=30, min_per_intent=20, report=report)
        self.assertEqual(report.fills_per_intent["A"], 10)
        report = GenerationReport()
        generate(lm, seed=1, fills=2, max_fills=30, min_per_intent=1000, report=report)
        self.assertEqual(report.fills_per_intent["A"], 30)

    def test_intents_without_samples_produce_nothing_and_builtins_are_filled(self):
        lm = toy_model()["interactionModel"]["languageModel"]
        report = GenerationReport()
        utterances = generate(lm, seed=1, report=report)
        intents = {u["intent"] for u in utterances}
        self.assertNotIn("AMAZON.StopIntent", intents)
        self.assertIn("CountIntent", intents)
        self.assertEqual(report.skipped_samples, 0)


class TrainingFileTests(unittest.TestCase):
    """Exported training utterances (nlu-bench export-training) as the peers read them."""

    def write(self, lines):
        handle, path = tempfile.mkstemp(suffix=".jsonl")
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        self.addCleanup(os.remove, path)
        return path

    def test_summary_counts_intents_and_hashes_the_bytes(self):
        lines = [json.dumps({"text": "play jude", "intent": "PlayIntent",
                             "slots": [{"slot": "song", "value": "jude", "start": 5, "end": 9}]}),
                 json.dumps({"text": "stop", "intent": "AMAZON.StopIntent"}),
                 json.dumps({"text": "play it", "intent": "PlayIntent", "slots": []})]
        path = self.write(lines)
        examples = read_jsonl(path)
        summary = training_file_summary(path, examples, "nlu-bench export-training")
        with open(path, "rb") as f:
            expected = hashlib.sha256(f.read()).hexdigest()
        self.assertEqual(summary["sha256"], expected)
        self.assertEqual(summary["utterances"], 3)
        self.assertEqual(summary["per_intent"], {"PlayIntent": 2, "AMAZON.StopIntent": 1})
        self.assertEqual(summary["origin"], "nlu-bench export-training")
        self.assertEqual(summary["file"], os.path.basename(path))
        self.assertEqual(examples[1]["slots"], [])

    def test_summary_without_origin_has_no_origin_key(self):
        path = self.write([json.dumps({"text": "stop", "intent": "StopIntent"})])
        self.assertNotIn("origin", training_file_summary(path, read_jsonl(path)))

    def test_a_malformed_line_names_its_number(self):
        path = self.write([json.dumps({"text": "stop", "intent": "StopIntent"}), "{not json"])
        with self.assertRaises(DataError) as raised:
            read_jsonl(path)
        self.assertIn(":2:", str(raised.exception))


class BioTests(unittest.TestCase):
    def test_round_trip(self):
        example = {"text": "fly from st. louis to new york", "intent": "x", "slots": [
            {"slot": "from", "value": "st. louis", "start": 9, "end": 18},
            {"slot": "to", "value": "new york", "start": 22, "end": 30}]}
        tokens, labels = bio_labels(example)
        self.assertEqual(labels, ["O", "O", "B-from", "I-from", "I-from", "O", "B-to", "I-to"])
        spans = spans_from_bio(example["text"], tokens, labels)
        self.assertEqual([(s["slot"], s["value"]) for s in spans],
                         [("from", "st. louis"), ("to", "new york")])

    def test_tokenizer_keeps_apostrophes_and_offsets(self):
        text = "what's the t-shirt's price?"
        tokens = tokenize(text)
        self.assertEqual([t for t, _, _ in tokens], ["what's", "the", "t-shirt's", "price", "?"])
        for token, start, end in tokens:
            self.assertEqual(text[start:end], token)


class MetricTests(unittest.TestCase):
    gold = [{"text": "a", "intent": "A", "slots": [{"slot": "s", "value": "New  York"}]},
            {"text": "b", "intent": "oos", "slots": []},
            {"text": "c", "intent": "A", "slots": [{"slot": "s", "value": "x"},
                                                   {"slot": "s", "value": "x"}]}]

    def label(self, intent):
        return {"AMAZON.FallbackIntent": "oos"}.get(intent, intent)

    def test_figures(self):
        result = score(self.gold, ["A", "AMAZON.FallbackIntent", "B"],
                       [[{"slot": "s", "value": "new york"}], [{"slot": "t", "value": "b"}],
                        [{"slot": "s", "value": "x"}]], self.label, "oos")
        self.assertAlmostEqual(result["intent_accuracy"], 2 / 3)
        self.assertAlmostEqual(result["slot_precision"], 2 / 3)  # new york, one x; not t=b
        self.assertAlmostEqual(result["slot_recall"], 2 / 3)  # the second x is missed
        self.assertAlmostEqual(result["slot_f1"], 2 / 3)
        self.assertAlmostEqual(result["exact_match"], 1 / 3)
        self.assertAlmostEqual(result["in_scope_accuracy"], 1 / 2)
        self.assertAlmostEqual(result["oos_recall"], 1.0)

    def test_missing_predictions_give_none(self):
        result = score(self.gold, None, None, self.label)
        self.assertIsNone(result["intent_accuracy"])
        self.assertIsNone(result["slot_f1"])
        self.assertNotIn("oos_recall", result)

    def test_percentile_nearest_rank(self):
        values = sorted(range(1, 101))
        self.assertEqual(percentile(values, 0.5), 50)
        self.assertEqual(percentile(values, 0.99), 99)
        self.assertEqual(percentile([7], 0.99), 7)

    def test_timed_each_returns_every_output_in_order(self):
        calls = []

        def double(x):
            calls.append(x)
            return 2 * x

        outputs, latency = timed_each(double, list(range(10)), warmup=2, rounds=3, sample=4)
        self.assertEqual(outputs, [2 * x for x in range(10)])
        self.assertEqual(len(calls), 2 + 10 + 2 * 4)
        self.assertEqual(latency["latency_utterances"], 4)
        self.assertLessEqual(latency["latency_p50_ms"], latency["latency_p99_ms"])


class SnipsConversionTests(unittest.TestCase):
    def test_chunks_rebuild_the_text(self):
        lm = toy_model()["interactionModel"]["languageModel"]
        utterances = generate(lm, seed=2)
        dataset = to_snips_dataset(lm, utterances)
        self.assertEqual(set(dataset["entities"]), {"SongType", "RoomType", "AMAZON.NUMBER"})
        rebuilt = [("".join(c["text"] for c in u["data"]))
                   for intent in dataset["intents"].values() for u in intent["utterances"]]
        self.assertEqual(sorted(rebuilt), sorted(u["text"] for u in utterances))
        jude = [v for v in dataset["entities"]["SongType"]["data"] if v["value"] == "hey jude"]
        self.assertEqual(jude[0]["synonyms"], ["jude"])


if __name__ == "__main__":
    unittest.main()
