#!/usr/bin/env bash
# make demo: the family sample in a throw-away database (never your real one).
# usage: demo.sh BIN DEMO_DIR
set -euo pipefail
BIN=$1
DIR=$2
export HEALTHLOG_DB="$DIR/healthlog.sqlite"
unset HEALTHLOG_PROFILE
hl() { echo "\$ healthlog $*"; "$BIN" "$@"; echo; }

hl profile add dad --name 爸爸 --birth-year 1954 --sex male --target 135/85
hl profile add mom --name 妈妈 --birth-year 1957 --sex female
hl import Samples/family.csv
hl profile list
hl -p dad list --from 2026-11-24 --to 2026-11-30
echo "Demo database: $HEALTHLOG_DB"
echo "Try: HEALTHLOG_DB=$HEALTHLOG_DB $BIN -p mom list --period evening"
