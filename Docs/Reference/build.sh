#!/usr/bin/env bash
# Builds LoginFlow's API reference with DocC: a static site per product with a catalog
# (Sources/MODULE/MODULE.docc), and one site that holds them all.
#
#   Docs/Reference/build.sh              # builds .build/reference/
#   Docs/Reference/build.sh --fixtures   # also proves the checks fail on broken input
#
# 1. compiles each such product with `-emit-symbol-graph`, in a scratch build of its own;
# 2. fails when a public symbol declared in the package has no summary line (summaries.py);
# 3. runs `docc convert` on each catalog, its dependencies' archives first, with warnings as
#    errors: a symbol link that resolves to nothing, a parameter in `- Parameters:` that the
#    function does not have or a parameter left undocumented there fails it;
# 4. merges the archives (.build/reference/products/MODULE.doccarchive) into one site,
#    .build/reference/site.
#
# Open it with a static file server (DocC's pages load their content with JavaScript):
#   python3 -m http.server --bind 127.0.0.1 --directory .build/reference/site 8000
# then http://127.0.0.1:8000/documentation/ (each product's archive also serves alone).
#
# --fixtures then checks the checks, with the files in Tests/DocC: a broken symbol link, an
# unknown parameter, and a symbol graph with an undocumented public symbol each make the
# build fail, naming what is wrong.
set -euo pipefail
cd "$(dirname "$0")/../.."

fixtures=false
case "${1:-}" in
  "") ;;
  --fixtures) fixtures=true ;;
  *) echo "usage: Docs/Reference/build.sh [--fixtures]" >&2; exit 2 ;;
esac

out=.build/reference
graphs=$out/symbol-graphs
rm -rf "$out"
mkdir -p "$graphs" "$out/products"

# The products with a catalog, each after the catalogued modules it depends on (from the
# manifest, so that a new catalog needs no change here), one per line: MODULE DEP DEP…
order=$(swift package dump-package | python3 -c '
import json, os, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
catalogued = [n for n in targets if os.path.isdir(f"Sources/{n}/{n}.docc")]
def deps(name, seen=None):
    seen = set() if seen is None else seen
    for d in targets[name]["dependencies"]:
        d = (d.get("byName") or d.get("target") or [None])[0]
        if d in targets and d not in seen:
            seen.add(d)
            deps(d, seen)
    return seen
done = []
while len(done) < len(catalogued):
    for n in catalogued:
        if n not in done and all(d in done for d in deps(n) if d in catalogued):
            done.append(n)
            print(n, *[d for d in done if d in deps(n)])
')

echo "== symbol graphs"
while read -r module _; do
  swift build --scratch-path "$out/build" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    2>&1 | tail -n 1
done <<<"$order"

echo "== summary lines"
dirs=()
while read -r module _; do
  mkdir -p "$graphs/$module"
  mv "$graphs/$module.symbols.json" "$graphs/$module"/
  for extension in "$graphs/$module"@*.symbols.json; do
    [ -e "$extension" ] && mv "$extension" "$graphs/$module"/
  done
  dirs+=("$graphs/$module")
done <<<"$order"
python3 Docs/Reference/summaries.py "${dirs[@]}"

# convert CATALOG MODULE OUTPUT DEPENDENCIES…: one catalog into one archive, warnings as errors.
convert() {
  local catalog=$1 module=$2 output=$3
  shift 3
  local dependencies=()
  for dependency in "$@"; do
    dependencies+=(--dependency "$out/products/$dependency.doccarchive")
  done
  docc convert "$catalog" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --enable-experimental-external-link-support "${dependencies[@]}" \
    --warnings-as-errors --output-path "$output"
}

echo "== docc convert"
archives=()
while read -r module dependencies; do
  # shellcheck disable=SC2086 # the dependencies are words
  convert "Sources/$module/$module.docc" "$module" "$out/products/$module.doccarchive" $dependencies \
    >"$out/$module.log" 2>&1 || {
    cat "$out/$module.log" >&2
    echo "reference: $module's documentation has warnings (above)" >&2
    exit 1
  }
  archives+=("$out/products/$module.doccarchive")
  echo "$module: $out/products/$module.doccarchive"
done <<<"$order"

echo "== merge"
docc merge "${archives[@]}" --synthesized-landing-page-name LoginFlow \
  --output-path "$out/site" >"$out/merge.log" 2>&1 || {
  cat "$out/merge.log" >&2
  exit 1
}
echo "reference: $out/site (${#archives[@]} products, no warning)"

$fixtures || exit 0

echo "== the checks fail on broken input (Tests/DocC)"
# expect_failure WHAT PATTERN COMMAND…: COMMAND must fail and say PATTERN.
expect_failure() {
  local what=$1 pattern=$2
  shift 2
  if "$@" >"$out/fixture.log" 2>&1; then
    echo "reference: $what passed the check" >&2
    exit 1
  fi
  if ! grep -q -- "$pattern" "$out/fixture.log"; then
    cat "$out/fixture.log" >&2
    echo "reference: $what failed without saying $pattern" >&2
    exit 1
  fi
  echo "$what: fails, as it must"
}
for fixture in BrokenSymbolLink UnknownParameter; do
  catalog=$out/fixtures/$fixture/LoginFlow.docc
  mkdir -p "$(dirname "$catalog")"
  cp -R Sources/LoginFlow/LoginFlow.docc "$catalog"
  cp "Tests/DocC/$fixture.md" "$catalog/"
  pattern=$(sed -n 's/^<!-- the check must say: \(.*\) -->$/\1/p' "Tests/DocC/$fixture.md")
  expect_failure "Tests/DocC/$fixture.md" "$pattern" \
    convert "$catalog" LoginFlow "$out/fixtures/$fixture/LoginFlow.doccarchive"
done
expect_failure "Tests/DocC/Undocumented.symbols.json" "Undocumented/shout() has no summary line" \
  python3 Docs/Reference/summaries.py Tests/DocC
