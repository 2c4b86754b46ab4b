# wwdc — see README.md
SWIFT ?= swift
PREFIX ?= /usr/local

.PHONY: build test bench clean
build:
	$(SWIFT) build

test:
	$(SWIFT) test

bench:
	$(SWIFT) build -c release --product Benchmarks
	$$($(SWIFT) build -c release --show-bin-path)/Benchmarks

clean:
	rm -rf .build
