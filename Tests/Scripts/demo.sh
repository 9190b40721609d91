#!/usr/bin/env bash
# make demo: the family sample in a throw-away database (never your real one), then
# dad's statistics and his 8-week doctor report in ./demo-output/.
# usage: demo.sh BIN DEMO_DIR
set -euo pipefail
BIN=$1
DIR=$2
OUT=demo-output
export HEALTHLOG_DB="$DIR/healthlog.sqlite"
unset HEALTHLOG_PROFILE
hl() { echo "\$ healthlog $*"; "$BIN" "$@"; echo; }

# Dad's doctor set him a target below the guideline's 135/85.
hl profile add dad --name 爸爸 --birth-year 1954 --sex male --target 130/80
hl profile add mom --name 妈妈 --birth-year 1957 --sex female
hl import Samples/family.csv
# The pill he started, and two readings taken at the clinic.
hl -p dad event add 'amlodipine 5 mg started' --at '2026-10-27 08:00'
hl -p dad add 152/94 --office --at '2026-11-20 10:30' -n 'clinic visit'
hl -p dad add 148/92 --office --at '2026-11-20 10:35'
hl profile list
hl -p dad list --from 2026-11-24 --to 2026-11-30
hl -p dad stats --from 2026-10-06 --to 2026-11-30
hl -p dad protocol --start 2026-11-24
hl -p dad compare 2026-10-06..2026-10-26 2026-11-03..2026-11-30
mkdir -p "$OUT"
rm -f "$OUT"/dad-*.png
hl -p dad report --from 2026-10-06 --to 2026-11-30 -o "$OUT/dad-report.pdf"
hl -p dad report --from 2026-10-06 --to 2026-11-30 --lang zh-Hans -o "$OUT/dad-report-zh.pdf"
# Page 1 as a picture, for sending by message.
"$BIN" -p dad report --from 2026-10-06 --to 2026-11-30 --template summary --dpi 110 -o "$OUT/dad-page1.png" >/dev/null
echo "Demo database:  $HEALTHLOG_DB"
echo "Report (PDF):   $PWD/$OUT/dad-report.pdf"
echo "Report (中文):   $PWD/$OUT/dad-report-zh.pdf"
echo "Page 1 (PNG):   $PWD/$OUT/dad-page1.png"
echo "Try: HEALTHLOG_DB=$HEALTHLOG_DB $BIN -p mom stats"
