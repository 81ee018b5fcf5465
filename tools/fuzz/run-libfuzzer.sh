#!/usr/bin/env bash
# Runs each libFuzzer target (lexer+parser+checker, formatter round trip, interpreter) for
# SECONDS seconds, one after the other:
#
#     tools/fuzz/run-libfuzzer.sh SECONDS [check|format|run ...]
#
# Fails (exit 1) on any crash (a Swift trap, an AddressSanitizer report), leak, hang (an
# input taking more than FUZZ_TIMEOUT seconds, default 10) or an input needing more than
# FUZZ_RSS_MB MiB (default 2048). Seeds: scenarios/, every .scroll of the tests and
# their goldens, and tools/fuzz/libfuzzer/regressions/ (what the fuzzers found); the corpus grows in .build/libfuzzer/corpus-TARGET, findings go to
# .build/libfuzzer/artifacts/, the log of each target to .build/libfuzzer/TARGET.log.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:?usage: tools/fuzz/run-libfuzzer.sh SECONDS [check|format|run ...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(check format run)
tools/fuzz/build-libfuzzer.sh 2> >(grep -v 'Cannot export local symbol' >&2)
out=.build/libfuzzer
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
mkdir -p "$out/artifacts"
i=0
while IFS= read -r f; do
  i=$((i + 1)); cp "$f" "$seeds/$(printf '%04d' $i)-$(basename "$f")"
done < <(find scenarios Tests tools/fuzz/libfuzzer/regressions -name '*.scroll' | LC_ALL=C sort)
# A parser nests nine functions per level of a 256-level expression: like the CLI (which
# runs on a 512 MiB thread), give the fuzzer's main thread room.
ulimit -s 524288 2>/dev/null || ulimit -s unlimited 2>/dev/null || true
# A trap prints Swift's message; the backtracer's own memory reads upset AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
status=0
for t in "${targets[@]}"; do
  corpus="$out/corpus-$t"
  mkdir -p "$corpus"
  echo "fuzz-$t: ${seconds}s" >&2
  if "$out/fuzz-$t" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
      -max_len=8192 -detect_leaks=1 -print_final_stats=1 -dict=tools/fuzz/libfuzzer/scrollscript.dict \
      -artifact_prefix="$out/artifacts/$t-" "$corpus" "$seeds" > "$out/$t.log" 2>&1; then
    grep -E '^#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::peak_rss' "$out/$t.log" | tail -3 >&2
  else
    status=1
    echo "fuzz-$t FAILED: see $out/$t.log and $out/artifacts/" >&2
    grep -E 'ERROR|Fatal error|SUMMARY|Test unit written|timeout|out-of-memory' "$out/$t.log" | head -20 >&2
  fi
done
exit $status
