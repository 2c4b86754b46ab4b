# wwdc — see README.md for what each target is for.
SWIFT ?= swift
PREFIX ?= /usr/local
# Release builds link the Swift runtime and Foundation statically: the installed binary then starts
# without loading them (half of its start-up time), and the bench measures what is installed.
RELEASE = -c release --static-swift-stdlib

.PHONY: build test sanitize bench install man serve clean
build:
	$(SWIFT) build

# The Swift tests, then the reference server's own tests (the server is Python's standard library
# only; its tests read its subtitles with webvtt-py), then `wwdc mcp` driven by the official MCP
# Python SDK: both packages pinned, from the virtual environment .ci/run makes (the tests that need
# them skip, saying so, where they are not installed; on CI, those of the server fail).
TEST_PYTHON = $(if $(wildcard .venv-tests/bin/python),.venv-tests/bin/python,python3)
test:
	$(SWIFT) test
	$(TEST_PYTHON) -m unittest discover -s Tests/Server -p 'test_*.py'
	WWDC_BINARY="$$($(SWIFT) build --show-bin-path)/wwdc" $(TEST_PYTHON) -m unittest discover -s Tests/MCP -p 'test_*.py'

# Every test target under the thread sanitizer (the wwdc the end-to-end tests run is built with it
# too; a race reported in any process ends it with status 66, which fails its test), one target at
# a time so that the slowed-down store tests cannot starve the engine's of threads; then the
# engine's tests under the address sanitizer. Separate build folders.
TEST_TARGETS = OperationsTests TerminalUITests CommandLineKitTests SQLiteDatabaseTests JSONTests MCPServerTests ConferenceKitTests ConferenceTerminalTests wwdcTests
sanitize:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	for target in $(TEST_TARGETS); do \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$$target\." || exit 1; \
	done
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp \
		$(SWIFT) test --sanitize=address --filter OperationsTests --scratch-path .build-asan

# The browse section runs the release wwdc as whole processes, so it is built too; each product
# alone, since a whole release build would take in the tests' targets (Testing is not there).
bench:
	$(SWIFT) build $(RELEASE) --product wwdc
	$(SWIFT) build $(RELEASE) --product Benchmarks
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/Benchmarks $(SECTION)

# Installs the binary, its manual page and the bundled sample conference (its feeds and
# transcripts): PREFIX/bin/wwdc, PREFIX/share/man/man1/wwdc.1, PREFIX/share/wwdc/Fixtures. The
# binary is the release build, unless WWDC names another one (the tests install their debug build:
# make install PREFIX=... WWDC=.build/debug/wwdc). The manual page comes from the binary installed.
WWDC ?=
WWDC_BINARY = $(if $(WWDC),"$(WWDC)","$$($(SWIFT) build $(RELEASE) --show-bin-path)/wwdc")
SHARE = $(DESTDIR)$(PREFIX)/share/wwdc/Fixtures
install:
	$(if $(WWDC),,$(SWIFT) build $(RELEASE) --product wwdc)
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/transcripts $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0755 $(WWDC_BINARY) $(DESTDIR)$(PREFIX)/bin/wwdc
	XDG_CONFIG_HOME=/dev/null/none $(WWDC_BINARY) help --man > $(DESTDIR)$(PREFIX)/share/man/man1/wwdc.1
	chmod 0644 $(DESTDIR)$(PREFIX)/share/man/man1/wwdc.1
	install -m 0644 Fixtures/*.json Fixtures/README.md $(SHARE)/
	install -m 0644 Fixtures/transcripts/*.json $(SHARE)/transcripts/

# The manual page, generated from the command table: share/man/man1/wwdc.1 (view: man -l share/man/man1/wwdc.1).
man:
	$(SWIFT) build $(RELEASE) --product wwdc
	mkdir -p share/man/man1
	XDG_CONFIG_HOME=/dev/null/none "$$($(SWIFT) build $(RELEASE) --show-bin-path)/wwdc" help --man > share/man/man1/wwdc.1

# The reference conference server on the fixtures, their videos served too (prints its URL, then
# a line saying it is ready; Ctrl-C stops it). PORT=8080 for a fixed port.
serve:
	python3 Tests/Server/conference_server.py --root Fixtures --rebase-media $(if $(PORT),--port $(PORT),)

clean:
	rm -rf .build .build-tsan .build-asan share/man
