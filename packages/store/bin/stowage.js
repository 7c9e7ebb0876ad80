#!/usr/bin/env node
// The `stowage` command: the compiled CLI (src/cli/main.ts; build with `npm run build`).
import '../dist/cli/main.js';
