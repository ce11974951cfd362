#!/usr/bin/env bash
# Counterexamples are regression tests, checked the way a user meets them: for every
# invariant, a separate release build with a bug planted that breaks it (compiled in with
# -DLOGINFLOW_PLANTED_BUGS, chosen by LOGINFLOW_PLANTED_BUG; see PlantedBug.swift) explores
# that invariant alone and writes its counterexample; the file must fail on that build
# (login-replay exit 1) and pass on the correct one (exit 0). The planted build without a
# bug named must find nothing, so that what is found is the bug and not the build.
#
# Usage: Tests/PlantedBugs/run.sh   (from anywhere; builds what it needs)
set -euo pipefail
cd "$(dirname "$0")/../.."

planted=.build/planted
swift build -c release --product login-explore
swift build -c release --product login-replay
for product in login-explore login-replay; do
  swift build -c release --scratch-path "$planted" -Xswiftc -DLOGINFLOW_PLANTED_BUGS \
    --product "$product"
done
correct_bin=$(swift build -c release --show-bin-path)
planted_bin=$(swift build -c release --scratch-path "$planted" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The invariants' names, as the explorer reports them: one planted bug for each.
names=$("$correct_bin/login-explore" --depth 1 --format json |
  python3 -c 'import json, sys; print("\n".join(json.load(sys.stdin)["invariants"]))')
[ -n "$names" ] || { echo "planted bugs: no invariant names" >&2; exit 1; }

failures=0
fail() { echo "planted bugs: $*" >&2; failures=$((failures + 1)); }

# The control: the planted build with no bug named keeps every invariant.
if ! "$planted_bin/login-explore" --answer-times standard > "$work/control.txt"; then
  fail "the planted build with no bug planted found a violation: $(tail -n 1 "$work/control.txt")"
fi

while read -r name; do
  file="$work/$name.login"
  status=0
  LOGINFLOW_PLANTED_BUG=$name "$planted_bin/login-explore" --answer-times standard \
    --invariant "$name" --counterexample "$file" --format json > "$work/$name.json" || status=$?
  found=$(python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))["violation"]
print(v["invariant"] if v else "none")' "$work/$name.json" 2>/dev/null || echo "unreadable")
  if [ "$status" -ne 1 ] || [ "$found" != "$name" ] || [ ! -s "$file" ]; then
    fail "$name: the explorer exited $status and found '$found'"
    continue
  fi
  # The store timeout the explorer assumed, as the file's header says to replay it.
  timeout=$(sed -n 's/^#   login-replay --timeout \([^ ]*\) FILE$/\1/p' "$file")
  if [ -z "$timeout" ]; then
    fail "$name: the counterexample does not say which --timeout replays it"
    continue
  fi
  broken=0
  LOGINFLOW_PLANTED_BUG=$name "$planted_bin/login-replay" --timeout "$timeout" "$file" \
    > "$work/$name.broken" 2>&1 || broken=$?
  correct=0
  "$correct_bin/login-replay" --timeout "$timeout" "$file" > "$work/$name.correct" 2>&1 ||
    correct=$?
  if [ "$broken" -ne 1 ]; then fail "$name: the broken build replays its counterexample with exit $broken, not 1"; fi
  if [ "$correct" -ne 0 ]; then
    fail "$name: the correct build replays the counterexample with exit $correct, not 0"
    tail -n 5 "$work/$name.correct" >&2
  fi
  [ "$broken" -eq 1 ] && [ "$correct" -eq 0 ] &&
    echo "$name: steps $(grep -c '^# step' "$file"); fails on the broken build, passes on the correct one"
done <<< "$names"

if [ "$failures" -ne 0 ]; then
  echo "planted bugs: $failures failed" >&2
  exit 1
fi
echo "planted bugs: every invariant's counterexample fails on its broken build and passes on the correct one"
