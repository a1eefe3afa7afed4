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
made := .build/install

.PHONY: all build install uninstall test

all: build

build:
ifeq ($(BIN),$(RELEASE))
	$(SWIFT) build -c release
endif

install: build
	mkdir -p $(made)
	"$(BIN)" __man > $(made)/islet.1
	"$(BIN)" completions bash > $(made)/islet.bash
	"$(BIN)" completions zsh > $(made)/_islet
	"$(BIN)" completions fish > $(made)/islet.fish
	install -d "$(bindir)" "$(man1dir)" "$(bashdir)" "$(zshdir)" "$(fishdir)"
	install -m 755 "$(BIN)" "$(bindir)/islet"
	install -m 644 $(made)/islet.1 "$(man1dir)/islet.1"
	install -m 644 $(made)/islet.bash "$(bashdir)/islet"
	install -m 644 $(made)/_islet "$(zshdir)/_islet"
	install -m 644 $(made)/islet.fish "$(fishdir)/islet.fish"

uninstall:
	rm -f "$(bindir)/islet" "$(man1dir)/islet.1" "$(bashdir)/islet" "$(zshdir)/_islet" \
		"$(fishdir)/islet.fish"

test:
	$(SWIFT) test
