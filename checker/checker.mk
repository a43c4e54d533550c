# The co-simulation checker (checker/*.c) as build/lib/libgcnchk.a: plain C, no simulator
# headers; it links libgcnvec and libgcnref (docs/architecture.md). Its unit tests
# (tests/checker/, cmocka) are build/tests/test_checker. Included by the top-level
# Makefile after vectors/vectors.mk (it uses BUILD, GEN, LIBDIR, HDRS, OPT, EXTRA_CFLAGS,
# VEC_LIB and VEC_HDRS).
CHK_CFLAGS = $(CFLAGS_ALL) -Ivectors -Ichecker
CHK_SRCS := $(wildcard checker/*.c)
CHK_HDRS := $(wildcard checker/*.h)
CHK_OBJ := $(BUILD)/obj/checker
CHK_OBJS := $(patsubst checker/%.c,$(CHK_OBJ)/%.o,$(CHK_SRCS))
CHK_LIB := $(LIBDIR)/libgcnchk.a
# What a program that uses the checker links, in order.
CHK_LINK := $(CHK_LIB) $(VEC_LIB) $(LIBDIR)/libgcnref.a

$(CHK_OBJ):
	mkdir -p $@

$(CHK_OBJ)/%.o: checker/%.c $(CHK_HDRS) $(VEC_HDRS) $(HDRS) | $(CHK_OBJ)
	$(CC) $(CHK_CFLAGS) -c $< -o $@

$(CHK_LIB): $(CHK_OBJS) | $(LIBDIR)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/tests/test_checker: tests/checker/test_checker.c $(CHK_LINK) $(CHK_HDRS) $(HDRS) | $(BUILD)/tests
	$(CC) $(CHK_CFLAGS) $< $(CHK_LINK) -lcmocka -lm -o $@

.PHONY: checker-lib checker-test
checker-lib: $(CHK_LIB)
checker-test: $(BUILD)/tests/test_checker
	@$(BUILD)/tests/test_checker

all: $(CHK_LIB)
test-build: $(BUILD)/tests/test_checker

# Retire mode and the capability file (tests/checker/test_retire.c).
$(BUILD)/tests/test_retire: tests/checker/test_retire.c $(CHK_LINK) $(CHK_HDRS) $(VEC_HDRS) $(HDRS) | $(BUILD)/tests
	$(CC) $(CHK_CFLAGS) $< $(CHK_LINK) -lcmocka -lm -o $@

test-build: $(BUILD)/tests/test_retire

# The checker, the vectors and the model as one shared library, for a foreign-function
# interface (the Python binding python/gcnref, docs/python.md). Every object is -fPIC.
CHK_SO := $(LIBDIR)/libgcnchk.so
$(CHK_SO): $(CHK_LINK)
	$(CC) -shared -o $@ -Wl,--whole-archive $(CHK_LINK) -Wl,--no-whole-archive -lm

all: $(CHK_SO)
test-build: $(CHK_SO)
