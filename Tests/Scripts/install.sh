#!/usr/bin/env bash
# make install / make uninstall: the program, its templates, the manual page and the shell
# completions under ROOT (DESTDIR + PREFIX).
# usage: install.sh install BIN ROOT [ZSH_DIR]    install.sh uninstall ROOT [ZSH_DIR]
# env: PREFIX, where the program runs from once installed (ROOT without DESTDIR; ROOT when not
# given): the systemd user unit starts PREFIX/bin/healthlog.
set -euo pipefail
cd "$(dirname "$0")/../.."
action=$1; shift
if [ "$action" = install ]; then bin=$1; shift; fi
root=$1
zsh_dir=${2:-share/zsh/site-functions}

files=(
  bin/healthlog
  share/man/man1/healthlog.1.gz
  share/man/zh_CN/man1/healthlog.1.gz
  share/bash-completion/completions/healthlog
  "$zsh_dir/_healthlog"
  share/fish/vendor_completions.d/healthlog.fish
  lib/systemd/user/healthlog.service
)

case "$action" in
install)
  install -d "$root/bin" "$root/share/man/man1" "$root/share/man/zh_CN/man1" "$root/share/bash-completion/completions" "$root/$zsh_dir" \
    "$root/share/fish/vendor_completions.d" "$root/share/healthlog" "$root/lib/systemd/user"
  install -m 0755 "$bin" "$root/bin/healthlog"
  # Templates and string tables travel with the program: PREFIX/bin/healthlog finds
  # PREFIX/share/healthlog/Templates.
  rm -rf "$root/share/healthlog/Templates"
  cp -R Templates "$root/share/healthlog/Templates"
  find "$root/share/healthlog/Templates" -type d -exec chmod 0755 {} + -o -type f -exec chmod 0644 {} +
  # The manual page and the completions are made by the program from its own command specs.
  # The Chinese page from the same specs, which man shows under a Chinese locale.
  HEALTHLOG_LANGUAGE=en "$bin" manpage | gzip -n -9 > "$root/share/man/man1/healthlog.1.gz"
  HEALTHLOG_LANGUAGE=zh-Hans "$bin" manpage | gzip -n -9 > "$root/share/man/zh_CN/man1/healthlog.1.gz"
  "$bin" completions bash > "$root/share/bash-completion/completions/healthlog"
  "$bin" completions zsh > "$root/$zsh_dir/_healthlog"
  "$bin" completions fish > "$root/share/fish/vendor_completions.d/healthlog.fish"
  chmod 0644 "$root/share/man/man1/healthlog.1.gz" "$root/share/man/zh_CN/man1/healthlog.1.gz" "$root/share/bash-completion/completions/healthlog" \
    "$root/$zsh_dir/_healthlog" "$root/share/fish/vendor_completions.d/healthlog.fish"
  # The family's page as a systemd user service (systemctl --user enable --now healthlog).
  sed "s|@BINDIR@|${PREFIX:-$root}/bin|g" Packaging/healthlog.service > "$root/lib/systemd/user/healthlog.service"
  chmod 0644 "$root/lib/systemd/user/healthlog.service"
  echo "Installed healthlog into $root"
  ;;
uninstall)
  for file in "${files[@]}"; do rm -f "$root/$file"; done
  rm -rf "$root/share/healthlog"
  # Folders made for these files go too when nothing else is in them (never above ROOT).
  for dir in share/man/man1 share/man/zh_CN/man1 share/man/zh_CN share/man share/bash-completion/completions share/bash-completion "$zsh_dir" share/zsh \
    share/fish/vendor_completions.d share/fish share lib/systemd/user lib/systemd lib bin; do
    rmdir "$root/$dir" 2>/dev/null || true
  done
  echo "Removed healthlog from $root"
  ;;
*) echo "usage: install.sh install BIN ROOT | uninstall ROOT" >&2; exit 64 ;;
esac
