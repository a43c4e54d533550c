# Fuzzing (issue 18; tests/fuzz/README.md). Included by the top-level Makefile after
# checker/checker.mk (it uses BUILD, GEN, CC, C_FLAGS, TEST_CFLAGS, CHK_LINK and the headers).
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="asm dis"]
#       builds each target with clang and libFuzzer under AddressSanitizer + UBSan (the
#       libraries too, in $(FUZZ_BUILD)/lib), runs it for FUZZ_SECONDS from its seed corpus
#       (tests/fuzz/corpus/<t>/, new inputs kept in $(FUZZ_BUILD)/corpus/<t>/) and stops at
#       the first crash, leak or sanitizer report, naming the input to keep in
#       tests/fuzz/crashes/<t>/.
#   $(BUILD)/tests/fuzz_replay (part of test-build; suites fuzz_replay and fuzz_replay_san):
#       the same targets built with $(CC) into one driver that replays every corpus and
#       crash file; no clang needed.
FUZZ_TARGETS ?= asm dis vecfile state profile covdb checker_vec
FUZZ_SECONDS ?= 600
FUZZ_CC ?= clang-14
FUZZ_BUILD := $(BUILD)/fuzz
FUZZ_LIBBUILD := $(FUZZ_BUILD)/lib
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_LINK := $(FUZZ_LIBBUILD)/lib/libgcnchk.a $(FUZZ_LIBBUILD)/lib/libgcnvec.a $(FUZZ_LIBBUILD)/lib/libgcnref.a
FUZZ_SRCS := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_INC := -Irefmodel/include -Ivectors -Ichecker -Itests/fuzz
FUZZ_OPTS ?= -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=0

# The libraries, instrumented for coverage and sanitized, built by clang in their own tree.
fuzz-libs:
	@command -v $(FUZZ_CC) >/dev/null || { echo "fuzz: $(FUZZ_CC) missing (apt-get install clang-14 libclang-rt-14-dev)"; exit 1; }
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_LIBBUILD) CC=$(FUZZ_CC) OPT="-O1 -g" \
	  EXTRA_CFLAGS="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" $(FUZZ_LINK) >/dev/null

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h fuzz-libs
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CSTD) $(WARN) -O1 -g -D_POSIX_C_SOURCE=200809L $(FUZZ_INC) -I$(FUZZ_LIBBUILD)/gen \
	  -fsanitize=fuzzer $(FUZZ_SAN) $< $(FUZZ_LINK) -lm -o $@

fuzz-build: $(patsubst %,$(FUZZ_BUILD)/fuzz_%,$(FUZZ_TARGETS))

fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/artifacts; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	  if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(FUZZ_BUILD)/fuzz_$$t $(FUZZ_OPTS) \
	      -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$t- \
	      $(FUZZ_BUILD)/corpus/$$t tests/fuzz/corpus/$$t >$(FUZZ_BUILD)/$$t.log 2>&1; then \
	    tail -40 $(FUZZ_BUILD)/$$t.log; \
	    echo "fuzz: $$t FAILED; the input is in $(FUZZ_BUILD)/artifacts/: fix the bug, then keep the input as a"; \
	    echo "      regression in tests/fuzz/crashes/$$t/ (make test replays it)"; exit 1; fi; \
	  grep -E '^#[0-9]+.*DONE|Done [0-9]+ runs' $(FUZZ_BUILD)/$$t.log | tail -1; \
	done; echo "fuzz: every target ran $(FUZZ_SECONDS) s with no crash, leak or sanitizer report"

# The replay driver: every target, its entry renamed, with the project's compiler and flags
# (so the sanitizer build, make test-san, replays under ASan + UBSan).
FUZZ_REPLAY := $(BUILD)/tests/fuzz_replay
$(BUILD)/obj/fuzz/%.o: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(HDRS) $(VEC_HDRS) $(CHK_HDRS)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Ivectors -Ichecker -DLLVMFuzzerTestOneInput=gcn_fuzz_$* -c $< -o $@
$(FUZZ_REPLAY): tests/fuzz/replay.c $(patsubst tests/fuzz/fuzz_%.c,$(BUILD)/obj/fuzz/%.o,$(FUZZ_SRCS)) $(CHK_LINK) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) $< $(patsubst tests/fuzz/fuzz_%.c,$(BUILD)/obj/fuzz/%.o,$(FUZZ_SRCS)) $(CHK_LINK) -lm -o $@
test-build: $(FUZZ_REPLAY)

.PHONY: fuzz fuzz-build fuzz-libs
