// Runs the browser suite in Debian's Chromium; never downloads a browser. Outside CI a machine
// without Chromium skips the suite with a clear message; in CI a missing Chromium is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const text = `Chromium not found at ${chromium}: install Debian's chromium package (apt-get install chromium) or set CHROME_PATH.`;
  if (process.env.CI === 'true') {
    console.error(`FAIL: ${text}`);
    process.exit(1);
  }
  console.warn(`SKIPPED the browser tests. ${text}`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(result.status ?? 1);
