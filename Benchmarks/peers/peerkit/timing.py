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


def timed_each(function: Callable, inputs: Sequence, warmup: int = 20, rounds: int = 3,
               sample: int = 1000) -> Tuple[List, dict]:
    """Calls ``function`` on each input, one at a time, and times it.

    Every input is called once for its output. The latency figures come from the first
    ``sample`` inputs, each called ``rounds`` times after ``warmup`` untimed calls, keeping each
    input's fastest time: on a machine shared with other jobs, the fastest of a few calls is the
    engine's own cost rather than the time another process held the core. p50 and p99 are then
    taken over the inputs. Returns the outputs and the latency figures in milliseconds.
    """
    for item in list(inputs[:warmup]):
        function(item)
    clock = time.perf_counter
    count = min(sample, len(inputs))
    best = [float("inf")] * count
    outputs = []
    for index, item in enumerate(inputs):
        start = clock()
        outputs.append(function(item))
        if index < count:
            best[index] = clock() - start
    for _ in range(rounds - 1):
        for index in range(count):
            start = clock()
            function(inputs[index])
            best[index] = min(best[index], clock() - start)
    best.sort()
    return outputs, {"latency_p50_ms": percentile(best, 0.50) * 1000.0,
                     "latency_p99_ms": percentile(best, 0.99) * 1000.0,
                     "latency_max_ms": best[-1] * 1000.0 if best else float("nan"),
                     "latency_utterances": count, "latency_rounds": rounds}


class Stopwatch(object):
    """``with Stopwatch() as watch: ...`` then ``watch.seconds``."""

    def __enter__(self):
        self._start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self._start
        return False
