#!/usr/bin/env bash
# Mutation testing: plants each mutant of Tests/Mutation/Mutants/ in a scratch copy of the
# package, builds the copy incrementally, runs the test targets that own the mutated code and,
# for a mutant in code the explorer runs, the explorer; then prints a table and the score.
#
#   Tests/Mutation/run.sh                 # the whole catalogue
#   Tests/Mutation/run.sh NAME...         # these mutants (file names without .patch)
#   Tests/Mutation/run.sh --sample N      # N mutants, chosen by the commit: CI's rotation
#   Tests/Mutation/run.sh --write-docs    # the whole catalogue, its table into Docs/Testing.md
#   Tests/Mutation/run.sh --in-place ...  # mutate this checkout itself (CI's throwaway clone,
#                                         # already built and tested), reverting each mutant
#
# A mutant is a patch with four header lines (Mutant, Models: the plausible mistake, Tests: a
# `swift test --filter` pattern, Explorer: `yes` with an optional depth, or `no, WHY`) before
# its diff.
# Tests/Mutation/Equivalent/ holds mutants that change nothing observable, each with a Why:
# line; they are listed, never run or counted.
#
# Exit status: 0 when every mutant run is killed by its tests, and by an invariant when its
# header says Explorer: yes; 1 when one survives; 2 when a mutant does not apply or does not
# build, or the unmutated copy fails its own tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

sample=""
write_docs=false
in_place=false
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sample) sample=$2; shift 2 ;;
    --write-docs) write_docs=true; shift ;;
    --in-place) in_place=true; shift ;;
    -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) names+=("$1"); shift ;;
  esac
done

all=$(ls Tests/Mutation/Mutants/*.patch | xargs -n1 basename | sed 's/\.patch$//' | sort)
if [ ${#names[@]} -eq 0 ]; then
  if [ -n "$sample" ]; then
    # The same commit always samples the same mutants; the next commit samples others.
    seed=${MUTATION_SEED:-$(git rev-parse HEAD 2>/dev/null || echo seed)}
    names=($(for name in $all; do
      printf '%s %s\n' "$(printf '%s%s' "$seed" "$name" | sha256sum | cut -c1-16)" "$name"
    done | sort | head -n "$sample" | cut -d' ' -f2 | sort))
  else
    names=($all)
  fi
fi

header() { sed -n "s/^$2: //p" "$1" | head -n 1; }

log=$root/.build/mutation/logs
rm -rf "$log"
mkdir -p "$log"
build() { (cd "$work" && swift build --build-tests >"$log/$1.build" 2>&1); }

applied=""
if $in_place; then
  work=$root
  # Whatever happens, the checkout ends unmutated.
  trap '[ -z "$applied" ] || git apply -R "$applied"' EXIT
else
  # The scratch copy keeps its .build between runs, so each mutant builds incrementally.
  work=.build/mutation/package
  mkdir -p "$work"
  find "$work" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
  git ls-files -z -c -o --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work"
  # A repository of its own, so that `git apply` patches the copy (inside this repository's
  # ignored .build it would patch nothing).
  git -C "$work" init -q

  echo "== the unmutated copy"
  build baseline || {
    tail -n 30 "$log/baseline.build" >&2
    echo "run.sh: the copy does not build" >&2
    exit 2
  }
  filters=$(for name in "${names[@]}"; do header "Tests/Mutation/Mutants/$name.patch" Tests; done |
    sort -u | paste -sd'|')
  if ! (cd "$work" && timeout 1200 swift test --skip-build --filter "$filters" >"$log/baseline.test" 2>&1); then
    grep -a '✘' "$log/baseline.test" | head -n 20 >&2
    echo "run.sh: the unmutated copy fails its tests ($filters)" >&2
    exit 2
  fi
  echo "passes $filters"
fi

rows=()
killed=0
explorer_due=0
explorer_killed=0
status=0
for name in "${names[@]}"; do
  patch=$root/Tests/Mutation/Mutants/$name.patch
  models=$(header "$patch" Models)
  filter=$(header "$patch" Tests)
  explorer=$(header "$patch" Explorer)
  start=$SECONDS
  if ! (cd "$work" && git apply "$patch"); then
    echo "run.sh: $name does not apply" >&2
    exit 2
  fi
  applied=$patch
  if ! build "$name"; then
    tail -n 20 "$log/$name.build" >&2
    echo "run.sh: $name does not build" >&2
    exit 2
  fi
  # Killed by the tests: the names of the first tests that failed (or a hang).
  by_tests="survived"
  if (cd "$work" && timeout 300 swift test --skip-build --filter "$filter" >"$log/$name.test" 2>&1); then
    status=1
  else
    code=$?
    failed=$(sed -n 's/^✘ Test \(.*\) recorded an issue.*/\1/p' "$log/$name.test" |
      awk '!seen[$0]++' | head -n 2 | paste -sd';' | sed 's/;/; /g')
    [ "$code" = 124 ] && failed="a hang (timeout)"
    by_tests="killed by ${failed:-a failing test run}"
    killed=$((killed + 1))
  fi
  # Killed by the explorer: the invariant it reports violated.
  by_explorer="—"
  case "$explorer" in
    yes*)
      depth=$(echo "$explorer" | awk '{print $2}')
      explorer_due=$((explorer_due + 1))
      swift build --package-path "$work" --product login-explore >>"$log/$name.build" 2>&1
      if (cd "$work" && timeout 900 .build/debug/login-explore --depth "${depth:-8}" \
        --answer-times standard >"$log/$name.explore" 2>&1); then
        by_explorer="survived"
        status=1
      else
        invariant=$(sed -n 's/.*invariant \([0-9]*\. [a-z-]*\) violated.*/\1/p' \
          "$log/$name.explore" | head -n 1)
        by_explorer="killed by ${invariant:-its exit status}"
        explorer_killed=$((explorer_killed + 1))
      fi
      ;;
    no,*) by_explorer="not run: ${explorer#no, }" ;;
  esac
  (cd "$work" && git apply -R "$patch")
  applied=""
  seconds=$((SECONDS - start))
  rows+=("| \`$name\` | $models | $by_tests | $by_explorer | $seconds s |")
  echo "$name: tests: $by_tests; explorer: $by_explorer ($seconds s)"
done

equivalent=()
for patch in Tests/Mutation/Equivalent/*.patch; do
  [ -e "$patch" ] || continue
  equivalent+=("| \`$(basename "$patch" .patch)\` | $(header "$patch" Models) | $(header "$patch" Why) |")
done

table=$(
  echo "| mutant | the mistake it plants | tests | explorer | time |"
  echo "|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Score: the tests kill $killed of ${#names[@]} mutants; the explorer kills" \
    "$explorer_killed of the $explorer_due in code it runs."
  if [ ${#equivalent[@]} -gt 0 ]; then
    echo
    echo "Equivalent mutants (no observable difference; not counted):"
    echo
    echo "| mutant | the change | why nothing can tell |"
    echo "|---|---|---|"
    printf '%s\n' "${equivalent[@]}"
  fi
)
echo
echo "$table"

if $write_docs; then
  python3 - "$table" <<'EOF'
import pathlib, sys
path = pathlib.Path("Docs/Testing.md")
text = path.read_text()
begin = "<!-- mutation-table: written by Tests/Mutation/run.sh --write-docs -->\n"
end = "<!-- end of mutation-table -->\n"
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
path.write_text(head + begin + sys.argv[1].strip() + "\n" + end + tail)
EOF
  echo "run.sh: Docs/Testing.md has the table; its DocC copy follows with" \
    "SNAPSHOT_RECORD=all swift test --filter ReferenceArticleTests"
fi
exit $status
