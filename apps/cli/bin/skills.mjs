#!/usr/bin/env node
// The `skills` command: the built CLI (apps/cli/dist/main.js) in this process when it exists, else
// its TypeScript sources in a child process through tsx (see launch.mjs).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI_DIR, fromSourceRequested, runApp } from './launch.mjs';

const built = join(CLI_DIR, 'dist', 'main.js');
if (!fromSourceRequested(process.env) && existsSync(built)) await import(pathToFileURL(built).href);
else await runApp(CLI_DIR, process.argv.slice(2), { name: 'skills', fromSource: true });
