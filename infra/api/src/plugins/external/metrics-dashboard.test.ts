/**
 * The Grafana dashboard (infra/deploy/grafana/deals-dashboard.json) queries only metrics this app
 * exposes: renaming a metric without the dashboard (or the other way round) fails here.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { monorepoRoot } from '../../paths.js';
import { createMetrics, METRIC_NAMES } from './metrics.js';

interface Panel {
  title: string;
  targets?: { expr: string }[];
}

describe('Grafana dashboard', () => {
  it('queries only metrics the app exposes, and shows every one of the app’s own', async () => {
    const dashboard = JSON.parse(await readFile(join(monorepoRoot, 'infra/deploy/grafana/deals-dashboard.json'), 'utf8')) as {
      panels: Panel[];
      templating: { list: { definition?: string }[] };
    };
    const metrics = await createMetrics().registry.getMetricsAsJSON();
    const exposed = new Set<string>();
    for (const metric of metrics) {
      exposed.add(metric.name);
      if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exposed.add(metric.name + suffix);
    }
    const queries = [
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ where: panel.title, expr: target.expr }))),
      ...dashboard.templating.list.filter((variable) => variable.definition).map((variable) => ({ where: 'variables', expr: variable.definition! })),
    ];
    assert.ok(queries.length > 10);
    const used = new Set<string>();
    for (const { where, expr } of queries) {
      const names = expr.match(/\bdeals_[a-z0-9_]+/g) ?? [];
      assert.ok(names.length > 0, `${where}: ${expr} reads no deals_ metric`);
      for (const name of names) {
        assert.ok(exposed.has(name), `${where}: ${name} is not exposed by the app`);
        used.add(name.replace(/_(bucket|sum|count)$/, ''));
      }
    }
    for (const name of Object.values(METRIC_NAMES)) assert.ok(used.has(name), `${name} is on no panel`);
  });
});
