#!/usr/bin/env bash
# make fresh-root-check: the family's path, from the .deb, on a fresh Debian 12 root with no Swift.
# A minimal bookworm root (debootstrap --variant=minbase, cached as .build/fresh-root/bookworm-minbase.tar.gz)
# is unpacked into .build/fresh-root/root; the package is installed as a family would,
# `apt-get install ./healthlog_*.deb`, which must pull its libraries and fonts from Debian's archive.
# Then, as two ordinary users, one in English (LANG=C.UTF-8) and one in Chinese (LANG=zh_CN.UTF-8,
# generated with Debian's locales package): profiles dad (爸爸) and mom, readings, list, stats, the
# report in both languages (fonts embedded), a mistake taken back with undo. Then `apt-get remove`
# keeps the log, `apt-get purge` works and keeps it too, and installing again reads it.
# Downloads from deb.debian.org (through the host's apt configuration), so it is not part of make test.
# Runs as root (chroot, mounts), in a private mount namespace so nothing stays mounted.
# usage: fresh_root_check.sh DEB
set -euo pipefail
[ $# = 1 ] || { echo "usage: fresh_root_check.sh DEB" >&2; exit 64; }
self=$(readlink -f "$0")
deb=$(readlink -f "$1")
cd "$(dirname "$self")/../.."
started=${FRESH_ROOT_STARTED:-$(date +%s)}
fail() { echo "fresh-root-check: $step: $*" >&2; exit 1; }
step="start"
[ -f "$deb" ] || fail "no package file $1"
if [ "$(id -u)" != 0 ]; then exec sudo FRESH_ROOT_STARTED="$started" "$self" "$deb"; fi
if [ -z "${FRESH_ROOT_PRIVATE:-}" ]; then
  exec env FRESH_ROOT_PRIVATE=1 FRESH_ROOT_STARTED="$started" unshare -m --propagation private "$self" "$deb"
fi

suite=bookworm
mirror=${FRESH_ROOT_MIRROR:-http://deb.debian.org/debian}
cache=.build/fresh-root
base_tar="$cache/$suite-minbase.tar.gz"
root="$(pwd)/$cache/root"
archives="$(pwd)/$cache/apt-archives"
mkdir -p "$cache" "$archives/partial"
elapsed() { echo "$(( $(date +%s) - started )) s"; }
say() { printf '  %-10s %s\n' "$step" "$*"; }

# The base root, once: debootstrap is slow, a tarball is not.
step="debootstrap"
if [ ! -s "$base_tar" ]; then
  command -v debootstrap >/dev/null || fail "debootstrap is not installed (make fresh-root-check installs it)"
  rm -rf "$cache/base"
  debootstrap --variant=minbase "$suite" "$cache/base" "$mirror" > "$cache/debootstrap.log" 2>&1 \
    || { tail -5 "$cache/debootstrap.log" >&2; fail "debootstrap $suite failed (log: $cache/debootstrap.log)"; }
  # The sources of a Debian 12 installation: the release, its updates and security.
  cat > "$cache/base/etc/apt/sources.list" <<SOURCES
deb $mirror $suite main
deb $mirror $suite-updates main
deb ${mirror%/debian}/debian-security $suite-security main
SOURCES
  tar -C "$cache/base" -czf "$base_tar.part" . && mv "$base_tar.part" "$base_tar"
  rm -rf "$cache/base"
  say "made $base_tar ($(du -h "$base_tar" | cut -f1)) in $(elapsed)"
else
  say "reused $base_tar"
fi

step="unpack"
rm -rf "$root"
mkdir -p "$root"
tar -C "$root" -xzf "$base_tar"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --bind "$archives" "$root/var/cache/apt/archives"
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
# The host's apt settings (a mirror that serves a dated snapshot needs Check-Valid-Until off).
for conf in /etc/apt/apt.conf.d/*; do
  grep -qi 'Check-Valid-Until\|Check-Date' "$conf" 2>/dev/null && cp "$conf" "$root/etc/apt/apt.conf.d/" || true
done
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
no_swift() { find "$root" -xdev \( -iname 'libswift*' -o -name 'swift' -o -name 'swift-*' -o -iname '*.swiftmodule' \) -print -quit; }
swift=$(no_swift)
[ -z "$swift" ] || fail "the fresh root already has Swift: $swift"
[ ! -e "$root/usr/lib/x86_64-linux-gnu/libcairo.so.2" ] || fail "the fresh root already has Cairo"
say "a $suite minbase root, $(in_root dpkg-query -W -f='.\n' | wc -l) packages, no Swift, no Cairo ($(elapsed))"

step="install"
in_root apt-get update -qq > "$cache/update.log" 2>&1 || { tail -5 "$cache/update.log" >&2; fail "apt-get update failed"; }
cp "$deb" "$root/tmp/"
name=$(basename "$deb")
in_root sh -c "cd /tmp && apt-get install -y ./$name" > "$cache/install.log" 2>&1 \
  || { tail -15 "$cache/install.log" >&2; fail "apt-get install ./$name failed (log: $cache/install.log)"; }
pulled=$(sed -n 's/^\([0-9]*\) upgraded, \([0-9]*\) newly installed.*/\2/p' "$cache/install.log")
[ "${pulled:-0}" -gt 20 ] || fail "apt-get installed ${pulled:-no} packages; the package's libraries and fonts should come with it"
for package in healthlog libsqlite3-0 libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libxml2 libarchive13 libqrencode4 \
               libmicrohttpd12 fonts-noto-core fonts-droid-fallback fonts-dejavu-core; do
  in_root dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || fail "$package is not installed after apt-get install ./$name"
done
swift=$(no_swift)
[ -z "$swift" ] || fail "installing put Swift into the root: $swift"
downloaded=$(sed -n 's/^Need to get \([^ ]* [kMG]*B\)\(\/\([^ ]* [kMG]*B\)\)\{0,1\} of archives.*/\1 of \3/p' "$cache/install.log" | head -1)
say "apt-get install ./$name: $pulled packages (healthlog and its libraries and fonts), ${downloaded:-0 B from the cache} to fetch ($(elapsed))"

# The Chinese locale, as a Chinese family's Debian has it (Debian's locales package).
step="locale"
in_root apt-get install -y -qq locales > "$cache/locales.log" 2>&1 || { tail -5 "$cache/locales.log" >&2; fail "apt-get install locales failed"; }
sed -i 's/^# *zh_CN.UTF-8 UTF-8/zh_CN.UTF-8 UTF-8/' "$root/etc/locale.gen"
in_root locale-gen >> "$cache/locales.log" 2>&1 || true
if in_root locale -a | grep -qx 'zh_CN.utf8'; then
  chinese="LANG=zh_CN.UTF-8"
else
  chinese="LANG=C.UTF-8 HEALTHLOG_LANGUAGE=zh"
fi
say "the Chinese user runs with $chinese"

# Each person is an ordinary user with a home folder; the clock is China's.
TZ_FAMILY=Asia/Shanghai
as_user() { # USER "VAR=VALUE ..." COMMAND...
  local user=$1 settings=$2; shift 2
  # shellcheck disable=SC2086
  chroot --userspec="$user:$user" "$root" env -i HOME="/home/$user" PATH=/usr/bin:/bin TZ=$TZ_FAMILY $settings "$@"
}
# What a person at an 80-column terminal sees (through script(1), colours taken off), typing INPUT.
at_terminal() { # USER SETTINGS 'COMMAND LINE' [INPUT]
  printf '%b' "${4:-}" | timeout 120 chroot --userspec="$1:$1" "$root" env -i HOME="/home/$1" PATH=/usr/bin:/bin TZ=$TZ_FAMILY $2 TERM=xterm script -qec "stty cols 80 rows 24; $3" /dev/null | sed 's/\x1b\[[0-9;]*m//g' | tr -d '\r'
}
# term USER SETTINGS 'COMMAND LINE' [INPUT]: at_terminal, which must succeed; what it showed is in $out.
term() {
  if ! out=$(at_terminal "$@"); then echo "$out" | head -5 >&2; fail "'$3' failed at the terminal as $1 ($2)"; fi
}
out=""
# run USER SETTINGS COMMAND...: the command must succeed; its stdout and stderr are in $out.
run() {
  local user=$1 settings=$2; shift 2
  if ! out=$(as_user "$user" "$settings" sh -c 'cd && exec "$@"' sh "$@" 2>&1); then
    echo "$out" | head -5 >&2
    fail "'$*' failed as $user ($settings)"
  fi
}
# expect WHAT PATTERN...: each extended regular expression matches a line of $out.
expect() {
  local what=$1 pattern; shift
  for pattern in "$@"; do
    if ! grep -Eq -- "$pattern" <<<"$out"; then
      echo "$out" | head -20 >&2
      fail "$what: no line matches /$pattern/"
    fi
  done
}
refuse() { # WHAT PATTERN: no line matches
  if grep -Eq -- "$2" <<<"$out"; then echo "$out" | head -20 >&2; fail "$1: a line matches /$2/"; fi
}
id8='[0-9a-f]{8}'
fonts_embedded() { # PDF
  pdffonts "$1" | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' || { pdffonts "$1" >&2; fail "a font of $(basename "$1") is not embedded"; }
}

# The daughter, in English: her parents' profiles, a week of readings, list, stats, both reports, undo.
step="english"
en="LANG=C.UTF-8"
in_root useradd -m -s /bin/bash anna
run anna "$en" healthlog --version
expect "--version" '^healthlog [0-9]+\.[0-9]+\.[0-9]+$'
term anna "$en" 'healthlog'
expect "healthlog alone, before anything" '^No profile yet\. .*healthlog profile add ' '^Then .*healthlog add 138/86 72$' 'healthlog --help'
run anna "$en" healthlog profile add dad --name 爸爸 --birth-year 1954 --sex male --target 130/80
expect "profile add dad" '^Created profile dad \(爸爸\), born 1954, male, target 130/80\.$'
run anna "$en" healthlog profile add mom --name 妈妈 --birth-year 1957 --sex female
expect "profile add mom" '^Created profile mom \(妈妈\), born 1957, female, '
run anna "$en" healthlog profile default dad
expect "profile default" "^Profile 'dad' is now the default\.$"
for day in 23 24 25 26 27 28 29; do
  run anna "$en" healthlog add "13$((day % 7))/8$((day % 5))" "7$((day % 4))" -t bp-med --at "2026-11-$day 07:30"
  expect "add" "^Added $id8 · dad · ... 2026-11-$day 07:30 morning · 13$((day % 7))/8$((day % 5)) mmHg · pulse 7$((day % 4)) · BP medication\$"
  run anna "$en" healthlog add "14$((day % 6))/9$((day % 3))" "7$((day % 5))" --at "2026-11-$day 21:00"
  expect "add" "^Added $id8 · dad · ... 2026-11-$day 21:00 evening · "
done
run anna "$en" healthlog add 146/92 78 --at '2026-11-29 21:30' -n '头晕, forgot the pill'
expect "add with a note" "^Added $id8 · dad · Sun 2026-11-29 21:30 evening · 146/92 mmHg · pulse 78\$" '^Attention: the note mentions dizziness'
run anna "$en" healthlog -p mom add 121/77 66 -t bp-med --at '2026-11-29 08:00'
expect "add -p mom" "^Added $id8 · mom · Sun 2026-11-29 08:00 morning · 121/77 mmHg · pulse 66 · BP medication\$"
term anna "$en" 'healthlog list'
expect "list" '^dad \(爸爸\) · all dates · 15 readings$' '^ID +Date +Time +(Period +)?BP +Pulse +Tags +Note' \
  "^$id8  2026-11-23 Mon  07:30 .*132/83 +73  BP me" '头晕, forgo'
refuse "list" '121/77'
term anna "$en" 'healthlog list -p mom'
expect "list -p mom" '^mom \(妈妈\) · all dates · 1 reading$' "^$id8  2026-11-29 Sun  08:00 .*121/77 +66  BP medication"
term anna "$en" 'healthlog stats --from 2026-11-23 --to 2026-11-29'
expect "stats" '^dad \(爸爸\) · 2026-11-23 – 2026-11-29 · 15 home readings · ESH 2023$' \
  '^Home BP \(7-day protocol\): [0-9.]+/[0-9.]+ mmHg' 'target 130/80' 'dizziness or fainting noted once'
term anna "$en" 'healthlog'
expect "healthlog alone" '^dad \(爸爸\)$' "^  Last $id8 · dad · Sun 2026-11-29 21:30 evening · 146/92 mmHg"
say "anna: healthlog alone, profiles dad (爸爸) and mom, 16 readings, list, stats"
run anna "$en" healthlog report --from 2026-11-23 --to 2026-11-29
expect "report" '^Wrote the report for 爸爸, 23 Nov 2026 – 29 Nov 2026 \([0-9] pages?\):$' '^  healthlog-dad-2026-11-23_2026-11-29-en\.pdf$'
run anna "$en" healthlog report --from 2026-11-23 --to 2026-11-29 --lang zh-Hans
expect "report --lang zh-Hans" '^  healthlog-dad-2026-11-23_2026-11-29-zh\.pdf$'
en_pdf="$root/home/anna/healthlog-dad-2026-11-23_2026-11-29-en.pdf"
zh_pdf="$root/home/anna/healthlog-dad-2026-11-23_2026-11-29-zh.pdf"
[ -s "$en_pdf" ] && [ -s "$zh_pdf" ] || fail "the two reports are not both there: $(ls "$root/home/anna")"
fonts_embedded "$en_pdf"; fonts_embedded "$zh_pdf"
out=$(pdftotext "$en_pdf" -); expect "the English report" '爸爸' 'Home' '146/92'
out=$(pdftotext "$zh_pdf" -); expect "the Chinese report" '爸爸' '血压' '146/92'
say "anna: report in English and Chinese, two files, fonts embedded ($(pdfinfo "$en_pdf" | awk '/^Pages/ {print $2}') and $(pdfinfo "$zh_pdf" | awk '/^Pages/ {print $2}') pages)"
# A mistake: 113 typed for 131. undo shows it and asks; she answers y at the terminal.
run anna "$en" healthlog add 113/86 72 --at '2026-11-30 07:40'
mistake=$(grep -Eo "^Added $id8" <<<"$out" | cut -d' ' -f2)
term anna "$en" 'healthlog undo' 'y\n'
expect "undo" '^The last change, made ' "^  Remove $mistake · dad · Mon 2026-11-30 07:40 morning · 113/86 mmHg" \
  'Undo this change\? \[y/N\]' "Removed $mistake · dad · Mon 2026-11-30 07:40 morning · 113/86 mmHg"
term anna "$en" 'healthlog list'
expect "list after undo" '^dad \(爸爸\) · all dates · 15 readings$'
refuse "list after undo" '113/86'
say "anna: a mistake (113/86) taken back by undo, asked at the terminal"

# The father, in Chinese: the same path in his words.
step="chinese"
zh=$chinese
in_root useradd -m -s /bin/bash li
term li "$zh" 'healthlog'
expect "healthlog alone, before anything" '^还没有档案。.*healthlog profile add ' '^然后.*healthlog add 138/86 72$'
run li "$zh" healthlog profile add dad --name 爸爸 --birth-year 1954 --sex male --target 130/80
expect "profile add dad" '^已创建档案 dad \(爸爸\)、1954 年出生、男、目标 130/80。$'
run li "$zh" healthlog profile add mom --name 妈妈 --birth-year 1957 --sex female
expect "profile add mom" '^已创建档案 mom \(妈妈\)、1957 年出生、女、'
run li "$zh" healthlog profile default dad
expect "profile default" '^档案“dad”现在是默认档案。$'
run li "$zh" healthlog add 138/86 72 -t 降压药 --at '2026-11-28 07:30'
expect "add -t 降压药" "^已添加 $id8 · dad · 周六 2026-11-28 07:30 早晨 · 138/86 mmHg · 脉搏 72 · 降压药\$"
run li "$zh" healthlog add 142/88 75 --at '2026-11-28 21:00' -n 忘记吃药了
expect "add -n" "^已添加 $id8 · dad · 周六 2026-11-28 21:00 晚上 · 142/88 mmHg · 脉搏 75\$"
run li "$zh" healthlog add 136/84 70 -t bp-med --at '2026-11-29 07:30'
run li "$zh" healthlog -p mom add 121/77 66 --at '2026-11-29 08:00'
expect "add -p mom" "^已添加 $id8 · mom · "
term li "$zh" 'healthlog list'
expect "list" '^dad \(爸爸\) · 全部日期 · 3 次读数$' '^编号 +日期 +时间 +(时段 +)?血压 +脉搏 +标签 +备注' "^$id8  2026-11-28 周六  07:30 .*138/86 +72  降压药" '忘记吃药了'
term li "$zh" 'healthlog stats --from 2026-11-23 --to 2026-11-29'
expect "stats" '^dad \(爸爸\) · 2026-11-23 至 2026-11-29 · 3 次家庭读数 · ' '^家庭血压' '暂定'
refuse "stats" 'Home BP|readings|provisional'
say "li: healthlog alone, profiles dad (爸爸) and mom, 4 readings, list and stats in Chinese"
run li "$zh" healthlog report --from 2026-11-23 --to 2026-11-29
expect "report" '^已生成 爸爸 的报告，2026年11月23日 至 2026年11月29日（[0-9] 页）：$' '^  healthlog-dad-2026-11-23_2026-11-29-zh\.pdf$'
run li "$zh" healthlog report --from 2026-11-23 --to 2026-11-29 --lang en
expect "report --lang en" '^  healthlog-dad-2026-11-23_2026-11-29-en\.pdf$'
for pdf in "$root"/home/li/healthlog-dad-2026-11-23_2026-11-29-{zh,en}.pdf; do
  [ -s "$pdf" ] || fail "$(basename "$pdf") was not written"
  fonts_embedded "$pdf"
done
out=$(pdftotext "$root/home/li/healthlog-dad-2026-11-23_2026-11-29-zh.pdf" -); expect "the Chinese report" '爸爸' '血压' '忘记吃药了'
run li "$zh" healthlog add 183/86 72 --at '2026-11-29 21:00'
term li "$zh" 'healthlog undo' 'y\n'
expect "undo" '^最近一次更改' '将移除 [0-9a-f]{8} · dad · 周日 2026-11-29 21:00 晚上 · 183/86 mmHg' '撤销这次更改？ \[y/N\]' '已移除 [0-9a-f]{8} · dad · .* 183/86 mmHg'
term li "$zh" 'healthlog list'
expect "list after undo" '^dad \(爸爸\) · 全部日期 · 3 次读数$'
refuse "list after undo" '183/86'
say "li: reports in Chinese and English, a mistake (183/86) taken back by undo"

# Uninstalling keeps the family's logs; purging too; installing again reads them.
step="remove"
log="$root/home/anna/.local/share/healthlog/healthlog.sqlite"
[ -s "$log" ] || fail "anna's log is not where the README says: $(find "$root/home/anna" -name '*.sqlite')"
term anna "$en" 'healthlog list'
before=$out
in_root apt-get remove -y healthlog > "$cache/remove.log" 2>&1 || { tail -5 "$cache/remove.log" >&2; fail "apt-get remove healthlog failed"; }
[ ! -e "$root/usr/bin/healthlog" ] || fail "apt-get remove left /usr/bin/healthlog"
[ ! -e "$root/usr/share/healthlog" ] || fail "apt-get remove left /usr/share/healthlog"
readable() { # what
  [ -s "$log" ] && [ -s "$root/home/li/.local/share/healthlog/healthlog.sqlite" ] || fail "the logs are gone after $1"
  [ "$(sqlite3 -readonly "$log" 'PRAGMA integrity_check')" = ok ] || fail "anna's log is damaged after $1"
  local readings
  readings=$(sqlite3 -readonly "$log" 'SELECT count(*) FROM readings')
  [ "$readings" -ge 16 ] || fail "anna's log holds $readings readings after $1, not 16"
  echo "$readings"
}
say "apt-get remove: the program is gone, anna's log kept ($(readable "apt-get remove") readings rows, integrity ok)"
step="purge"
in_root apt-get purge -y healthlog > "$cache/purge.log" 2>&1 || { tail -5 "$cache/purge.log" >&2; fail "apt-get purge healthlog after remove failed"; }
readable "apt-get purge" >/dev/null
grep -q "log stays in their home folder" "$cache/purge.log" || fail "purging did not say the logs stay (Packaging/postrm)"
say "apt-get purge: exit 0, the logs kept ($(grep -E '^(Purging|Package|E:)' "$cache/purge.log" | head -1))"
step="reinstall"
in_root sh -c "cd /tmp && apt-get install -y ./$name" > "$cache/reinstall.log" 2>&1 || { tail -5 "$cache/reinstall.log" >&2; fail "installing again failed"; }
term anna "$en" 'healthlog list'
[ "$out" = "$before" ] || { diff <(echo "$before") <(echo "$out") >&2; fail "healthlog list after installing again differs from before remove"; }
term li "$zh" 'healthlog list'
expect "list after installing again" '^dad \(爸爸\) · 全部日期 · 3 次读数$'
say "installed again: anna's and li's logs read as before"
echo "fresh-root-check passed: $name on a fresh Debian $suite root, in $(elapsed)"
