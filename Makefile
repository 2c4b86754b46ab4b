# wwdc — see README.md for what each target is for.
SWIFT ?= swift
PREFIX ?= /usr/local

.PHONY: build test sanitize bench clean
build:
	$(SWIFT) build

# The Swift tests, then the reference server's own tests (Python standard library only).
test:
	$(SWIFT) test
	python3 -m unittest discover -s Tests/Server -p 'test_*.py'

# The operations tests under the thread and address sanitizers (separate build folders).
sanitize:
	$(SWIFT) test --sanitize=thread --filter OperationsTests --scratch-path .build-tsan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp \
		$(SWIFT) test --sanitize=address --filter OperationsTests --scratch-path .build-asan

bench:
	$(SWIFT) build -c release --product Benchmarks
	$$($(SWIFT) build -c release --show-bin-path)/Benchmarks

clean:
	rm -rf .build .build-tsan .build-asan
