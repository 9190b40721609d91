# HealthLog: `make demo` runs the main job on sample data, `make test` runs the test suite.
# Both install any missing Debian packages first (apt-get as root, else sudo).

SWIFT       ?= swift
APT_PACKAGES = pkg-config sqlite3 libsqlite3-dev libcairo2-dev libpango1.0-dev libxml2-dev libarchive-dev libqrencode-dev libmicrohttpd-dev \
               fonts-noto-core fonts-droid-fallback fonts-dejavu-core poppler-utils python3 python3-venv time \
               patchelf man-db zsh fish syncthing tmux zbar-tools faketime iproute2 curl chromium chromium-driver python3-selenium
DEMO_DIR    ?= $(shell mktemp -d -t healthlog-demo.XXXXXX)
BIN          = .build/release/healthlog
# A target may import only what Package.swift says it depends on: the layers are the compiler's to keep.
BUILD_FLAGS  = --explicit-target-dependency-import-check error
# The release program carries the Swift runtime inside it: it runs where no toolchain is installed.
RELEASE_FLAGS = $(BUILD_FLAGS) --static-swift-stdlib
PREFIX      ?= /usr/local
DESTDIR     ?=
# What building the package and checking it need, beyond the build's own packages.
PACKAGE_TOOLS = dpkg-dev binutils

.PHONY: all deps package-deps build release test test-venv soak sync-soak fuzz demo bench install uninstall deb package-check fresh-root-check clean

all: build

## deps: install the Debian packages that are missing (nothing when all are present)
deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_PACKAGES)"

package-deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_PACKAGES) $(PACKAGE_TOOLS)"

apt-install:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product healthlog
	@Tests/Scripts/defer_libraries.sh "$(BIN)"

## test: the whole suite, in well under ten minutes
test: deps test-venv
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build

## test-venv: an independent FHIR R4 validator (fhir.resources 6.4 = FHIR 4.0.1) for the tests, never the product
TEST_VENV = .build/test-venv
test-venv: $(TEST_VENV)/.ready
$(TEST_VENV)/.ready:
	python3 -m venv $(TEST_VENV)
	$(TEST_VENV)/bin/pip install -q "fhir.resources==6.4.0" "pydantic<2"
	touch $@

## soak: the fault, fuzz and round-trip tests, longer: 200 kills, 8 writers, 100,000 inputs per parser, 2,000 logs per format;
## then sync-soak's 50 seeds
soak: deps test-venv
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	HEALTHLOG_SOAK=1 $(SWIFT) test --skip-build --filter 'ReliabilityTests|FuzzTargetTests|RoundTripTests|StreamingImportTests|ReportLayoutMatrixTests|SyncCrashTests'
	$(SYNC_SOAK)

## sync-soak: three machines in network namespaces on real Syncthing under 50 seeds of random faults
## (kills, stops, partitions, clock jumps, duplicate ids, torn lines); as root, about 20 minutes.
## HEALTHLOG_SOAK_SEEDS=17 (or 1-50) replays chosen seeds.
SYNC_SOAK = HEALTHLOG_SOAK=1 $(SWIFT) test --skip-build --filter 'SyncSoakTests'
sync-soak: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SYNC_SOAK)

## fuzz: libFuzzer on one parser, e.g. make fuzz TARGET=apple-health SECONDS=300
TARGET  ?= csv
SECONDS ?= 60
fuzz: deps
	@Tests/Scripts/fuzz.sh $(TARGET) $(SECONDS)

## demo: import the family sample into a throw-away database and show dad's last week
demo: release
	@Tests/Scripts/demo.sh "$(BIN)" "$(DEMO_DIR)"

## bench: deb build, timed against sqlite3, the peer renderers and a Cairo floor, and the page under wrk (QUICK=1 fewer runs, SCALE=1 the million-reading rows alone); see docs/benchmarks.md
bench: deb
	@$(MAKE) --no-print-directory apt-install PACKAGES="wrk"
	@QUICK="$(QUICK)" FULL="$(FULL)" SCALE="$(SCALE)" Tests/Scripts/bench.sh "$(BIN)"

## install: the program, templates, manual page and completions under $(DESTDIR)$(PREFIX)
install: release
	@PREFIX="$(PREFIX)" Tests/Scripts/install.sh install "$(BIN)" "$(DESTDIR)$(PREFIX)"

## uninstall: removes what install put there (and, under a DESTDIR, the folders left empty)
uninstall:
	@Tests/Scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"
	@if [ -n "$(DESTDIR)" ] && [ -d "$(DESTDIR)" ]; then find "$(DESTDIR)" -mindepth 1 -depth -type d -empty -delete; fi

## deb: healthlog_VERSION_ARCH.deb in this folder
deb: package-deps release
	@Tests/Scripts/make_deb.sh "$(BIN)" .

## package-check: the .deb runs with the toolchain hidden, man reads its page, shells their completions
package-check: deb
	@Tests/Scripts/package_check.sh "$$(ls -t healthlog_*.deb | head -1)"

## fresh-root-check: the family's path from the .deb on a fresh Debian 12 root (debootstrap, cached in .build/fresh-root):
## apt-get install ./healthlog_*.deb pulls its libraries and fonts; two users, in English and Chinese, make dad's and mom's
## profiles, add, list, stats, both reports, undo a mistake; apt-get remove and purge keep the logs, installing again reads them.
## As root (else sudo); downloads from Debian's archive, so not part of make test.
fresh-root-check: deb
	@$(MAKE) --no-print-directory apt-install PACKAGES="debootstrap sqlite3 poppler-utils"
	@Tests/Scripts/fresh_root_check.sh "$$(ls -t healthlog_*.deb | head -1)"

clean:
	rm -rf .build demo-output bench-output healthlog_*.deb
