"""fastText supervised intent classifier (word bigrams plus character n-grams)."""
from __future__ import annotations

import os
import tempfile
from typing import List, Optional

from .data import tokenize

_PREFIX = "__label__"


def _line(text: str) -> str:
    return " ".join(token.lower() for token, _, _ in tokenize(text))


class FastTextIntents(object):
    name = "fasttext"

    def __init__(self, epoch: int = 25, lr: float = 0.5, dim: int = 100, minn: int = 2,
                 maxn: int = 5, bucket: int = 200000, seed: int = 13):
        self.params = {"epoch": epoch, "lr": lr, "dim": dim, "wordNgrams": 2, "minn": minn,
                       "maxn": maxn, "bucket": bucket, "loss": "softmax"}
        self.seed = seed
        self.model = None
        self._size = None

    def fit(self, texts: List[str], intents: List[str]) -> "FastTextIntents":
        import fasttext
        handle, path = tempfile.mkstemp(suffix=".txt", prefix="peers-fasttext-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as f:
                for text, intent in zip(texts, intents):
                    f.write("%s%s %s\n" % (_PREFIX, intent, _line(text)))
            # One thread: fastText is only deterministic for a seed with a single thread.
            self.model = fasttext.train_supervised(input=path, thread=1, seed=self.seed,
                                                   verbose=0, **self.params)
        finally:
            os.remove(path)
        return self

    def predict_batch(self, texts: List[str]) -> List[str]:
        labels, _ = self.model.predict([_line(t) for t in texts])
        return [label[0][len(_PREFIX):] for label in labels]

    def predict(self, text: str) -> Optional[str]:
        # fastText 0.9.3 under numpy 2 fails on predict(str); a one-element list works.
        labels, _ = self.model.predict([_line(text)])
        return labels[0][0][len(_PREFIX):]

    def predict_scored_batch(self, texts: List[str]):
        labels, probabilities = self.model.predict([_line(t) for t in texts])
        return [(label[0][len(_PREFIX):], float(p[0])) for label, p in zip(labels, probabilities)]

    def predict_scored(self, text: str):
        return self.predict_scored_batch([text])[0]

    def size_bytes(self) -> int:
        if self._size is None:
            handle, path = tempfile.mkstemp(suffix=".bin", prefix="peers-fasttext-")
            os.close(handle)
            try:
                self.model.save_model(path)
                self._size = os.path.getsize(path)
            finally:
                os.remove(path)
        return self._size
