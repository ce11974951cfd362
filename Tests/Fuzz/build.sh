#!/usr/bin/env bash
# Builds the libFuzzer targets of Tests/Fuzz into BUILD (default .build/fuzz): each module
# of the package is compiled as a static library instrumented for coverage (libFuzzer) and
# AddressSanitizer, then each harness is linked against the modules it needs.
#
#   Tests/Fuzz/build.sh [TARGET...]      targets: parser replay http reducer (default all)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${FUZZ_BUILD:-$root/.build/fuzz}"
mkdir -p "$out"

# -O keeps the exec/s high; ASan and libFuzzer's coverage counters are on every module.
flags=(-sanitize="${FUZZ_SANITIZE:-fuzzer,address}" -O -g -swift-version 6 -enable-upcoming-feature ExistentialAny
  -package-name LoginFlow -parse-as-library -enable-testing -I "$out" -L "$out")

# module: its dependencies, in build order.
modules=(LoginFlow LoginRuntime LoginRendering LoginHTTP LoginCommandLine LoginSimulation LoginReplay)

# Modules that take no bytes from outside (they are handed values the parsers built) get
# edge coverage only, without libFuzzer's comparison tracing: that tracing exists to get
# past the magic values of a parser, and in the renderer's and the store's loops it was a
# third of the `replay` target's time. The parsers (LoginReplay, LoginCommandLine, LoginHTTP)
# and the reducer (LoginFlow, the `reducer` target's input) keep the full instrumentation.
declare -A coverage=(
  [LoginRuntime]="-sanitize-coverage=edge,inline-8bit-counters,pc-table,indirect-calls"
  [LoginRendering]="-sanitize-coverage=edge,inline-8bit-counters,pc-table,indirect-calls"
)

build_module() {
  local name="$1" sources
  sources=$(find "$root/Sources/$name" -name '*.swift' | sort)
  local stamp="$out/$name.stamp" newest
  newest=$(ls -t $sources | head -n 1)
  if [[ -f "$out/lib$name.a" && -f "$stamp" && "$stamp" -nt "$newest" ]]; then
    return
  fi
  echo "fuzz build: module $name" >&2
  # shellcheck disable=SC2086
  swiftc "${flags[@]}" ${coverage[$name]:-} -wmo -module-name "$name" -emit-module \
    -emit-module-path "$out/$name.swiftmodule" -emit-library -static \
    -o "$out/lib$name.a" $sources
  touch "$stamp"
}

# harness: the modules it links, each before those it depends on (static linking order).
declare -A needs=(
  [parser]="LoginReplay LoginSimulation LoginCommandLine LoginHTTP LoginRendering LoginRuntime LoginFlow"
  [replay]="LoginReplay LoginSimulation LoginCommandLine LoginHTTP LoginRendering LoginRuntime LoginFlow"
  [http]="LoginHTTP LoginRuntime LoginFlow"
  [reducer]="LoginFlow"
)

targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(parser replay http reducer)
for module in "${modules[@]}"; do build_module "$module"; done
for target in "${targets[@]}"; do
  [[ -n "${needs[$target]:-}" ]] || { echo "fuzz build: unknown target $target" >&2; exit 2; }
  libs=()
  for module in ${needs[$target]}; do libs+=("-l$module"); done
  echo "fuzz build: target $target" >&2
  swiftc "${flags[@]}" -module-name "Fuzz_$target" "$root/Tests/Fuzz/$target/Harness.swift" "$root"/Tests/Fuzz/Support/*.swift \
    "${libs[@]}" -o "$out/fuzz-$target" 2> >(grep -v 'ld.gold: warning: Cannot export' >&2)
done
