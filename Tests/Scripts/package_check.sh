#!/usr/bin/env bash
# make package-check: the .deb installs and runs without the Swift toolchain.
# Unpacks the package into a temporary root and, with /opt/swift hidden (a private mount
# namespace with an empty folder over it), runs add, list, stats, report, export and a zip import from the
# installed files; checks the PDF's fonts are embedded, man reads the page, and each completion
# script loads in its shell; then make install / make uninstall into a DESTDIR leaves it empty.
# usage: package_check.sh DEB
set -euo pipefail
cd "$(dirname "$0")/../.."
deb=$1
work=$(mktemp -d -t healthlog-pkg.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "package-check: $*" >&2; exit 1; }

dpkg-deb -x "$deb" "$work/root"
depends=$(dpkg-deb -f "$deb" Depends)
for package in libc6 libsqlite3-0 libcairo2 libpango-1.0-0 libarchive13 libmicrohttpd12 libqrencode4 fonts-droid-fallback fonts-noto-core; do
  case ", $depends," in *", $package "*|*", $package,"*) ;; *) fail "Depends does not name $package: $depends" ;; esac
done
case "$depends" in *swift*) fail "Depends names Swift: $depends" ;; esac
# Without a postrm dpkg forgets a package with no configuration files at remove, and apt purge then fails.
dpkg-deb -I "$deb" postrm >/dev/null 2>&1 || fail "the package has no postrm: apt purge after apt remove would not find it"
bin="$work/root/usr/bin/healthlog"
if objdump -p "$bin" | grep -E 'NEEDED|RUNPATH|RPATH' | grep -qi swift; then fail "the program still links the Swift runtime"; fi

mkdir -p "$work/empty" "$work/home"
cat > "$work/run.sh" <<'RUN'
set -eu
bin=$1; work=$2
export HOME="$work/home" HEALTHLOG_DB="$work/home/log.sqlite" PATH=/usr/bin:/bin LANG=C.UTF-8 TZ=UTC
unset HEALTHLOG_TEMPLATES
[ ! -e /opt/swift/usr/lib/swift/linux/libswiftCore.so ] || { echo "the toolchain is not hidden" >&2; exit 1; }
"$bin" --version
"$bin" -V
"$bin" profile add dad --name 爸爸 --birth-year 1954 >/dev/null
"$bin" add 138/86 72 -t bp-med --at '2026-11-29 07:30' >/dev/null
"$bin" add 142/88 75 --at '2026-11-29 19:30' -n 忘记吃药了 >/dev/null
"$bin" list >/dev/null
"$bin" stats --format json >/dev/null
"$bin" report --from 2026-11-23 --to 2026-11-29 -o "$work/r.pdf" 2>"$work/report.err" >/dev/null
[ ! -s "$work/report.err" ] || { cat "$work/report.err" >&2; exit 1; }
"$bin" export -o "$work/e.csv" >/dev/null
"$bin" export --format json -o "$work/e.json" >/dev/null
# A zip is read through libarchive, which the package depends on.
"$bin" import Tests/HealthInterchangeTests/Fixtures/apple_export.zip --dry-run 2>/dev/null | grep -q 'added 4' || { echo "the Apple Health zip did not import" >&2; exit 1; }
# A command that does not draw starts without the drawing stack, libxml2, libarchive, libqrencode or the web engine.
loaded=$(LD_DEBUG=libs "$bin" add 139/87 --at '2026-11-28 07:30' 2>&1 >/dev/null | grep 'calling init' | grep -E 'cairo|pango|fontconfig|gobject|glib|xml2|archive|qrencode|microhttpd|gnutls' || true)
[ -z "$loaded" ] || { echo "add loaded: $loaded" >&2; exit 1; }
# The family's page starts from the package, names its address first, and serves its files.
"$bin" serve --listen 127.0.0.1:0 > "$work/serve.out" 2>&1 &
serving=$!
for _ in $(seq 50); do grep -q 'http://' "$work/serve.out" && break; sleep 0.1; done
url=$(sed -n '1s|.*\(http://[0-9.:]*\)/.*|\1|p' "$work/serve.out")
python3 -c "import sys, urllib.request; body = urllib.request.urlopen(sys.argv[1] + '/static/wheels.js').read(); sys.exit(0 if b'wheel' in body else 1)" "$url" \
  || { kill "$serving"; echo "serve did not serve its script: $(cat "$work/serve.out")" >&2; exit 1; }
kill "$serving"
wait "$serving" || true
RUN
hide="mount --bind '$work/empty' /opt/swift"
if [ -d /opt/swift ] && [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
  unshare -m sh -c "$hide && exec sh '$work/run.sh' '$bin' '$work'" || fail "the installed program failed with /opt/swift hidden"
  echo "ran add, list, stats, report and export from the package with /opt/swift hidden"
else
  sh "$work/run.sh" "$bin" "$work" || fail "the installed program failed"
  echo "ran add, list, stats, report and export from the package (could not hide /opt/swift: not root or no unshare)"
fi
[ "$(wc -l < "$work/e.csv")" = 3 ] || fail "the export holds $(wc -l < "$work/e.csv") lines, not a header and 2 readings"
pdffonts "$work/r.pdf" | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' || { pdffonts "$work/r.pdf"; fail "a font is not embedded"; }
echo "the report's fonts are embedded: $(pdffonts "$work/r.pdf" | awk 'NR > 2 { print $1 }' | sed 's/^[A-Z]*+//' | sort -u | paste -sd' ')"

LANG=C.UTF-8 MANWIDTH=80 man -l "$work/root/usr/share/man/man1/healthlog.1.gz" 2>"$work/man.err" | grep -q "EXIT STATUS" || fail "man cannot read the page"
[ ! -s "$work/man.err" ] || { cat "$work/man.err"; fail "man warned"; }
# The Chinese page: rendered by man where the zh_CN.UTF-8 locale exists; elsewhere (a clean CI
# machine has only C.UTF-8, and groff there cannot typeset it) its source must hold its headings.
zhpage="$work/root/usr/share/man/zh_CN/man1/healthlog.1.gz"
[ -f "$zhpage" ] || fail "the package has no Chinese manual page"
if locale -a 2>/dev/null | grep -qix 'zh_CN.utf8'; then
  LANG=zh_CN.UTF-8 MANWIDTH=80 timeout 60 man -l "$zhpage" 2>/dev/null | grep -q "退出状态" || fail "man cannot read the Chinese page"
else
  zcat "$zhpage" | grep -q "退出状态" || fail "the Chinese page has no exit status section"
  echo "the Chinese manual page is installed (not rendered: no zh_CN.UTF-8 locale here)"
fi
grep -q '^ExecStart=/usr/bin/healthlog serve ' "$work/root/usr/lib/systemd/user/healthlog.service" || fail "the systemd user unit is missing or does not start /usr/bin/healthlog"
bash -n "$work/root/usr/share/bash-completion/completions/healthlog" || fail "bash cannot read its completions"
zsh -n "$work/root/usr/share/zsh/vendor-completions/_healthlog" || fail "zsh cannot read its completions"
fish -n "$work/root/usr/share/fish/vendor_completions.d/healthlog.fish" || fail "fish cannot read its completions"
echo "man reads healthlog(1); bash, zsh and fish read their completions"

dest="$work/destdir"
mkdir "$dest"
make --no-print-directory install DESTDIR="$dest" PREFIX=/usr/local >/dev/null
[ -x "$dest/usr/local/bin/healthlog" ] && [ -f "$dest/usr/local/share/healthlog/Templates/clinic.json" ] || fail "make install did not install"
make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr/local >/dev/null
left=$(find "$dest" -mindepth 1 | head -5)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "make install then make uninstall leave DESTDIR empty"
echo "package-check passed: $(basename "$deb"), installed size $(dpkg-deb -f "$deb" Installed-Size) KiB"
