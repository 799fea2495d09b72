"""scikit-learn intent classifiers: TF-IDF over word 1-2 grams and char_wb 2-5 grams, then
LogisticRegression or LinearSVC — the usual strong linear baseline for short utterances."""
from __future__ import annotations

import pickle
from typing import List, Optional


def _vectorizers():
    from sklearn.feature_extraction.text import TfidfVectorizer
    return [TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True,
                            token_pattern=r"(?u)\b\w+(?:'\w+)?\b"),
            TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True)]


class SklearnIntents(object):
    """``kind`` is ``"logreg"`` or ``"linearsvc"``; ``C`` is the inverse regularisation."""

    def __init__(self, kind: str, C: float = 10.0, seed: int = 13):
        self.kind = kind
        self.name = "tfidf-" + kind
        self.params = {"C": C}
        self.seed = seed
        self.vectorizers = None
        self.classifier = None

    def fit(self, texts: List[str], intents: List[str]) -> "SklearnIntents":
        import scipy.sparse
        if self.kind == "logreg":
            from sklearn.linear_model import LogisticRegression
            classifier = LogisticRegression(C=self.params["C"], max_iter=3000,
                                            random_state=self.seed)
        elif self.kind == "linearsvc":
            from sklearn.svm import LinearSVC
            classifier = LinearSVC(C=self.params["C"], random_state=self.seed)
        else:
            raise ValueError("unknown scikit-learn intent model %r" % self.kind)
        self.vectorizers = _vectorizers()
        features = scipy.sparse.hstack([v.fit_transform(texts) for v in self.vectorizers]).tocsr()
        classifier.fit(features, intents)
        self.classifier = classifier
        return self

    def _features(self, texts: List[str]):
        # Two vectorizers stacked by hand: the same features as a FeatureUnion without its
        # per-call overhead, which would dominate the latency of one short utterance.
        import scipy.sparse
        return scipy.sparse.hstack([v.transform(texts) for v in self.vectorizers]).tocsr()

    def predict_batch(self, texts: List[str]) -> List[str]:
        return list(self.classifier.predict(self._features(texts)))

    def predict(self, text: str) -> Optional[str]:
        return self.classifier.predict(self._features([text]))[0]

    def predict_scored_batch(self, texts: List[str]):
        """(intent, confidence) pairs: the top class probability (LogisticRegression) or the top
        decision value (LinearSVC), for a rejection threshold."""
        features = self._features(texts)
        if hasattr(self.classifier, "predict_proba"):
            scores = self.classifier.predict_proba(features)
        else:
            scores = self.classifier.decision_function(features)
        best = scores.argmax(axis=1)
        return [(self.classifier.classes_[b], float(scores[i, b])) for i, b in enumerate(best)]

    def predict_scored(self, text: str):
        return self.predict_scored_batch([text])[0]

    def size_bytes(self) -> int:
        return len(pickle.dumps((self.vectorizers, self.classifier),
                                protocol=pickle.HIGHEST_PROTOCOL))
