#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// The `stowage` command: the compiled CLI (src/cli/main.ts; build with `npm run build`).
import '../dist/cli/main.js';
