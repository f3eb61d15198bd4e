#!/usr/bin/env bash
# The one test entry (`npm test`): types, lint, unit and integration tests, build, route JS
# budget, end-to-end tests. Every step runs even when an earlier one failed (budget and e2e need
# the build), so one run shows everything that is wrong. The last line is always
# "N passed, N failed" over the unit and e2e tests; the exit status is non-zero on any failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

reports="$(mktemp -d "${TMPDIR:-/tmp}/kwarta-test-XXXXXX")"
trap 'rm -rf "$reports"' EXIT

bold='' red='' plain=''
if [[ -t 1 ]]; then bold=$'\033[1m' red=$'\033[31m' plain=$'\033[0m'; fi

failed_steps=()
step() {
  local name="$1"
  shift
  printf '\n%s== %s%s  (%s)\n' "$bold" "$name" "$plain" "$*"
  if "$@"; then
    return 0
  else
    local status=$?
    printf '%s== %s failed (exit %s)%s\n' "$red" "$name" "$status" "$plain" >&2
    failed_steps+=("$name")
    return 1
  fi
}

# Vitest prints its usual report and also writes a JSON one we count from.
vitest_reporters() {
  printf '%s\n' --reporter=default --reporter=json "--outputFile.json=$reports/$1.json"
}

step typecheck npm run typecheck || true
step lint npm run lint || true
step format npm run format:check || true
mapfile -t unit_args < <(vitest_reporters unit)
step unit npm run test:unit -- "${unit_args[@]}" || true
if step build npm run build; then
  step budget npm run budget || true
  mapfile -t e2e_args < <(vitest_reporters e2e)
  step e2e npm run test:e2e -- "${e2e_args[@]}" || true
else
  failed_steps+=(budget e2e)
  echo "== budget and e2e skipped: the build failed" >&2
fi

# Sum the JSON reports. A test file that could not even load (syntax error, failing import)
# reports no tests: it counts as one failure. So does a run that failed (or never ran) without
# any failed test to show for it (server did not start, no test files, skipped after a broken
# build), so that "0 failed" always means the tests really ran and passed.
summary="$(node - "$reports" "${failed_steps[@]}" <<'JS'
const { existsSync, readFileSync } = require('node:fs');
const [dir, ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const run of ['unit', 'e2e']) {
  const file = `${dir}/${run}.json`;
  let runFailed = 0;
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    runFailed += report.numFailedTests ?? 0;
    for (const result of report.testResults ?? []) {
      if (result.status === 'failed' && (result.assertionResults ?? []).length === 0) runFailed += 1;
    }
  }
  if (failedSteps.includes(run) && runFailed === 0) {
    console.error(`test-all: the ${run} run failed without a failed test to show (see its output above); counted as 1 failed`);
    runFailed = 1;
  }
  failed += runFailed;
}
console.log(`${passed} passed, ${failed} failed`);
JS
)" || {
  echo "test-all: could not read the test reports" >&2
  summary="0 passed, 1 failed"
}

echo
if ((${#failed_steps[@]} > 0)); then
  echo "failed steps: ${failed_steps[*]}" >&2
fi
echo "$summary"
((${#failed_steps[@]} == 0))
