#!/usr/bin/env bash
# Fetches jansson 2.14 exactly as Debian 12 ships it (the libjansson4 the C reference links
# everywhere else): the Debian source package from deb.debian.org, checked against pinned
# SHA-256 sums, unpacked with Debian's patches applied. No deb-src entry and no dpkg-dev
# needed. Idempotent.
#   .clusterfuzzlite/fetch-jansson.sh DEST     -> DEST/src/*.c, DEST/src/jansson_config.h.in, ...
set -euo pipefail
dest="${1:?usage: fetch-jansson.sh DEST}"
version=2.14
revision=2
base="${JANSSON_DEBIAN_MIRROR:-http://deb.debian.org/debian}/pool/main/j/jansson"
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
