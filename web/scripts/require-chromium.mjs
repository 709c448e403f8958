#!/usr/bin/env node
// The browser tests drive Debian's chromium; say how to get it instead of failing obscurely.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(`chromium not found: run \`apt-get install -y chromium\` as root (looked for ${path}; set CHROMIUM_PATH to use another).`);
  process.exit(1);
}
