import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { insertDeal } from '../test-support/deals.js';
import { inRenderScope } from './render-scope.js';

/** Counts the app's SQL selects while `work` runs. */
async function selectsDuring(app: FastifyInstance, work: () => Promise<unknown>): Promise<number> {
  const db = app.db as unknown as { select: (...args: unknown[]) => unknown };
  const select = db.select;
  let count = 0;
  db.select = function counted(this: unknown, ...args: unknown[]) {
    count += 1;
    return select.apply(this, args);
  };
  try {
    await work();
  } finally {
    db.select = select;
  }
  return count;
}

describe('render scope', () => {
  let t: TestApp;
  let expired: number;
  before(async () => {
    t = await createTestApp();
    expired = await insertDeal(t.app, { name: 'Gone Gadget', dealExpiresIn: new Date(Date.now() - 86_400_000) });
  });
  after(() => t.close());

  const get = (path: string) => t.app.inject({ method: 'GET', url: `/api/${path}` });

  it("reads an expired deal once for the deal page's detail and availability calls", async () => {
    let answers: number[] = [];
    const reads = await selectsDuring(t.app, () =>
      inRenderScope(async () => {
        const detail = await get(`Product/GetProductDetailById?productId=${expired}`);
        const availability = await get(`Home/GetDealAvailability?productId=${expired}`);
        answers = [detail.statusCode, availability.statusCode];
        assert.equal(availability.json().live, false);
        assert.equal(availability.json().name, 'Gone Gadget');
      }),
    );
    assert.deepEqual(answers, [404, 200]);
    assert.equal(reads, 1);
  });

  it('reads afresh outside a render', async () => {
    const reads = await selectsDuring(t.app, async () => {
      await get(`Product/GetProductDetailById?productId=${expired}`);
      await get(`Home/GetDealAvailability?productId=${expired}`);
    });
    assert.equal(reads, 2);
  });
});
