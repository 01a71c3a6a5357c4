import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import { EMAIL_BLAST_MESSAGES, EMAIL_SUBSCRIBE_RATE_LIMIT, LIMITS, MESSAGES } from '@deals/contract';
import { emailSubscribers } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const SUBSCRIBE = '/api/EmailBlast/Subscribe';
const LIST = '/api/EmailBlast/GetSubscribers';

describe('EmailBlast', () => {
  let t: TestApp;
  let people: TestStaff;
  // Each test signs up from its own address so the per-IP limit only bites where it is tested.
  let ip = 0;
  const nextIp = () => `198.51.100.${++ip}`;
  const subscribe = (payload: unknown, remoteAddress = nextIp()) => t.app.inject({ method: 'POST', url: SUBSCRIBE, payload: payload as object, remoteAddress });
  const stored = async () => (await t.app.db.select({ n: count() }).from(emailSubscribers))[0]?.n;

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  it('signs an address up once, whatever its letter case, with the same answer each time', async () => {
    const from = nextIp();
    const first = await subscribe({ email: 'Jane.Doe@Example.com' }, from);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { message: EMAIL_BLAST_MESSAGES.subscribed });

    const again = await subscribe({ email: 'jane.doe@example.COM' }, from);
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json(), first.json());

    await subscribe({ email: 'sam@example.org' }, from);

    const res = await t.app.inject({ method: 'GET', url: LIST, headers: people.admin.headers });
    assert.equal(res.statusCode, 200);
    const rows = res.json();
    assert.deepEqual(
      rows.map((r: { email: string }) => r.email),
      ['sam@example.org', 'Jane.Doe@Example.com'],
    );
    assert.deepEqual(Object.keys(rows[0]).sort(), ['createdAt', 'email', 'id']);
    assert.ok(!Number.isNaN(Date.parse(rows[0].createdAt)));
  });

  it('validates the address with the spec messages and writes nothing when refused', async () => {
    const before = await stored();
    const cases: Array<[unknown, string]> = [
      [{}, MESSAGES.emailSignup.emailRequired],
      [{ email: '' }, MESSAGES.emailSignup.emailRequired],
      [{ email: 'not-an-email' }, MESSAGES.emailSignup.emailInvalid],
      [{ email: 'a@b@c.com' }, MESSAGES.emailSignup.emailInvalid],
      [{ email: ' spaced@example.com' }, MESSAGES.emailSignup.emailInvalid],
      [{ email: "x'; DROP TABLE email_subscribers; --@example.com" }, MESSAGES.emailSignup.emailInvalid],
      [{ email: '<script>@example.com' }, MESSAGES.emailSignup.emailInvalid],
      [{ email: 42 }, MESSAGES.emailSignup.emailInvalid],
      [{ email: ['a@example.com', 'b@example.com'] }, MESSAGES.emailSignup.emailInvalid],
      [{ email: { $ne: null } }, MESSAGES.emailSignup.emailInvalid],
      [{ email: `${'a'.repeat(LIMITS.emailSignup.email)}@example.com` }, `Email must be at most ${LIMITS.emailSignup.email} characters`],
    ];
    for (const [payload, message] of cases) {
      const res = await subscribe(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(res.json().errors.email, message, JSON.stringify(payload));
    }
    assert.equal(await stored(), before);
  });

  it('accepts an address of exactly the maximum length', async () => {
    // Domain labels are at most 63 characters, so the length comes from several labels.
    const valid = `max@${['d', 'e', 'f'].map((c) => c.repeat(60)).join('.')}.${'g'.repeat(LIMITS.emailSignup.email - 191)}.com`;
    assert.equal(valid.length, LIMITS.emailSignup.email);
    const res = await subscribe({ email: valid });
    assert.equal(res.statusCode, 200, res.body);
  });

  it(`limits sign-ups to ${EMAIL_SUBSCRIBE_RATE_LIMIT.max} a minute per IP address`, async () => {
    const from = nextIp();
    for (let i = 0; i < EMAIL_SUBSCRIBE_RATE_LIMIT.max; i++) {
      assert.equal((await subscribe({ email: `reader${i}@example.com` }, from)).statusCode, 200);
    }
    const before = await stored();
    const refused = await subscribe({ email: 'one-too-many@example.com' }, from);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, MESSAGES.rateLimited);
    assert.equal(await stored(), before);
    // Another address is not affected.
    assert.equal((await subscribe({ email: 'neighbour@example.com' })).statusCode, 200);
  });

  it('lists subscribers for admins only', async () => {
    for (const [headers, status] of [
      [people.staff.headers, 403],
      [{}, 401],
      [{ authorization: 'Bearer tampered.token.value' }, 401],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: LIST, headers });
      assert.equal(res.statusCode, status);
      assert.ok(res.json().message);
      assert.equal(res.json().email, undefined);
    }
  });

  it('lets anyone sign up, ignoring a bad token', async () => {
    const res = await t.app.inject({ method: 'POST', url: SUBSCRIBE, payload: { email: 'token@example.com' }, headers: { authorization: 'Bearer junk' }, remoteAddress: nextIp() });
    assert.equal(res.statusCode, 200);
  });
});
