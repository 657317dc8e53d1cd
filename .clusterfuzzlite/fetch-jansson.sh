#!/usr/bin/env bash
# Fetches jansson 2.14 exactly as Debian 12 ships it (the libjansson4 the C reference links
# everywhere else): the Debian source package from the Debian archive this machine's apt
# already uses (or $JANSSON_DEBIAN_MIRROR), checked against pinned SHA-256 sums, unpacked
# with Debian's patches applied. No deb-src entry and no dpkg-dev needed. Idempotent.
#   .clusterfuzzlite/fetch-jansson.sh DEST     -> DEST/src/*.c, DEST/src/jansson_config.h.in, ...
set -euo pipefail
dest="${1:?usage: fetch-jansson.sh DEST}"
version=2.14
revision=2
mirror="${JANSSON_DEBIAN_MIRROR:-}"
if [[ -z "$mirror" ]]; then
  # The first non-security archive in apt's own configuration (deb822 or one-line format).
  mirror="$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list /etc/apt/sources.list 2>/dev/null \
    | grep -oE 'https?://[^ ]+' | grep -v security | head -n 1 || true)"
fi
[[ -n "$mirror" ]] || { echo "fetch-jansson: no Debian archive in apt's sources; set JANSSON_DEBIAN_MIRROR" >&2; exit 1; }
base="${mirror%/}/pool/main/j/jansson"
orig="jansson_${version}.orig.tar.gz"
debian="jansson_${version}-${revision}.debian.tar.xz"
declare -A sha256=(
  ["$orig"]=c739578bf6b764aa0752db9a2fdadcfe921c78f1228c7ec0bb47fa804c55d17b
  ["$debian"]=e89fe4fd8221f6934ddb50f2e7f8404311928d0e23e49a5599f3d3d14ee8cb88
)

if [[ -f "$dest/.fetched-$version-$revision" ]]; then exit 0; fi
download="$dest.download"
rm -rf "$dest" "$download"
mkdir -p "$download" "$dest"
for file in "$orig" "$debian"; do
  curl -fsSL --retry 3 -o "$download/$file" "$base/$file"
  echo "${sha256[$file]}  $download/$file" | sha256sum -c --quiet -
done
tar -xzf "$download/$orig" -C "$dest" --strip-components=1
tar -xJf "$download/$debian" -C "$dest"
if [[ -f "$dest/debian/patches/series" ]]; then
  while read -r patch; do
    [[ -z "$patch" || "$patch" == \#* ]] && continue
    patch -s -p1 -d "$dest" < "$dest/debian/patches/$patch"
  done < "$dest/debian/patches/series"
fi
rm -rf "$download"
touch "$dest/.fetched-$version-$revision"
