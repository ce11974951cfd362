#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of Tests/Fuzz (see Docs/Fuzzing.md).
#
#   Tests/Fuzz/run.sh [-t SECONDS] [-j JOBS] [-r RUNS | -f] [TARGET...]
#
# TARGET: parser, replay, http, reducer (default: all). Each runs SECONDS (default 60), JOBS
# targets at a time (default 2). For long runs of `replay`, whose process grows with every
# new input (see Docs/Fuzzing.md), -r restarts the fuzzing process every RUNS executions
# until SECONDS have passed (the fastest way), and -f runs libFuzzer's fork mode (-fork=1)
# instead. The corpora live in .build/fuzz/corpus/TARGET and grow from
# run to run; they start from seeds generated from the repository's example sessions and
# tests. A finding is written to .build/fuzz/artifacts/TARGET/ and the script exits 1.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
fuzz="$root/Tests/Fuzz"
out="${FUZZ_BUILD:-$root/.build/fuzz}"
seconds=60
jobs=2
fork=()
restart=0
while getopts "t:j:r:f" option; do
  case "$option" in
  t) seconds="$OPTARG" ;;
  j) jobs="$OPTARG" ;;
  r) restart="$OPTARG" ;;
  f) fork=(-fork=1) ;;
  *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(parser replay http reducer)

# The toolchain's libFuzzer needs clang's runtime; it ships with the Swift toolchain.
command -v swiftc >/dev/null || { echo "fuzz: swiftc not found" >&2; exit 2; }
"$fuzz/build.sh" "${targets[@]}"

# Seeds: small text files generated from the repository, never committed.
seed() {
  local target="$1" dir="$out/seeds/$1"
  rm -rf "$dir" && mkdir -p "$dir"
  case "$target" in
  parser | replay)
    cp "$root"/Docs/Examples/*.login "$dir"/
    cp "$fuzz"/seeds/session/* "$dir"/
    # Every quoted session line of the parser tests, one seed each.
    grep -hoE '^ *"[^"\\]*(\\.[^"\\]*)*",?$' "$root"/Tests/LoginReplayTests/SessionParser*.swift |
      sed -E 's/^ *"//; s/",?$//' | head -n 400 | split -l 1 - "$dir/test-"
    ;;
  http) cp "$fuzz"/seeds/http/* "$dir"/ ;;
  esac
  # The replay target's first byte picks the command line: text, --trace, jsonl, and
  # jsonl --trace from standard input.
  case "$target" in
  replay)
    for file in "$dir"/*; do
      for selector in '\x00' '\x01' '\x0a' '\x83'; do
        { printf "$selector"; cat "$file"; } >"$file-$(printf '%s' "$selector" | tr -d '\\')"
      done
      rm "$file"
    done
    ;;
  reducer)
    printf '\x00\x00\x02\x01\x00\x06\x03\x06\x02\x00\x00' >"$dir/form"
    # A finding of the harness, not the library: an email typed with the token marker in it.
    printf '\x00\x7a\x70\x74\x00\x7a\x69\xfe\xff\xffHuTokenSecret77' >"$dir/token-in-email"
    ;;
  esac
}

run() {
  local target="$1" dict=()
  local corpus="$out/corpus/$target" artifacts="$out/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  seed "$target"
  case "$target" in
  parser | replay) dict=(-dict="$fuzz/session.dict") ;;
  http) dict=(-dict="$fuzz/http.dict") ;;
  esac
  echo "fuzz: $target for ${seconds}s" >&2
  # ASan's leak check is off: the Swift runtime's caches look like leaks at exit.
  local status=0 end=$((SECONDS + seconds)) runs=()
  [[ "$restart" -gt 0 ]] && runs=(-runs="$restart")
  : >"$out/$target.log"
  # With -r, one process after another until the time is up; otherwise one process.
  while [[ "$status" == 0 && $SECONDS -lt $end ]]; do
    # The Swift runtime's backtracer would take libFuzzer's crash signal: it is off.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:symbolize=1 "$out/fuzz-$target" "${dict[@]}" "${fork[@]}" \
      "${runs[@]}" -max_total_time=$((end - SECONDS > 0 ? end - SECONDS : 1)) -timeout=10 -rss_limit_mb=4096 -max_len=4097 \
      -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "$out/seeds/$target" \
      >>"$out/$target.log" 2>&1 || status=$?
    [[ "$restart" -gt 0 ]] || break
  done
  echo "$status" >"$out/$target.status"
}

for target in "${targets[@]}"; do
  rm -f "$out/$target.status"
  while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do sleep 1; done
  run "$target" &
done
wait

status=0
for target in "${targets[@]}"; do
  if [[ "$(cat "$out/$target.status" 2>/dev/null)" == 0 ]]; then
    # With -r the log holds one set of statistics per process: executions add up.
    runs=$(grep -E '^stat::number_of_executed_units' "$out/$target.log" | awk '{s += $2} END {if (NR) print s}' || true)
    rate=$(grep -E '^stat::average_exec_per_sec' "$out/$target.log" | awk '{s += $2} END {if (NR) print int(s / NR)}' || true)
    # Fork mode prints no final statistics: its last progress line has the total.
    if [[ -z "$runs" ]]; then
      runs=$(grep -oE '^#[0-9]+: ' "$out/$target.log" | tail -n 1 | tr -d '#: ' || true)
    fi
    echo "fuzz: $target ok: ${runs:-?} executions, ${rate:-?} exec/s"
  else
    status=1
    echo "fuzz: $target FAILED; log: $out/$target.log; inputs in $out/artifacts/$target:" >&2
    ls "$out/artifacts/$target" >&2
    grep -E 'ERROR|Fatal error|Precondition failed|SUMMARY' "$out/$target.log" | head -n 5 >&2 || true
  fi
done
exit "$status"
