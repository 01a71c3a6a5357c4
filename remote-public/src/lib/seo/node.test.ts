// The server bundle builds heads in Node: loading and rendering must need no DOM. Jest's projects
// all run in jsdom (and the shared setup needs `window`), so this runs the module in a plain Node.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const TSX = resolve(__dirname, '../../../../node_modules/.bin/tsx');

describe('in plain Node', () => {
  it('loads without a DOM and renders head tags', () => {
    const folder = mkdtempSync(join(tmpdir(), 'seo-node-'));
    const script = join(folder, 'check.ts');
    writeFileSync(
      script,
      `import { dealHead, headTagsHtml, siteFromInfo } from ${JSON.stringify(resolve(__dirname, 'index'))};
import { deal, siteInfo } from ${JSON.stringify(resolve(__dirname, '../../testing/seoFixtures'))};
const site = siteFromInfo(siteInfo(), 'https://dealdrop.example', '/api');
process.stdout.write(JSON.stringify({ dom: typeof document, html: headTagsHtml(dealHead(site, deal())) }));`,
    );
    try {
      const { dom, html } = JSON.parse(execFileSync(TSX, ['--conditions=deals-source', script], { encoding: 'utf8', cwd: resolve(__dirname, '../../..') })) as { dom: string; html: string };
      expect(dom).toBe('undefined');
      expect(html).toContain('<title data-head="">Instant Pot Duo 7-in-1 | Acme Deals</title>');
      expect(html).toContain('"priceValidUntil":"2030-06-01"');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
