#!/usr/bin/env bash
# make release, after linking: drop each shared library the program takes no symbol from.
# The drawing stack (Cairo, Pango, fontconfig, GObject), libxml2 and libarchive are reached through
# forwarding functions that open them on first use (Sources/CDeferredLibraries), so the program
# needs none of them to start: `add` loads SQLite and libc only. SwiftPM adds every library
# pkg-config names to the link, ahead of any --as-needed; this is that flag, applied afterwards.
# usage: defer_libraries.sh BIN
set -euo pipefail
bin=$1
undefined=$(nm -D --undefined-only "$bin" | awk '{print $2}' | sed 's/@.*//' | sort -u)
removed=()
for soname in $(objdump -p "$bin" | awk '/NEEDED/ {print $2}'); do
  case "$soname" in ld-linux*|libc.so.*) continue ;; esac
  path=$(ldconfig -p | awk -v s="$soname" '$1 == s && /x86-64|aarch64|64bit|ARM|x32/ {print $NF}' | sed -n 1p)
  [ -n "$path" ] || path=$(ldconfig -p | awk -v s="$soname" '$1 == s {print $NF}' | sed -n 1p)
  [ -n "$path" ] || continue
  defined=$(nm -D --defined-only "$path" 2>/dev/null | awk '{print $3}' | sed 's/@.*//' | sort -u)
  if [ -z "$(comm -12 <(echo "$undefined") <(echo "$defined"))" ]; then removed+=(--remove-needed "$soname"); fi
done
if [ ${#removed[@]} -gt 0 ]; then
  patchelf "${removed[@]}" "$bin"
  echo "healthlog starts without: $(printf '%s\n' "${removed[@]}" | grep -v -- --remove-needed | paste -sd' ')"
fi
