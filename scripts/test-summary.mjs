#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Sums Playwright's and Vitest's JSON reports into the closing line "tests: N passed, N failed",
// after naming each failed test with the first lines of its message (CI keeps only the log's tail).
// Usage: test-summary.mjs <playwright.json> <vitest.json>...
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const [playwrightFile, ...vitestFiles] = process.argv.slice(2);
const firstLines = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 6)
    .map((l) => `    ${l.slice(0, 240)}`)
    .join('\n');

for (const file of vitestFiles) {
  if (!existsSync(file)) {
    failed += 1;
    failures.push(`vitest wrote no report ${file}`);
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  for (const f of r.testResults ?? []) {
    const asserted = f.assertionResults ?? [];
    // A test file that failed before running any test (import or setup error) counts as one failure.
    if (f.status === 'failed' && asserted.length === 0) {
      failed += 1;
      failures.push(`${f.name}\n${firstLines(f.message)}`);
    }
    for (const a of asserted) {
      if (a.status === 'failed') {
        failures.push(`${f.name} › ${a.fullName}\n${firstLines((a.failureMessages ?? []).join('\n'))}`);
      }
    }
  }
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (playwrightFile && existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  const s = report.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = (t.results ?? []).at(-1);
        failures.push(`${file ?? suite.file} › ${spec.title}\n${firstLines(last?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file ?? suite.file);
  };
  for (const suite of report.suites ?? []) visit(suite);
  // Errors of the run itself (its web server could not start, global setup threw): no test ran, or not all.
  for (const e of report.errors ?? []) {
    failed += 1;
    failures.push(`playwright run\n${firstLines(e.message)}`);
  }
} else {
  failed += 1;
  failures.push('playwright wrote no report');
}
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
