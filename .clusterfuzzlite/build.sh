#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script: builds WidgetFuzz for libFuzzer into $OUT.
# Expects the builder environment: $SRC, $OUT, $WORK, $CC, $CFLAGS, $SANITIZER,
# $LIB_FUZZING_ENGINE (and `precompile_swift` in base-builder-swift). Run by hand with those
# set (no Docker engine needed) to test it; see README.md "Fuzzing".
repo="${WIDGETCONTRACT_SRC:-$SRC/widgetcontract}"
cd "$repo"

# 1. jansson from Debian's source package, with the engine's CFLAGS (sanitizer + fuzzer-no-link).
# Falls back to the system libjansson (uninstrumented) when no Debian source can be fetched.
jansson_src="$SRC/jansson"
if [[ -f "$jansson_src/src/load.c" ]] || { jansson_src="$WORK/jansson-src"; .clusterfuzzlite/fetch-jansson.sh "$jansson_src"; }; then
  .clusterfuzzlite/build-jansson.sh "$jansson_src" "$WORK/jansson" >/dev/null
  export PKG_CONFIG_PATH="$WORK/jansson/lib/pkgconfig"
else
  echo "build.sh: no jansson source; linking the system libjansson without coverage instrumentation" >&2
fi

# 2. Swift flags: base-builder-swift's precompile_swift, or the same flags spelled out.
# SwiftPM 6.3 passes its two --sanitize options to swiftc as two -sanitize= flags in a random
# order and the frontend keeps one, so the combined -Xswiftc flag is added in both cases.
if command -v precompile_swift >/dev/null 2>&1; then
  . precompile_swift
  flags="$SWIFT6_2FLAGS"
else
  flags="-Xswiftc -static-stdlib --static-swift-stdlib --sanitize=fuzzer --sanitize=${SANITIZER:-address}"
  for f in ${CFLAGS:-}; do flags="$flags -Xcc=$f"; done
fi
flags="$flags -Xswiftc -sanitize=fuzzer,${SANITIZER:-address}"
# shellcheck disable=SC2086
swift build -c release --product WidgetFuzz --scratch-path "$WORK/swift" $flags
cp "$WORK/swift/release/WidgetFuzz" "$OUT/WidgetFuzz"

# 3. Seed corpus (golden fixtures and saved findings) and dictionary, by OSS-Fuzz's naming.
rm -rf "$WORK/seeds"
python3 .clusterfuzzlite/seed-corpus.py "$repo" "$WORK/seeds"
(cd "$WORK/seeds" && zip -q -r "$OUT/WidgetFuzz_seed_corpus.zip" .)
cp .clusterfuzzlite/WidgetFuzz.dict "$OUT/WidgetFuzz.dict"
cat > "$OUT/WidgetFuzz.options" <<OPTIONS
[libfuzzer]
max_len = 4096
OPTIONS
