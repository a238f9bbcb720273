# SuperText: the two commands are `make run` and `make test`.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: run test build release deps test-deps soak bench bench-store bench-http bench-suggest bench-grammar fuzz docker-test clean

## Install what is missing, build in release mode and serve on http://$(HOST):$(PORT).
run: deps release
	.build/release/supertext serve --host $(HOST) --port $(PORT)

## Install what is missing and run every test.
test: test-deps
	$(SWIFT) build --build-tests
	# Four passes: the core's CPU-bound suites, and the language server's, which wait on its
	# pipes, would otherwise hold the few threads of Swift's cooperative pool that the server and
	# store suites need for their timeouts and notices; the PostgreSQL store's connections timed
	# out (30 s) beside the server suites, which each load every language.
	$(SWIFT) test --skip-build --filter SuperTextCoreTests
	$(SWIFT) test --skip-build --skip SuperTextCoreTests --skip SuperTextProjectTests --skip PostgresStoreTests
	$(SWIFT) test --skip-build --filter PostgresStoreTests
	$(SWIFT) test --skip-build --filter SuperTextProjectTests
	scripts/run-end-to-end-tests.sh

deps:
	scripts/install-deps.sh run

test-deps:
	scripts/install-deps.sh test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product supertext

## Tokenizer and spell-check speed on 1 MiB of English, against `hunspell -l` (release build).
bench: deps
	scripts/install-deps.sh bench
	$(SWIFT) build -c release --product supertext-bench
	scripts/bench.sh

## The history store alone: saves of real check results by 1, 2 and 32 concurrent callers
## (release build): saves/s, CPU per save, checks per transaction.
bench-store: deps
	$(SWIFT) build -c release --product supertext-bench
	.build/release/supertext-bench store

## HTTP throughput and latency with wrk against the release server, history on and off.
bench-http: deps
	scripts/install-deps.sh bench
	$(SWIFT) build -c release --product supertext
	$(SWIFT) build -c release --product supertext-bench
	scripts/bench-http.sh
	.build/release/supertext-bench keys

## Suggestion quality and speed on ../shared/eval/sets: SuperText, libhunspell's suggest and
## aspell -a in one run (release build), then the 1 MiB document of `make bench` checked with
## suggestions, and start-up with every language.
bench-suggest: deps
	scripts/install-deps.sh bench
	$(SWIFT) build -c release --product supertext-bench-suggest
	scripts/bench-suggest.sh

## Grammar rules on ../shared/eval/grammar (detected, corrected at 1, false positives, time per
## sentence) for every language, source (LanguageTool, Harper, JFLEG, Grammalecte, COWS-L2H) and
## en-GB (release build), on the part read and the validation part only scored (split by
## scripts/split-grammar-eval.py), then Harper (harper-py in .venv, from
## scripts/install-deps.sh bench) on the English and British sets, scored the same way, in the same
## run; without harper-py, SuperText's figures stand and the peer is said to be unmeasured.
## GRAMMAR_EVAL=DIR to measure elsewhere.
GRAMMAR_EVAL ?= ../shared/eval/grammar
bench-grammar: deps
	scripts/install-deps.sh bench
	$(SWIFT) build -c release --product supertext-bench
	python3 scripts/split-grammar-eval.py $(GRAMMAR_EVAL) .build/grammar-eval
	@echo "== development part (read) =="
	.build/release/supertext-bench grammar .build/grammar-eval/fit
	.build/release/supertext-bench grammar .build/grammar-eval/fit --language en-GB
	@echo "== validation part (only scored, never read) =="
	.build/release/supertext-bench grammar .build/grammar-eval/validation
	.build/release/supertext-bench grammar .build/grammar-eval/validation --language en-GB
	@if [ -x .venv/bin/python ]; then .venv/bin/python scripts/bench_grammar_harper.py $(GRAMMAR_EVAL); \
	else echo "Harper not measured: .venv is missing (scripts/install-deps.sh bench creates it with harper-py)"; fi

## 30 minutes of mixed load (checks, streams, history, dictionary) against the release server,
## printing memory, file descriptors and latency each minute. SOAK_SECONDS=N to run shorter.
soak: deps
	$(SWIFT) build -c release --product supertext
	python3 scripts/soak.py .build/release/supertext

## Hostile texts through the tokenizer, the Markdown masker and the whole check with every rule
## (release build): random cases for FUZZ_SECONDS from FUZZ_SEED (each failure prints the seed
## that reproduces it, also in `FUZZ_SEED=S FUZZ_CASES=1 swift test --filter HostileTextTests`),
## then the time of adversarial texts at n, 2n, 4n and 8n (FUZZ_SIZE bytes for n); fails when a
## case breaks an invariant or when 8n takes over 20 times as long as n.
FUZZ_SECONDS ?= 300
FUZZ_SEED ?= 20261201
FUZZ_SIZE ?= 16384
fuzz: deps
	$(SWIFT) build -c release --product supertext-bench
	.build/release/supertext-bench fuzz --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --size $(FUZZ_SIZE)

## Build the Docker image from the Dockerfile, run it and check it from outside.
docker-test:
	scripts/docker-test.sh

clean:
	rm -rf .build
