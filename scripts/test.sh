#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The one test command (README "Tests", .ci/run): lint, typecheck, build, unit + integration tests
# (Vitest, against the real store), browser journeys (Playwright + Debian's Chromium). Prints one
# closing line "tests: N passed, N failed" summing both runners.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
unset AWS_CA_BUNDLE

step() { echo; echo "== $1"; }
fail() { echo "test: $1 failed" >&2; exit 1; }

step "system packages"; bash scripts/system-deps.sh || fail "system packages"
step "lint"; { biome check . && node scripts/check-spdx.mjs; } || fail "lint"
step "typecheck"; npm run -s typecheck || fail "typecheck"
step "build"; node scripts/build.mjs || fail "build"

results="$PWD/test-results"
rm -rf "$results" && mkdir -p "$results"
step "unit and integration tests (vitest)"
vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
unit=$?
step "web unit tests (vitest)"
vitest run -c packages/web/vitest.config.ts --reporter=default --reporter=json --outputFile.json="$results/vitest-web.json"
web=$?
step "browser journeys (playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" playwright test -c e2e/playwright.config.ts --reporter=list,json
e2e=$?

node scripts/test-summary.mjs "$results/playwright.json" "$results/vitest.json" "$results/vitest-web.json"
[ $unit -eq 0 ] && [ $web -eq 0 ] && [ $e2e -eq 0 ]
