"""Wall time and per-utterance latency, measured the same way for every peer."""
from __future__ import annotations

import time
from typing import Callable, List, Sequence, Tuple


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, int(-(-fraction * len(sorted_values) // 1)))  # ceil
    return sorted_values[min(rank, len(sorted_values)) - 1]


def timed_each(function: Callable, inputs: Sequence, warmup: int = 20) -> Tuple[List, dict]:
    """Calls ``function`` on each input, one at a time, after ``warmup`` untimed calls.

    Returns the outputs and ``{"latency_p50_ms", "latency_p99_ms", "latency_max_ms"}``.
    """
    for item in list(inputs[:warmup]):
        function(item)
    outputs = []
    durations = []
    clock = time.perf_counter
    for item in inputs:
        start = clock()
        outputs.append(function(item))
        durations.append(clock() - start)
    durations.sort()
    return outputs, {"latency_p50_ms": percentile(durations, 0.50) * 1000.0,
                     "latency_p99_ms": percentile(durations, 0.99) * 1000.0,
                     "latency_max_ms": durations[-1] * 1000.0 if durations else float("nan")}


class Stopwatch(object):
    """``with Stopwatch() as watch: ...`` then ``watch.seconds``."""

    def __enter__(self):
        self._start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self._start
        return False
