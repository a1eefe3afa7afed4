# make run: Islet built and started (make run ARGS='start 25m' passes it arguments).
# make test: the formatting check, the tests (failing if they leave a process behind:
#   Tests/leftovers), a short fuzzing run and the instruction counts.
# Each first installs the Debian packages this machine lacks (.ci/packages), saying which.
# make install: the release binary, its man page and its completions under PREFIX.
#   make install PREFIX=/usr/local       DESTDIR=/tmp/stage (for packaging)
#   make uninstall                       the same files removed (with the same PREFIX)
#   make install BIN=.build/debug/islet  installs that binary instead of building release
# The man page and the completions are made by the installed binary from its declarations.

PREFIX ?= $(HOME)/.local
DESTDIR ?=
SWIFT ?= swift
RELEASE := .build/release/islet
BIN ?= $(RELEASE)

root := $(DESTDIR)$(PREFIX)
bindir := $(root)/bin
man1dir := $(root)/share/man/man1
bashdir := $(root)/share/bash-completion/completions
zshdir := $(root)/share/zsh/site-functions
fishdir := $(root)/share/fish/vendor_completions.d
# $(call made,ARGUMENTS,FILE): FILE as the binary prints it for ARGUMENTS, whole or not at all.
# Written beside FILE under this run's own name (the shell's pid), not in a shared folder, so
# two installs at once cannot mix their files.
made = "$(BIN)" $(1) > "$(2).$$$$.new" && chmod 644 "$(2).$$$$.new" && mv -f "$(2).$$$$.new" "$(2)" \
	|| { rm -f "$(2).$$$$.new"; exit 1; }

.PHONY: all build run install uninstall test

all: build

build:
ifeq ($(BIN),$(RELEASE))
	.ci/packages run
	$(SWIFT) build -c release
endif

install: build
	install -d "$(bindir)" "$(man1dir)" "$(bashdir)" "$(zshdir)" "$(fishdir)"
	install -m 755 "$(BIN)" "$(bindir)/islet"
	$(call made,__man,$(man1dir)/islet.1)
	$(call made,completions bash,$(bashdir)/islet)
	$(call made,completions zsh,$(zshdir)/_islet)
	$(call made,completions fish,$(fishdir)/islet.fish)

uninstall:
	rm -f "$(bindir)/islet" "$(man1dir)/islet.1" "$(bashdir)/islet" "$(zshdir)/_islet" \
		"$(fishdir)/islet.fish"

run:
	.ci/packages run
	$(SWIFT) run islet $(ARGS)

# Bounded, so that a hung test fails the run instead of holding it.
test:
	.ci/packages test
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	Tests/leftovers timeout 1500 $(SWIFT) test
	timeout 600 fuzz/run 15
	timeout 600 bench/instructions
