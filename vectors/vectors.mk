# gcnref vectors: the vector file library and the random program generator (vectors/*.c)
# as build/lib/libgcnvec.a (the `gen` subcommand is cli/gen.c), and their test (tests/vectors/).
# Included by the top-level Makefile after tests/tests.mk (it needs BUILD, GEN, LIBDIR,
# HDRS, OPT and EXTRA_CFLAGS, and adds to the `all` and `test-build` targets).
VEC_CFLAGS = $(CFLAGS_ALL) -Ivectors
# The generator by concern (docs/vectors.md, "Source files"); gen.c is the vector loop.
VEC_SRCS := vectors/vecfile.c vectors/vecrun.c vectors/gen.c vectors/groups.c vectors/profile.c vectors/bias.c vectors/rainbow.c \
  vectors/regs.c vectors/builder.c vectors/streams.c vectors/fpband.c vectors/fcmp.c vectors/fround.c vectors/ffma.c vectors/fdiv.c vectors/ftrans.c vectors/f64arith.c vectors/control.c vectors/vctl.c vectors/illegal.c vectors/setup.c vectors/sdwa.c \
  vectors/capability.c vectors/dpp.c vectors/vmovrel.c vectors/int16.c vectors/f64.c vectors/exec.c \
  vectors/aimed.c vectors/aim_farith.c vectors/aim_fspecial.c vectors/aim_control.c
VEC_HDRS := vectors/vecfile.h vectors/gen.h vectors/gen_priv.h vectors/rng.h vectors/capability.h
VEC_OBJ := $(BUILD)/obj/vectors
VEC_OBJS := $(patsubst vectors/%.c,$(VEC_OBJ)/%.o,$(VEC_SRCS))
VEC_LIB := $(LIBDIR)/libgcnvec.a
VEC_TEST := $(BUILD)/tests/vectors_test
# The built-in default profile: vectors/profiles/default.prof as the lines of a C string
# literal (backslashes, quotes and '?' escaped: -std=c11 has trigraphs; each line ends
# in \n), which profile.c
# includes. The file stays the only copy of the text.
VEC_DEFAULT_PROF := vectors/profiles/default.prof
VEC_DEFAULT_INC := $(GEN)/default_profile.inc

$(VEC_OBJ):
	mkdir -p $@

$(VEC_DEFAULT_INC): $(VEC_DEFAULT_PROF)
	mkdir -p $(@D)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/    "/' -e 's/$$/\\n"/' $< >$@.tmp && mv $@.tmp $@

$(VEC_OBJ)/profile.o: $(VEC_DEFAULT_INC)

$(VEC_OBJ)/%.o: vectors/%.c $(VEC_HDRS) $(HDRS) | $(VEC_OBJ)
	$(CC) $(VEC_CFLAGS) -c $< -o $@

$(VEC_LIB): $(VEC_OBJS) | $(LIBDIR)
	rm -f $@ && ar rcs $@ $^

# The test also runs `gcnref gen` in-process (cli/gen.c: the test may use the top layer).
$(VEC_TEST): tests/vectors/test_vectors.c tests/common/checks.h cli/gen.c cli/cli.h $(VEC_LIB) $(LIBDIR)/libgcnref.a $(VEC_HDRS) $(HDRS) | $(BUILD)/tests
	$(CC) $(VEC_CFLAGS) -Icli $< cli/gen.c $(VEC_LIB) $(LIBDIR)/libgcnref.a -lm -o $@

# The intended run-time error at a program's end (tests/vectors/test_fails.c).
VEC_FAILS_TEST := $(BUILD)/tests/vectors_fails_test
$(VEC_FAILS_TEST): tests/vectors/test_fails.c tests/common/checks.h $(VEC_LIB) $(LIBDIR)/libgcnref.a $(VEC_HDRS) $(HDRS) | $(BUILD)/tests
	$(CC) $(VEC_CFLAGS) $< $(VEC_LIB) $(LIBDIR)/libgcnref.a -lm -o $@

.PHONY: vectors-lib vectors-test
vectors-lib: $(VEC_LIB)
# Runs the vector test (from the repository root: it reads vectors/profiles/).
vectors-test: $(VEC_TEST)
	@$(VEC_TEST)

all: $(VEC_LIB)
test-build: $(VEC_TEST) $(VEC_FAILS_TEST)
