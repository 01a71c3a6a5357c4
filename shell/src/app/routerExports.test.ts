import fs from 'node:fs';
import path from 'node:path';

// The shell provides a tree-shaken react-router to every remote (infra/build/shared.mjs): an export
// missing from infra/build/router-exports.json would be undefined at run time in production only.
const ROOT = path.resolve(__dirname, '../../..');
const PACKAGES = ['shell', 'shared-auth', 'remote-public', 'remote-catalog', 'remote-cms', 'remote-notifications', 'infra/build'];
const allowed: string[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'infra/build/router-exports.json'), 'utf8'));

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // A remote's server/ folder is its server bundle, which carries its own router (not shared).
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'server' ? [] : sources(full);
    return /\.(tsx?|jsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the shared, tree-shaken react-router', () => {
  it('offers every router export the packages import', () => {
    const used = new Set<string>();
    for (const file of PACKAGES.flatMap((pkg) => sources(path.join(ROOT, pkg, 'src')).concat(sources(path.join(ROOT, pkg, 'dev-host'))))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router(?:-dom)?'/g)) {
        for (const name of match[1]!.split(',')) {
          const clean = name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
          if (clean && !/^type\s/.test(name.trim())) used.add(clean);
        }
      }
      expect(text).not.toMatch(/import \* as \w+ from 'react-router/);
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !allowed.includes(name)).sort()).toEqual([]);
  });
});
