#!/usr/bin/env bash
# Builds the libFuzzer targets of tools/fuzz/libfuzzer/ into .build/libfuzzer/ (see
# docs/robustness.md). The library sources are compiled once, instrumented for coverage
# (-sanitize=fuzzer) and checked by AddressSanitizer (which includes LeakSanitizer), in an
# optimised build that keeps Swift's traps (overflow, bounds, force unwraps).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
out=.build/libfuzzer
mkdir -p "$out"
# -package-name: the modules are one package (ScrollSim has `package` declarations for ScrollScript).
flags=(-O -sanitize=fuzzer,address -parse-as-library -g -package-name scrollscript)
newer() { # true when $1 is missing or older than any of the other files
  local target=$1; shift
  [ -e "$target" ] || return 0
  for f in "$@"; do [ "$f" -nt "$target" ] && return 0; done
  return 1
}
mapfile -t sim < <(find Sources/ScrollSim -name '*.swift' | LC_ALL=C sort)
mapfile -t lang < <(find Sources/ScrollScript -name '*.swift' | LC_ALL=C sort)
if newer "$out/ScrollSim.o" "${sim[@]}" "$0"; then
  echo "building ScrollSim (instrumented)" >&2
  swiftc "${flags[@]}" -wmo -c -module-name ScrollSim -emit-module -emit-module-path "$out/ScrollSim.swiftmodule" \
    -o "$out/ScrollSim.o" "${sim[@]}"
fi
# The per-thread cells a user behaviour's calls run in (a C target of ScrollScript's).
ctc=Sources/CThreadContext
if newer "$out/CThreadContext.o" "$ctc/cthreadcontext.c" "$ctc/include/cthreadcontext.h"; then
  clang -O1 -g -fsanitize=fuzzer-no-link,address -I "$ctc/include" -c "$ctc/cthreadcontext.c" -o "$out/CThreadContext.o"
fi
if newer "$out/ScrollScript.o" "${lang[@]}" "$out/ScrollSim.o" "$out/CThreadContext.o"; then
  echo "building ScrollScript (instrumented)" >&2
  swiftc "${flags[@]}" -enable-testing -wmo -c -module-name ScrollScript -I "$out" -I "$ctc/include" -emit-module \
    -emit-module-path "$out/ScrollScript.swiftmodule" -o "$out/ScrollScript.o" "${lang[@]}"
fi
for t in check format run; do
  src="tools/fuzz/libfuzzer/Fuzz${t^}.swift"
  if newer "$out/fuzz-$t" "$src" "$out/ScrollScript.o"; then
    echo "linking fuzz-$t" >&2
    swiftc "${flags[@]}" -I "$out" -I "$ctc/include" -module-name "Fuzz${t^}" "$src" "$out/ScrollScript.o" "$out/ScrollSim.o" \
      "$out/CThreadContext.o" -o "$out/fuzz-$t"
  fi
done
