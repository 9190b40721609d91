#!/usr/bin/env bash
# make bench: time the release build against reference tools run on the same machine, now.
# usage: bench.sh BIN   (env: PEERS=../shared/peers, QUICK=1 for fewer runs, FULL=1 adds WeasyPrint at 20,000,
#                        SCALE=1 for the million-reading rows alone)
set -euo pipefail
exec python3 "$(dirname "$0")/bench.py" "$@"
