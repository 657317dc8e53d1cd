#!/usr/bin/env bash
# Builds a static libjansson from the sources fetch-jansson.sh unpacked, with $CC and
# $CFLAGS (e.g. -fsanitize=fuzzer-no-link,address for libFuzzer coverage and ASan inside
# jansson), into PREFIX/{include,lib/libjansson.a,lib/pkgconfig/jansson.pc}. Point
# PKG_CONFIG_PATH at PREFIX/lib/pkgconfig and SwiftPM's CJansson links it instead of
# Debian's shared, uninstrumented library. No autotools or cmake: the configuration is
# Debian's own (the same jansson_config.h values libjansson-dev ships on x86_64 Linux).
#   CC=clang CFLAGS="..." .clusterfuzzlite/build-jansson.sh SRC PREFIX
set -euo pipefail
src="${1:?usage: build-jansson.sh SRC PREFIX}"
prefix="${2:?usage: build-jansson.sh SRC PREFIX}"
cc="${CC:-clang}"
build="$prefix/build"
rm -rf "$prefix"
mkdir -p "$build" "$prefix/include" "$prefix/lib/pkgconfig"

sed -e 's/@json_inline@/inline/' -e 's/@json_have_long_long@/1/' -e 's/@json_have_localeconv@/1/' \
    -e 's/@json_have_atomic_builtins@/1/' -e 's/@json_have_sync_builtins@/1/' \
    "$src/src/jansson_config.h.in" > "$prefix/include/jansson_config.h"
cp "$src/src/jansson.h" "$prefix/include/"

# What jansson's configure finds on x86_64 glibc, as jansson_private_config.h.
for define in HAVE_STDINT_H HAVE_INTTYPES_H HAVE_UNISTD_H HAVE_SYS_TYPES_H HAVE_SYS_STAT_H HAVE_SYS_TIME_H \
              HAVE_SYS_PARAM_H HAVE_FCNTL_H HAVE_SCHED_H HAVE_ENDIAN_H HAVE_LOCALE_H HAVE_SETLOCALE \
              HAVE_LOCALECONV HAVE_GETTIMEOFDAY HAVE_SCHED_YIELD HAVE_GETPID HAVE_OPEN HAVE_READ HAVE_CLOSE \
              HAVE_SYNC_BUILTINS HAVE_ATOMIC_BUILTINS USE_URANDOM; do
  echo "#define $define 1"
done > "$build/jansson_private_config.h"
echo "#define INITIAL_HASHTABLE_ORDER 3" >> "$build/jansson_private_config.h"
objects=()
for file in "$src"/src/*.c; do
  object="$build/$(basename "${file%.c}").o"
  # shellcheck disable=SC2086
  "$cc" ${CFLAGS:-} -fPIC -std=c99 -DHAVE_CONFIG_H=1 -I "$build" -I "$prefix/include" -I "$src/src" -c "$file" -o "$object"
  objects+=("$object")
done
ar rcs "$prefix/lib/libjansson.a" "${objects[@]}"
cat > "$prefix/lib/pkgconfig/jansson.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: Jansson
Description: jansson 2.14 (Debian source) built by .clusterfuzzlite/build-jansson.sh
Version: 2.14
Libs: -L\${libdir} -ljansson
Cflags: -I\${includedir}
PC
echo "$prefix"
