#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone: installs node_modules when they are missing or older than
// package-lock.json, and (with --browser) Debian's Chromium for the browser tests when it is missing and we may install it.
// Plain Node, no dependencies: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';

const root = new URL('..', import.meta.url).pathname;
const lock = `${root}package-lock.json`;
const stamp = `${root}node_modules/.loopscope-lock-hash`;
const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (installed !== hash) {
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, hash);
}

if (process.argv.includes('--browser')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const ok = existsSync(chromium) && statSync(chromium).isFile();
  if (!ok) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (isRoot && existsSync('/usr/bin/apt-get')) {
      console.log('Installing Chromium for the browser tests (apt-get install -y chromium)…');
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    } else {
      console.error(
        `Browser tests need Chromium at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
  }
}
