#!/usr/bin/env bash
# make fuzz TARGET=csv SECONDS=60: libFuzzer on one parser, seeded from the project's fixtures.
# Crashes land in .build/fuzz-crashes/TARGET/; replay one with
#   HEALTHLOG_FUZZ_TARGET=TARGET .build/debug/healthlog-fuzz FILE
set -euo pipefail
TARGET=${1:?usage: fuzz.sh TARGET SECONDS}
SECONDS_TO_RUN=${2:-60}
cd "$(dirname "$0")/../.."
swift build -c release --product healthlog-fuzz --build-path .build/fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
CORPUS=.build/fuzz-corpus/$TARGET
CRASHES=.build/fuzz-crashes/$TARGET
mkdir -p "$CORPUS" "$CRASHES"
F=Tests/HealthInterchangeTests/Fixtures
case $TARGET in
  quick-entry) printf '138/86' > "$CORPUS/seed" ;;
  when) printf 'yesterday 21:30' > "$CORPUS/seed"; printf '2026-11-30T07:45:00+08:00' > "$CORPUS/seed2" ;;
  csv) head -20 Samples/family.csv > "$CORPUS/seed" ;;
  omron) cp $F/omron.csv "$CORPUS/" ;;
  withings) cp $F/withings_bp.csv "$CORPUS/" ;;
  apple-health) cp $F/apple_export.xml $F/apple_export.zip "$CORPUS/" ;;
  fhir) cp $F/fhir_foreign.json "$CORPUS/" ;;
  json-backup) cp $F/backup.json "$CORPUS/" ;;
  template) cp Templates/clinic.json "$CORPUS/" ;;
  *) echo "unknown TARGET $TARGET (quick-entry, when, csv, omron, withings, apple-health, fhir, json-backup, template)"; exit 64 ;;
esac
HEALTHLOG_FUZZ_TARGET=$TARGET .build/fuzz/release/healthlog-fuzz -max_total_time="$SECONDS_TO_RUN" -rss_limit_mb=1024 \
  -timeout=5 -artifact_prefix="$CRASHES/" "$CORPUS"
