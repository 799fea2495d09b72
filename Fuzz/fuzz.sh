#!/bin/sh
# `make fuzz`: builds the libFuzzer targets with swiftc and runs each for a bounded time.
#
# Settings (environment):
#   FUZZ_SECONDS  seconds per target (default 200; three targets make 10 minutes)
#   FUZZ_TARGETS  which targets (default "importer classifier modelfile")
#   FUZZ_BUILD    build and work folder (default .build/fuzz)
#   FUZZ_MERGE    1 (default): copy inputs that add coverage into Fuzz/Corpus/<target>
#   FUZZ_CHECKED_IN_MAX  largest input copied there, in bytes (default 16384)
#   SKILLNLU_SHARED  the shared folder (default ../shared); its interaction models seed the
#                 importer and classifier at run time and are never copied into the repository
#   SWIFTC        the compiler (default swiftc)
#
# SwiftPM builds the libraries (with the fuzzer's coverage and AddressSanitizer instrumentation,
# in a scratch folder of their own) but not the targets: `-sanitize=fuzzer` links libFuzzer's own
# `main`, which clashes with the package's executables, so only the FuzzHarness target and what
# it imports are built, and each Fuzz/Targets/<target>.swift is linked against their objects here.
# The flag is passed as one `-sanitize=fuzzer,address`: with SwiftPM's `--sanitize fuzzer
# --sanitize address` (Swift 6.3.1) the objects had no coverage counters. Linux only (the fuzzer runtime ships
# with the open-source toolchain).
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SWIFTC=${SWIFTC:-swiftc}
OUT=${FUZZ_BUILD:-$ROOT/.build/fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-200}
TARGETS=${FUZZ_TARGETS:-importer classifier modelfile}
MERGE=${FUZZ_MERGE:-1}
CHECKED_IN_MAX=${FUZZ_CHECKED_IN_MAX:-16384}
SHARED=${SKILLNLU_SHARED:-$ROOT/../shared}
FLAGS="-sanitize=fuzzer,address"
mkdir -p "$OUT"

echo "fuzz: building the libraries (swift build --target FuzzHarness)"
swift build -c release --target FuzzHarness --scratch-path "$OUT/spm" -Xswiftc "$FLAGS" -Xswiftc -g >"$OUT/build.log" 2>&1 \
    || { tail -n 30 "$OUT/build.log" >&2; echo "fuzz: building the libraries failed (log: $OUT/build.log)" >&2; exit 1; }
BIN=$(swift build -c release --scratch-path "$OUT/spm" --show-bin-path)
# The modules FuzzHarness links, C targets included: the objects of their current sources, as
# each Swift module's output file map lists them and one per C file (an object of a source since
# deleted stays in the folder, and linking it would fail or link old code).
OBJECTS=""
for module in BuiltInValues Understanding InteractionModel CInt8Products SkillNLU SkillNLUTraining FuzzHarness; do
    map="$BIN/$module.build/output-file-map.json"
    if [ -f "$map" ]; then
        for object in $(grep -o '"object" *: *"[^"]*"' "$map" | sed 's/.*: *"\(.*\)"/\1/'); do
            [ -f "$object" ] && OBJECTS="$OBJECTS $object"
        done
    else
        for source in $(find "Sources/$module" -name '*.c'); do
            OBJECTS="$OBJECTS $BIN/$module.build/$(basename "$source").o"
        done
    fi
done
BLAS_LIBS=$(pkg-config --libs openblas 2>/dev/null || echo "-lopenblas")
INCLUDES="-I $BIN/Modules -Xcc -fmodule-map-file=$BIN/CInt8Products.build/module.modulemap"
INCLUDES="$INCLUDES -Xcc -fmodule-map-file=$ROOT/Sources/CZlib/module.modulemap -Xcc -fmodule-map-file=$ROOT/Sources/CBLAS/module.modulemap"

for target in $TARGETS; do
    binary="$OUT/fuzz-$target"
    if [ ! -x "$binary" ] || [ -n "$(find "Fuzz/Targets/$target.swift" "$BIN/FuzzHarness.build" "$BIN/SkillNLU.build" -newer "$binary" | head -n 1)" ]; then
        echo "fuzz: linking fuzz-$target"
        rm -f "$binary"
        # shellcheck disable=SC2086
        $SWIFTC $FLAGS -parse-as-library -O -g -swift-version 6 $INCLUDES "Fuzz/Targets/$target.swift" $OBJECTS \
            $BLAS_LIBS -lz -o "$binary" 2>&1 | grep -v "ld.gold: warning"
        [ -x "$binary" ] || { echo "fuzz: linking fuzz-$target failed" >&2; exit 1; }
    fi
done

# The interaction models that seed the importer and classifier: ours (whole and in parts), and
# the shared ones (in small parts, at run time only).
own_models=$(find InteractionModels -name '*.json' -path '*interactionModels*' | sort | tr '\n' ':')
shared_models=""
if [ -d "$SHARED/interaction-models" ]; then
    shared_models=$(find "$SHARED/interaction-models" -name '*.json' | sort | tr '\n' ':')
else
    echo "fuzz: no shared interaction models at $SHARED (seeding from the bundled models only)"
fi

failed=""
summary=""
for target in $TARGETS; do
    binary="$OUT/fuzz-$target"
    work="$OUT/corpus/$target"
    seeds="$OUT/seeds/$target"
    artifacts="$OUT/artifacts/$target"
    log="$OUT/$target.log"
    rm -rf "$seeds" "$artifacts"   # artifacts are those of the last run only
    mkdir -p "$work" "$artifacts" "Fuzz/Corpus/$target" "Fuzz/Regressions/$target"
    FUZZ_SEEDS_OUT="$seeds" FUZZ_SEEDS_WHOLE="$own_models" FUZZ_SEEDS_FROM="$shared_models" \
        SWIFT_BACKTRACE=enable=no "$binary" >/dev/null 2>&1
    # Inputs long enough for every limit: 8 KB passes the 2,000-scalar cut of an utterance.
    case $target in
        importer) max_len=65536 ;;
        classifier) max_len=8192 ;;
        *) max_len=65536 ;;
    esac
    dict=""
    [ -f "Fuzz/$target.dict" ] && dict="-dict=Fuzz/$target.dict"
    echo "fuzz: $target for $SECONDS_EACH s (log: $log)"
    # shellcheck disable=SC2086
    SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$SECONDS_EACH" -max_len=$max_len -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" $dict \
        "$work" "Fuzz/Corpus/$target" "Fuzz/Regressions/$target" "$seeds" >"$log" 2>&1
    status=$?
    runs=$(grep -a "stat::number_of_executed_units" "$log" | awk '{print $2}')
    found=$(ls "$artifacts" | wc -l)
    added=0
    if [ "$MERGE" = "1" ]; then
        # Keep what the fuzzer found that neither the checked-in corpus nor the seeds cover.
        base="$OUT/merge/$target"
        rm -rf "$base" && mkdir -p "$base"
        cp "Fuzz/Corpus/$target"/* "Fuzz/Regressions/$target"/* "$seeds"/* "$base"/ 2>/dev/null
        ls "$base" | sort >"$OUT/merge-before"
        # shellcheck disable=SC2086
        SWIFT_BACKTRACE=enable=no "$binary" -set_cover_merge=1 -max_len=$max_len -timeout=10 -rss_limit_mb=2048 \
            "$base" "$work" >"$OUT/$target.merge.log" 2>&1
        # Only small inputs are checked in (the working corpus in $work keeps the rest).
        for f in $(ls "$base" | sort | comm -13 "$OUT/merge-before" -); do
            if [ "$(wc -c <"$base/$f")" -le "$CHECKED_IN_MAX" ]; then
                cp "$base/$f" "Fuzz/Corpus/$target/$f" && added=$((added + 1))
            fi
        done
    fi
    line="$target: ${runs:-?} runs in $SECONDS_EACH s, exit $status, $found crash/timeout/oom inputs in $artifacts, $added new corpus inputs"
    echo "fuzz: $line"
    summary="$summary$line
"
    if [ "$status" != 0 ] || [ "$found" != 0 ]; then failed="$failed $target"; fi
done
printf '\nfuzz summary\n%s' "$summary"
if [ -n "$failed" ]; then
    echo "fuzz: failures in:$failed (see the logs; reproduce with $OUT/fuzz-TARGET FILE)" >&2
    exit 1
fi
