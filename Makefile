# HealthLog: `make demo` runs the main job on sample data, `make test` runs the test suite.
# Both install any missing Debian packages first (apt-get as root, else sudo).

SWIFT       ?= swift
APT_PACKAGES = pkg-config sqlite3 libsqlite3-dev libcairo2-dev libpango1.0-dev libxml2-dev zlib1g-dev \
               fonts-noto-cjk fonts-dejavu-core poppler-utils python3
DEMO_DIR    ?= $(shell mktemp -d -t healthlog-demo.XXXXXX)
BIN          = .build/release/healthlog

.PHONY: all deps build release test demo bench clean

all: build

## deps: install the Debian packages that are missing (nothing when all are present)
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## test: the whole suite, in well under ten minutes
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## demo: import the family sample into a throw-away database and show dad's last week
demo: release
	@Tests/Scripts/demo.sh "$(BIN)" "$(DEMO_DIR)"

## bench: release build, timed against sqlite3 (and the peer renderers); see README
bench: release
	@Tests/Scripts/bench.sh "$(BIN)"

clean:
	rm -rf .build demo-output bench-output
