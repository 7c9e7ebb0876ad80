#!/usr/bin/env node
// Sums Playwright's and Vitest's JSON reports into the closing line "tests: N passed, N failed".
// Usage: test-summary.mjs <playwright.json> <vitest.json>...
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const [playwrightFile, ...vitestFiles] = process.argv.slice(2);

for (const file of vitestFiles) {
  if (!existsSync(file)) {
    failed += 1;
    console.log(`vitest wrote no report ${file}`);
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  // A test file that failed before running any test (import or setup error) counts as one failure.
  failed += (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (playwrightFile && existsSync(playwrightFile)) {
  const s = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
} else {
  failed += 1;
  console.log('playwright wrote no report');
}
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
