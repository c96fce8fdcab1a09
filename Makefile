# arbiter - turn adjudicator for board games played by email and on forums.
#
#   make            build ./arbiter
#   make demo       install missing Debian packages, build, play a short game
#   make check      install missing packages, build with sanitizers, run every test
#   make bench      benchmarks (bench/)
#   make fuzz       libFuzzer targets in fuzz/, each FUZZ_SECONDS (clang; see fuzz/README.md)
#   make terra-diff Terra Mystica against the site's own engine (tools/terra-diff/)
#   make install    PREFIX=/usr/local DESTDIR=
#   make deps       install the Debian packages arbiter needs (apt-get, sudo when not root)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/arbiter

CC ?= cc
PKGS = sqlite3 libcurl jansson gmime-3.0 nettle libpq cairo
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# Neither libcurl, GMime, libpq nor cairo is linked: mail/curl_dl.c loads libcurl when
# SMTP or IMAP is used, mail/gmime_dl.c loads GMime when a mail is read,
# store/pg_dl.c loads libpq when the database is a postgresql:// URI,
# app/picture/cairo_dl.c loads cairo when a board picture is drawn.
LINK_PKGS = $(filter-out libcurl gmime-3.0 libpq cairo,$(PKGS))
PKG_LIBS = $(shell pkg-config --libs $(LINK_PKGS) 2>/dev/null) -ldl
# The arbiter binary itself carries SQLite and nettle (Debian's own static
# archives, from libsqlite3-dev and nettle-dev): the dynamic loader then
# binds neither library's ~1,900 symbols at every start, a fifth of a
# move's instructions (bench/moves.sh).  The cost: a SQLite or nettle
# security update reaches arbiter when it is rebuilt.  The tests link the
# shared libraries, as before.
STATIC_PKGS = sqlite3 nettle
BIN_LIBS = -Wl,-Bstatic $(shell pkg-config --libs $(STATIC_PKGS) 2>/dev/null) -Wl,-Bdynamic \
	$(shell pkg-config --libs $(filter-out $(STATIC_PKGS),$(LINK_PKGS)) 2>/dev/null) -ldl -lpthread
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null)

WARN = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
VERSION = 0.1.0
BASEFLAGS = -I$(B)/gen -std=c11 -DARBITER_VERSION='"$(VERSION)"' -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L $(WARN) $(PKG_CFLAGS) \
	-DARBITER_DATADIR='"$(DATADIR)"' \
	-DARBITER_GAMES='$(foreach g,$(GAMES),GAME($(g)))'
CFLAGS ?= -O2 -g
SANFLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all -Werror

# The games built into arbiter; each is a folder under engine/.
GAMES = tigris terra warriors

ENGINE_SRC = $(wildcard engine/*.c) $(foreach g,$(GAMES),$(wildcard engine/$(g)/*.c))
LIB_SRC = $(ENGINE_SRC) $(wildcard util/*.c) $(wildcard store/*.c) $(wildcard mail/*.c) $(wildcard app/*.c) \
	$(wildcard app/picture/*.c) \
	$(filter-out cli/main.c,$(wildcard cli/*.c))
TEST_DIRS = tests/unit tests/mail $(foreach g,$(GAMES),tests/$(g))
TEST_SRC = $(foreach d,$(TEST_DIRS),$(wildcard $(d)/test_*.c))
TEST_SUPPORT = tests/selfplay.c

B = build
S = build/san
LIB_OBJ = $(LIB_SRC:%.c=$(B)/%.o)
SAN_LIB_OBJ = $(LIB_SRC:%.c=$(S)/%.o)
SAN_SUPPORT_OBJ = $(TEST_SUPPORT:%.c=$(S)/%.o)
TEST_BIN = $(TEST_SRC:%.c=$(S)/%)

.PHONY: all deps demo check unit e2e stress bench fuzz terra-diff install clean
all: arbiter

arbiter: $(LIB_OBJ) $(B)/cli/main.o
	$(CC) $(CFLAGS) -o $@ $^ $(BIN_LIBS) -lm

$(S)/arbiter: $(SAN_LIB_OBJ) $(S)/cli/main.o
	$(CC) $(SANFLAGS) -o $@ $^ $(PKG_LIBS) -lm

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(BASEFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(S)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC san  $<"
	@$(CC) $(BASEFLAGS) $(SANFLAGS) -MMD -MP -c -o $@ $<

$(S)/tests/%: tests/%.c $(SAN_LIB_OBJ) $(SAN_SUPPORT_OBJ)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	@$(CC) $(BASEFLAGS) $(SANFLAGS) -MMD -MP -o $@ $< $(SAN_LIB_OBJ) $(SAN_SUPPORT_OBJ) \
		$(PKG_LIBS) $(CMOCKA_LIBS) -lm

# The test of hidden information and file modes (test_enumerate) has
# support files of its own (tests/enumerate.h).
ENUM_SUPPORT = tests/enumerate.c tests/secrets.c
ENUM_OBJ = $(ENUM_SUPPORT:%.c=$(S)/%.o)
$(S)/tests/unit/test_enumerate: tests/unit/test_enumerate.c $(ENUM_OBJ) $(SAN_LIB_OBJ) \
		$(SAN_SUPPORT_OBJ)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	@$(CC) $(BASEFLAGS) $(SANFLAGS) -MMD -MP -o $@ $< $(ENUM_OBJ) $(SAN_LIB_OBJ) \
		$(SAN_SUPPORT_OBJ) $(PKG_LIBS) $(CMOCKA_LIBS) -lm

# The registry is rebuilt whenever GAMES changes.
$(B)/gen/games: FORCE
	@mkdir -p $(dir $@)
	@echo '$(GAMES)' | cmp -s - $@ || echo '$(GAMES)' > $@
$(B)/engine/registry.o $(S)/engine/registry.o: $(B)/gen/games
.PHONY: FORCE
# Keep the test support objects between runs (they are not intermediate).
.SECONDARY: $(SAN_SUPPORT_OBJ) $(ENUM_OBJ) $(B)/tests/selfplay.o
FORCE:

# The default templates are built into the binary.
TEMPLATES = $(sort $(wildcard templates/*))
$(B)/gen/templates.inc: $(TEMPLATES) tools/embed.sh
	@mkdir -p $(dir $@)
	sh tools/embed.sh embedded_templates $(TEMPLATES) > $@
$(B)/app/template.o $(S)/app/template.o: $(B)/gen/templates.inc

# So is the Terra Mystica base map (data/terra/, read by engine/terra/tmap.c).
TERRA_MAPS = $(sort $(wildcard data/terra/*.map))
$(B)/gen/terra-maps.inc: $(TERRA_MAPS) tools/embed.sh
	@mkdir -p $(dir $@)
	sh tools/embed.sh terra_maps $(TERRA_MAPS) > $@
$(B)/engine/terra/tmap.o $(S)/engine/terra/tmap.o: $(B)/gen/terra-maps.inc

-include $(shell find $(B) $(S) $(F) -name '*.d' 2>/dev/null | sort -u)

deps:
	@sh tools/deps.sh

demo: deps
	@$(MAKE) --no-print-directory arbiter
	@sh tools/demo.sh

check: deps
	@$(MAKE) --no-print-directory CFLAGS="$(CFLAGS) -Werror" arbiter $(S)/arbiter $(TEST_BIN) \
		$(FUZZ_REG_BIN)
	@sh tests/run.sh $(TEST_BIN)

# The stress scripts at full size (make check runs them short): races of
# 16 processes, SIGKILL at random points, an SMTP server restarted under
# the send loop.  Bounded; traffic to 127.0.0.1 only.
stress: deps
	@$(MAKE) --no-print-directory CFLAGS="$(CFLAGS) -Werror" $(S)/arbiter
	@fail=0; for t in tests/stress/*.sh; do echo "== $$t"; \
		case $$t in *pg-*) ARBITER=./$(S)/arbiter sh tests/pg-server.sh run sh $$t ;; \
		*) ARBITER=./$(S)/arbiter sh $$t ;; esac || fail=1; done; exit $$fail

$(B)/bench/selfplay: bench/selfplay.c $(LIB_OBJ) $(B)/tests/selfplay.o
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

$(B)/bench/picture: bench/picture.c $(LIB_OBJ) $(B)/tests/selfplay.o
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

$(B)/bench/replay: bench/replay.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

$(B)/bench/timer: bench/timer.c
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(CFLAGS) -o $@ $<

bench: arbiter $(B)/bench/selfplay $(B)/bench/replay $(B)/bench/timer $(B)/bench/picture
	@SELFPLAY=$(B)/bench/selfplay REPLAY=$(B)/bench/replay sh bench/run.sh
	@rm -f $(B)/bench/summary.tsv
	@BENCH_SUMMARY=$(CURDIR)/$(B)/bench/summary.tsv sh bench/moves.sh
	@PICTURE=$(B)/bench/picture BENCH_SUMMARY=$(CURDIR)/$(B)/bench/summary.tsv sh bench/pictures.sh
	@BENCH_SUMMARY=$(CURDIR)/$(B)/bench/summary.tsv sh bench/scale.sh
	@BENCH_SUMMARY=$(CURDIR)/$(B)/bench/summary.tsv sh bench/smtp-rate.sh
	@BENCH_SUMMARY=$(CURDIR)/$(B)/bench/summary.tsv sh bench/pg.sh
	@BENCH_SUMMARY=$(CURDIR)/$(B)/bench/summary.tsv sh bench/intake.sh
	@echo; echo "== make bench: every figure of this run, against its goal"
	@awk -F '\t' '{ printf "%-62s %8s  %s\n", $$1, $$2, $$3 }' $(B)/bench/summary.tsv

# Fuzzing (fuzz/README.md).  The regression pass, in make check through
# tests/e2e/fuzz_regress.sh, links each target with fuzz/standalone.c and
# the sanitizer objects; make fuzz links it with clang's libFuzzer.
FUZZ_TARGETS = tigris terra warriors inbound inmail snapshot config template import terramap
FUZZ_SUPPORT = fuzz/positions.c tests/selfplay.c
FUZZ_REG_BIN = $(FUZZ_TARGETS:%=$(S)/fuzz/%)
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
F = build/fuzz
FUZZFLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all
FUZZ_LIB_OBJ = $(LIB_SRC:%.c=$(F)/%.o) $(FUZZ_SUPPORT:%.c=$(F)/%.o)
FUZZ_BIN = $(FUZZ_TARGETS:%=$(F)/bin/%)
.SECONDARY: $(FUZZ_LIB_OBJ) $(S)/fuzz/standalone.o $(S)/fuzz/positions.o

$(S)/fuzz/%: fuzz/%.c $(S)/fuzz/standalone.o $(S)/fuzz/positions.o $(SAN_LIB_OBJ) \
		$(SAN_SUPPORT_OBJ)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	@$(CC) $(BASEFLAGS) $(SANFLAGS) -o $@ $< $(S)/fuzz/standalone.o $(S)/fuzz/positions.o \
		$(SAN_LIB_OBJ) $(SAN_SUPPORT_OBJ) $(PKG_LIBS) -lm

$(F)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC fuzz $<"
	@$(FUZZ_CC) $(BASEFLAGS) $(FUZZFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<
$(F)/app/template.o: $(B)/gen/templates.inc
$(F)/engine/terra/tmap.o: $(B)/gen/terra-maps.inc
$(F)/engine/registry.o: $(B)/gen/games

$(F)/bin/%: fuzz/%.c $(FUZZ_LIB_OBJ)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	@$(FUZZ_CC) $(BASEFLAGS) $(FUZZFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB_OBJ) \
		$(PKG_LIBS) -lm

# Terra Mystica against the reference engine of terra.snellman.net
# (tools/terra-diff/README.md): TERRA_DIFF_GAMES random games.
TERRA_DIFF_GAMES ?= 20
terra-diff: deps arbiter
	@sh tools/terra-diff/run.sh $(TERRA_DIFF_GAMES)

fuzz:
	@sh tools/deps.sh clang libclang-rt-dev
	@$(MAKE) --no-print-directory $(FUZZ_BIN)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh fuzz/run.sh $(FUZZ_TARGETS)

install: arbiter
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(MANDIR)/man6 $(DESTDIR)$(DATADIR)/templates $(DESTDIR)$(DATADIR)/maps
	install -m 755 arbiter $(DESTDIR)$(BINDIR)/arbiter
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	for f in man/*.5; do [ -e "$$f" ] && install -m 644 "$$f" $(DESTDIR)$(MANDIR)/man5/; done; true
	install -m 644 man/*.6 $(DESTDIR)$(MANDIR)/man6/
	install -m 644 templates/* $(DESTDIR)$(DATADIR)/templates/
	install -m 644 data/terra/base.map $(DESTDIR)$(DATADIR)/maps/terra-base.map

clean:
	rm -rf $(B) arbiter demo.db demo-mail
