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
# The language's modules by stage, bottom up (docs/architecture.md, "Modules"), each
# compiled against the ones built before it.
modules=(ScrollScriptSyntax ScrollScriptGuesses ScrollScriptBehaviours ScrollScriptChecker ScrollScriptRuntime ScrollScript)
objects=()
for m in "${modules[@]}"; do
  mapfile -t lang < <(find "Sources/$m" -name '*.swift' | LC_ALL=C sort)
  if newer "$out/$m.o" "${lang[@]}" "$out/ScrollSim.o" "$out/CThreadContext.o" "${objects[@]}"; then
    echo "building $m (instrumented)" >&2
    swiftc "${flags[@]}" -enable-testing -wmo -c -module-name "$m" -I "$out" -I "$ctc/include" -emit-module \
      -emit-module-path "$out/$m.swiftmodule" -o "$out/$m.o" "${lang[@]}"
  fi
  objects+=("$out/$m.o")
done
for t in check format run; do
  src="tools/fuzz/libfuzzer/Fuzz${t^}.swift"
  if newer "$out/fuzz-$t" "$src" "${objects[@]}"; then
    echo "linking fuzz-$t" >&2
    swiftc "${flags[@]}" -I "$out" -I "$ctc/include" -module-name "Fuzz${t^}" "$src" "${objects[@]}" "$out/ScrollSim.o" \
      "$out/CThreadContext.o" -o "$out/fuzz-$t"
  fi
done
