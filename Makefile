# SkillNLU — build, test, demo and benchmark commands.
# `make setup` installs what a fresh Debian/Ubuntu machine lacks; every other target runs it first.

SWIFT ?= swift
DATASETS ?= ../shared/datasets
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
APT_PACKAGES := libopenblas-dev pkg-config

.PHONY: setup build release test demo bench bench-peers fuzz tsan stress clean

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
	    echo "make setup: please install$$missing (OpenBLAS development files and pkg-config)" >&2; exit 1; \
	  fi; \
	fi

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

test: setup
	$(SWIFT) test

demo: release
	@mkdir -p .build/demo
	.build/release/nlu-train InteractionModels/PizzaShop -o .build/demo/pizza.nlu
	.build/release/nlu-classify --model .build/demo/pizza.nlu --format text \
	  "i would like two large pepperoni pizzas" \
	  "what can i order" \
	  "deliver it tomorrow at seven thirty pm" \
	  "cancel"

RESULTS ?= Benchmarks/results

# Accuracy (every interaction model of every data set) and speed; then the report table.
bench: release
	@if [ ! -d "$(DATASETS)" ]; then echo "make bench: no data sets at $(DATASETS); give DATASETS=DIR (skipping)"; exit 0; fi; \
	mkdir -p $(RESULTS); \
	for d in $(DATASETS)/*/; do \
	  name=$$(basename $$d); \
	  [ -f "$$d/interaction-model.json" ] || continue; \
	  for m in $$(cd $$d && ls interaction-model*.json); do \
	    suffix=$${m#interaction-model}; suffix=$${suffix%.json}; \
	    .build/release/nlu-bench accuracy --dataset "$$d" --model $$m --json $(RESULTS)/$$name$$suffix.json || exit 1; \
	  done; \
	  .build/release/nlu-bench speed --dataset "$$d" --json $(RESULTS)/$$name-speed.json || exit 1; \
	done; \
	.build/release/nlu-bench report --results $(RESULTS) \
	  --provenance "Measured $$(date -u +%Y-%m-%d) on $$(nproc) cores ($$(uname -m)), commit $$(git rev-parse --short HEAD 2>/dev/null || echo unknown), by \`make bench\`." \
	  > Benchmarks/README.md; \
	cat Benchmarks/README.md

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

clean:
	rm -rf .build
