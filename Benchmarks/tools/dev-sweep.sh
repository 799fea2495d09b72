#!/usr/bin/env bash
# Scores one setting on every split that may be used to choose settings: the dev splits of
# SNIPS and ATIS (from interaction-model.json and interaction-model-70.json) and held-out folds
# of their train splits (built by make-fold.py on first use). Prints one markdown table row of
# intent accuracy / slot F1 per set, so settings are compared on many sets at once rather than
# on one dev split that many sessions have already looked at. Never scores test.
#
#   Benchmarks/tools/dev-sweep.sh --header
#   Benchmarks/tools/dev-sweep.sh baseline
#   Benchmarks/tools/dev-sweep.sh slots-150 --min-per-slot 150     # nlu-bench's hidden overrides
#   FOLDS="0 1 2" Benchmarks/tools/dev-sweep.sh baseline
#
# Environment: DATASETS (default ../shared/datasets), SETS (data sets, default "snips atis"), FOLDS (fold numbers, default "0"),
# WORK (folds and trained models, default ${TMPDIR:-/tmp}/skillnlu-dev-sweep), BENCH (the
# nlu-bench binary, default .build/release/nlu-bench, built when missing). A model trained for a
# tag is kept in WORK and reused when the same tag runs again (to score decision settings
# without retraining); use a new tag for every training setting.
set -euo pipefail

DATASETS=${DATASETS:-../shared/datasets}
FOLDS=${FOLDS:-0}
WORK=${WORK:-${TMPDIR:-/tmp}/skillnlu-dev-sweep}
BENCH=${BENCH:-.build/release/nlu-bench}
HERE=$(cd "$(dirname "$0")" && pwd)

sets() {  # name, data set folder, interaction model
    for d in ${SETS:-snips atis}; do
        echo "$d $DATASETS/$d interaction-model.json"
        echo "$d-70 $DATASETS/$d interaction-model-70.json"
        for f in $FOLDS; do
            echo "$d-fold$f $WORK/$d-fold$f interaction-model.json"
            echo "$d-fold$f-70 $WORK/$d-fold$f-70 interaction-model.json"
        done
    done
}

if [ "${1:-}" = "--header" ]; then
    names=$(sets | awk '{print $1}' | paste -sd'|' - | sed 's/|/ | /g')
    echo "| setting | $names |"
    echo "| --- |$(sets | awk '{printf " ---: |"}')"
    exit 0
fi
tag=${1:?usage: dev-sweep.sh TAG [nlu-bench accuracy overrides] (or --header)}
shift
case $tag in -*) echo "dev-sweep: the first argument is the setting's tag, not an option: $tag" >&2; exit 64;; esac
if [ ! -d "$DATASETS/snips" ] || [ ! -d "$DATASETS/atis" ]; then
    echo "dev-sweep: no SNIPS or ATIS under $DATASETS; give DATASETS=DIR" >&2
    exit 2
fi
[ -x "$BENCH" ] || swift build -c release --product nlu-bench >&2
mkdir -p "$WORK"
for d in snips atis; do
    for f in $FOLDS; do
        [ -d "$WORK/$d-fold$f" ] || python3 "$HERE/make-fold.py" "$DATASETS/$d" "$WORK/$d-fold$f" --fold "$f" >&2
        [ -d "$WORK/$d-fold$f-70" ] || python3 "$HERE/make-fold.py" "$DATASETS/$d" "$WORK/$d-fold$f-70" --fold "$f" --per-intent 70 >&2
    done
done

row="| $tag |"
while read -r name folder model; do
    out=$(OPENBLAS_NUM_THREADS=1 "$BENCH" accuracy --dataset "$folder" --model "$model" --split dev \
          --trained "$WORK/$tag-$name.nlu" "$@" 2>&1) || { echo "$out" >&2; exit 1; }
    intent=$(echo "$out" | sed -n 's/.*intent accuracy \([0-9.]*\) %.*/\1/p' | head -1)
    slot=$(echo "$out" | sed -n 's/.*slots: precision.* F1 \([0-9.]*\) %.*/\1/p' | head -1)
    row="$row ${intent:-?}/${slot:--} |"
done < <(sets)
echo "$row"
