#!/usr/bin/env bash
# make deb: healthlog_VERSION_ARCH.deb from the release build, with dpkg-deb.
# Depends: what the binary links (dpkg-shlibdeps) and the font packages the templates use.
# usage: make_deb.sh BIN OUTDIR
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$1
out=${2:-.}
version=$(sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/HealthCore/Log/HealthLogVersion.swift)
arch=$(dpkg --print-architecture)
work=$(mktemp -d -t healthlog-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/root"

PREFIX=/usr Tests/Scripts/install.sh install "$bin" "$root/usr" share/zsh/vendor-completions >/dev/null
strip --strip-unneeded "$root/usr/bin/healthlog" 2>/dev/null || true

# The shared libraries the program links, as Debian packages with their versions.
mkdir -p "$work/src/debian"
printf 'Source: healthlog\n\nPackage: healthlog\nArchitecture: any\n' > "$work/src/debian/control"
shlibs=$(cd "$work/src" && dpkg-shlibdeps -O -e"$root/usr/bin/healthlog" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "make_deb: dpkg-shlibdeps found no libraries" >&2; exit 1; }
# The libraries opened on first use (Sources/CDeferredLibraries/deferred_sonames.h), by the
# package that has each, at least the version built against.
for soname in $(grep -o '"lib[^"]*\.so\.[0-9]*"' Sources/CDeferredLibraries/deferred_sonames.h | tr -d '"'); do
  path=$(ldconfig -p | awk -v s="$soname" '$1 == s {print $NF}' | sed -n 1p)
  [ -n "$path" ] || { echo "make_deb: $soname is not installed" >&2; exit 1; }
  package=$(dpkg-query -S "$(readlink -f "$path")" | sed -n '1s/:.*//p')
  built=$(dpkg-query -W -f='${Version}' "$package" | sed 's/-[^-]*$//')
  case ", $shlibs," in *", $package "*) ;; *) shlibs="$shlibs, $package (>= $built)" ;; esac
done
# The fonts the templates name (Templates/*.json "fonts"), by the package that has them.
fonts=$(python3 - <<'PY'
import json, glob
packages = {"Noto Sans": "fonts-noto-core", "Noto Sans Thai": "fonts-noto-core", "Droid Sans Fallback": "fonts-droid-fallback",
            "DejaVu Sans": "fonts-dejavu-core"}
names = []
for path in sorted(glob.glob("Templates/*.json")):
    for family in json.load(open(path)).get("fonts", []):
        package = packages.get(family)
        if package is None:
            raise SystemExit(f"make_deb: no Debian package known for the font family {family!r} ({path})")
        if package not in names:
            names.append(package)
print(", ".join(names))
PY
)

doc="$root/usr/share/doc/healthlog"
install -d "$doc"
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: healthlog
Source: HealthLog

Files: *
Copyright: 2026 The HealthLog authors
License: MIT
 Permission is hereby granted, free of charge, to any person obtaining a copy of this
 software and associated documentation files, to deal in the software without restriction,
 including without limitation the rights to use, copy, modify, merge, publish, distribute,
 sublicense, and/or sell copies of the software, subject to including this notice.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.
COPYRIGHT
# The changelog a user reads (Packaging/changelog, written for them), not the commits'.
head -1 Packaging/changelog | grep -qF "healthlog ($version) " || { echo "make_deb: Packaging/changelog has no entry for $version" >&2; exit 1; }
gzip -n -9 < Packaging/changelog > "$doc/changelog.Debian.gz"
chmod 0644 "$doc/copyright" "$doc/changelog.Debian.gz"

size=$(du -sk "$root/usr" | cut -f1)
install -d "$root/DEBIAN"
# dpkg keeps a package with a postrm in its records after remove, so apt purge finds it.
install -m 0755 Packaging/postrm "$root/DEBIAN/postrm"
cat > "$root/DEBIAN/control" <<CONTROL
Package: healthlog
Version: $version
Architecture: $arch
Maintainer: HealthLog <healthlog@localhost>
Installed-Size: $size
Depends: $shlibs, $fonts
Section: misc
Priority: optional
Homepage: https://example.invalid/healthlog
Description: blood-pressure log for families, with reports for the doctor
 Readings in three seconds (healthlog add 138/86 72 -t bp-med), a profile per
 family member, status tags, and an A4 PDF report shaped like a hospital
 blood-pressure record sheet, with a summary, a trend chart and the full log.
 "healthlog serve" is the family's page: paired phones enter their readings
 with three wheels (a systemd user unit starts it at login).
CONTROL
deb="$out/healthlog_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "Built $deb (installed size $size KiB)"
echo "Depends: $shlibs, $fonts"
