/**
 * Email end to end against a real SMTP server (test-support/smtp.ts): double opt-in, matching
 * (words and stores, instant and daily), once per deal and address, unsubscribe by the one-click
 * header and by the manage link, bounces and deferrals, deletion after the grace, staff password
 * links (reset, invitation; expired, reused, forged), the console, and two instances sending one
 * digest with one of them restarted in the middle.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EMAIL_MESSAGES, MESSAGES, type EmailSend } from '@deals/contract';
import { buildApp, type AppOptions } from '../../../app.js';
import { announceLiveDeal } from '../../../push/announce-deal.js';
import { createSharedTestDatabase, type TestDatabase } from '../../../test-support/database.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertDeal } from '../../../test-support/deals.js';
import { addProductType, addStore } from '../../../test-support/search.js';
import { startTestSmtp, type CapturedMail, type TestSmtp } from '../../../test-support/smtp.js';
import { createTestStaff, createTestUser, type TestStaff } from '../../../test-support/staff.js';
import { authenticate, nextIp } from '../../../test-support/users.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tokenIn = (url: string) => new URL(url).searchParams.get('token')!;
const mailOptions = (smtp: TestSmtp) => ({ smtpUrl: smtp.url, relayMs: 100, sweepMs: 500, scheduleDigest: false, retryBaseSeconds: 1, leaseSeconds: 2, connections: 2 });

describe('email alerts and password links', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let people: TestStaff;
  let acme: number;
  let globex: number;
  let coupons: number;

  const post = (url: string, payload: object, ip = nextIp()) => t.app.inject({ method: 'POST', url: `/api/${url}`, payload, remoteAddress: ip });
  const subscribe = (body: Record<string, unknown>) => post('EmailAlerts/Subscribe', { words: [], storeIds: [], frequency: 'INSTANT', ...body });
  const linkOf = (mail: CapturedMail, path: string) => mail.links.find((l) => l.includes(path))!;
  /** Subscribes and opens the confirmation link; answers the manage token. */
  const confirmed = async (email: string, body: Record<string, unknown>) => {
    const before = smtp.to(email).length;
    assert.equal((await subscribe({ email, ...body })).statusCode, 200);
    await smtp.waitFor(() => smtp.to(email).length > before);
    const mail = smtp.to(email).at(-1)!;
    const res = await post('EmailAlerts/Confirm', { token: tokenIn(linkOf(mail, '/email-alerts/confirm')) });
    assert.equal(res.statusCode, 200, res.body);
    return res;
  };
  const goLive = async (fields: Record<string, unknown>) => {
    const id = await insertDeal(t.app, { categoryId: acme, productTypeIds: [coupons], ...fields });
    await t.app.db.transaction((tx) => announceLiveDeal(tx, id));
    t.app.mail.wake();
    return id;
  };
  const subscription = async (email: string) =>
    rowsOf<{ id: number; status: string; frequency: string; consent_ip: string | null }>(
      await t.app.db.execute(sql`SELECT id, status, frequency, consent_ip FROM email_alert_subscriptions WHERE email_key = ${email.toLowerCase()}`),
    )[0];
  const settle = async () => {
    // Long enough for the relay (100 ms), a job poll (500 ms) and a send.
    await sleep(1500);
  };

  before(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ mail: mailOptions(smtp), jobs: { pollingIntervalSeconds: 0.5 }, env: { PUBLIC_URL: 'https://deals.example' } });
    people = await createTestStaff(t.app);
    acme = await addStore(t.app, 'Acme');
    globex = await addStore(t.app, 'Globex');
    coupons = await addProductType(t.app, 'Coupons');
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  it('checks a subscription with the contract messages and answers the same for a known address', async () => {
    const bad = await subscribe({ email: 'not-an-email', words: [], storeIds: [], frequency: 'WEEKLY' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors.email, EMAIL_MESSAGES.emailInvalid);
    assert.equal(bad.json().errors.frequency, EMAIL_MESSAGES.frequencyInvalid);
    assert.equal((await subscribe({ email: 'a@example.com' })).json().errors.words, EMAIL_MESSAGES.followsRequired);
    assert.equal((await subscribe({ email: 'a@example.com', words: ['x'] })).json().errors.words, EMAIL_MESSAGES.wordLength);
    assert.equal((await subscribe({ email: 'a@example.com', storeIds: [999_999] })).json().errors.storeIds, EMAIL_MESSAGES.storeUnknown);
    const many = Array.from({ length: 21 }, (_, i) => `word${i}`);
    assert.equal((await subscribe({ email: 'a@example.com', words: many })).json().errors.words, EMAIL_MESSAGES.tooMany);
    assert.equal(await subscription('a@example.com'), undefined, 'nothing stored for a refused request');

    const first = await subscribe({ email: 'Same@Example.com', words: ['Lego'] });
    const again = await subscribe({ email: 'same@example.com', words: ['lego'] });
    assert.deepEqual([first.statusCode, first.json()], [200, { message: EMAIL_MESSAGES.subscribed }]);
    assert.deepEqual(again.json(), first.json());
    assert.equal(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM email_alert_subscriptions WHERE email_key = 'same@example.com'`))[0]!.n, 1);
  });

  it('sends nothing but the confirmation until its link is opened, then alerts once per deal with one-click unsubscribe', async () => {
    const email = 'visitor@example.com';
    assert.equal((await subscribe({ email, words: ['LEGO'], storeIds: [globex] })).statusCode, 200);
    const [confirmation] = await smtp.waitFor(() => smtp.to(email).length === 1).then(() => smtp.to(email));
    assert.match(confirmation!.subject, /Confirm your deal alerts/);
    assert.ok(confirmation!.text.includes('Confirm my alerts') || confirmation!.text.toLowerCase().includes('confirm'), 'a plain-text part');
    assert.ok(confirmation!.html.includes('<html'), 'an HTML part');
    await goLive({ name: 'LEGO Star Wars set, before consent' });
    await settle();
    assert.equal(smtp.to(email).length, 1, 'no alert before the address is confirmed');
    assert.equal((await subscription(email))!.status, 'PENDING');

    assert.equal((await post('EmailAlerts/Confirm', { token: 'c1.1.forged' })).statusCode, 400);
    const opened = await post('EmailAlerts/Confirm', { token: tokenIn(linkOf(confirmation!, '/email-alerts/confirm')) }, '203.0.113.9');
    assert.equal(opened.statusCode, 200, opened.body);
    assert.equal(opened.json().message, EMAIL_MESSAGES.confirmed);
    assert.deepEqual(opened.json().subscription.words, ['lego']);
    assert.deepEqual(opened.json().subscription.stores, [{ id: globex, name: 'Globex' }]);
    assert.equal(opened.json().subscription.email, 'v******@example.com');
    assert.deepEqual([(await subscription(email))!.status, (await subscription(email))!.consent_ip], ['CONFIRMED', '203.0.113.9']);

    const lego = await goLive({ name: 'Lego® Technic crane – 30% off' });
    await goLive({ name: 'Legolas figure' });
    const globexDeal = await goLive({ name: 'Anvil', categoryId: globex });
    await smtp.waitFor(() => smtp.to(email).length === 3);
    await settle();
    const alerts = smtp.to(email).slice(1);
    assert.equal(alerts.length, 2, 'the Legolas figure matches nothing');
    const legoMail = alerts.find((m) => m.subject.includes('Technic'))!;
    assert.equal(legoMail.subject, 'New deal: Lego® Technic crane – 30% off');
    assert.ok(legoMail.html.includes(`https://deals.example/deal/details/${lego}`));
    assert.ok(legoMail.text.includes(`https://deals.example/deal/details/${lego}`), 'the text part links the deal too');
    assert.ok(legoMail.text.includes('Matches: lego'));
    assert.ok(alerts.some((m) => m.html.includes(`/deal/details/${globexDeal}`) && m.text.includes('Matches: Globex')));
    assert.equal(legoMail.header('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    const header = legoMail.header('list-unsubscribe') ?? '';
    const oneClick = /<([^>]+)>/.exec(header)![1]!;
    assert.ok(oneClick.startsWith('https://deals.example/api/EmailAlerts/Unsubscribe?token='));

    // Announcing the same deal again (an edit, the go-live job, another instance) mails nobody twice.
    await t.app.db.transaction((tx) => announceLiveDeal(tx, lego));
    t.app.mail.wake();
    await settle();
    assert.equal(smtp.to(email).length, 3);

    // RFC 8058: the mail client posts the form to the header's URL, without signing in.
    const url = new URL(oneClick);
    const res = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, EMAIL_MESSAGES.unsubscribed);
    assert.equal((await subscription(email))!.status, 'UNSUBSCRIBED');
    await goLive({ name: 'LEGO City train' });
    await settle();
    assert.equal(smtp.to(email).length, 3, 'nothing after unsubscribing');

    // The manage link still opens (to come back within the grace), and after the grace the address is gone.
    const manageToken = tokenIn(linkOf(legoMail, '/email-alerts/manage'));
    assert.equal((await post('EmailAlerts/GetSubscription', { token: manageToken })).json().subscription.status, 'UNSUBSCRIBED');
    await t.app.db.execute(sql`UPDATE email_alert_subscriptions SET ended_at = now() - interval '8 days' WHERE email_key = ${email}`);
    await t.app.mail.flush();
    assert.equal(await subscription(email), undefined);
    assert.equal(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM email_messages WHERE to_address = ${email}`))[0]!.n, 0, 'its messages go with it');
    assert.equal((await post('EmailAlerts/GetSubscription', { token: manageToken })).json().message, EMAIL_MESSAGES.linkInvalid);
  });

  it('manages a subscription by its link: changes follows and frequency, unsubscribes from the page', async () => {
    const email = 'manager@example.com';
    await confirmed(email, { words: ['drone'] });
    await goLive({ name: 'DJI Drone mini' });
    await smtp.waitFor(() => smtp.to(email).length === 2);
    const token = tokenIn(linkOf(smtp.to(email)[1]!, '/email-alerts/manage'));
    const visible = linkOf(smtp.to(email)[1]!, 'unsubscribe=1');
    assert.ok(visible.includes('/email-alerts/manage?token='), 'the visible unsubscribe link opens the manage page');
    const changed = await post('EmailAlerts/UpdateSubscription', { token, words: ['kayak'], storeIds: [acme], frequency: 'DAILY' });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual([changed.json().subscription.words, changed.json().subscription.frequency], [['kayak'], 'DAILY']);
    await goLive({ name: 'Kayak paddle' });
    await settle();
    assert.equal(smtp.to(email).length, 2, 'a daily subscriber gets no instant alert');
    const gone = await post('EmailAlerts/Unsubscribe', { token });
    assert.equal(gone.json().subscription.status, 'UNSUBSCRIBED');
    assert.equal((await post('EmailAlerts/Unsubscribe', { token })).statusCode, 200, 'twice is fine');
    assert.equal((await post('EmailAlerts/Unsubscribe', { token: `${token.slice(0, -1)}x` })).statusCode, 400, 'a forged link');
  });

  it('sends the daily digest of the day\'s matching deals, best first, once', async () => {
    const emails = ['digest-1@example.com', 'digest-2@example.org'];
    await confirmed(emails[0]!, { words: ['headphones'], frequency: 'DAILY' });
    await confirmed(emails[1]!, { storeIds: [globex], frequency: 'DAILY' });
    const day = new Date().toISOString().slice(0, 10);
    const at = t.app.mail.digestTime(day);
    const wentLive = new Date(at.getTime() - 3_600_000);
    const quiet = await insertDeal(t.app, { name: 'Sony headphones', categoryId: acme, dateTimeAdded: wentLive });
    const popular = await insertDeal(t.app, { name: 'Bose headphones', categoryId: globex, dateTimeAdded: wentLive });
    await insertDeal(t.app, { name: 'Old headphones', categoryId: acme, dateTimeAdded: new Date(at.getTime() - 30 * 3_600_000) });
    await t.app.db.execute(sql`UPDATE deal_popularity SET score = 50 WHERE product_id = ${popular}`);
    const plan = () => t.app.inject({ method: 'POST', url: `/api/EmailSends/PlanDigest?day=${day}`, headers: people.admin.headers });
    assert.equal((await t.app.inject({ method: 'POST', url: `/api/EmailSends/PlanDigest?day=${day}`, headers: people.staff.headers })).statusCode, 403);
    assert.equal((await plan()).json().messages, 2);
    assert.equal((await plan()).json().messages, 0, 'planned once, however often it runs');
    await smtp.waitFor(() => emails.every((e) => smtp.to(e).some((m) => m.subject.includes('new deal'))));
    const first = smtp.to(emails[0]!).find((m) => m.subject.includes('new deal'))!;
    assert.equal(first.subject, '2 new deals for you: Bose headphones and more');
    assert.ok(first.text.indexOf('Bose headphones') < first.text.indexOf('Sony headphones'), 'best first');
    assert.ok(!first.text.includes('Old headphones'));
    assert.ok(first.html.includes(`/deal/details/${quiet}`));
    const second = smtp.to(emails[1]!).find((m) => m.subject.includes('new deal'))!;
    // The store's deals of the day (other tests' Globex deals may fall in the window too), best first.
    assert.match(second.subject, /^\d+ new deals? for you: Bose headphones/);
  });

  it('stops mailing an address that bounced, and retries one that was deferred', async () => {
    const hard = 'gone@example.net';
    const busy = 'busy@example.net';
    await confirmed(hard, { words: ['tent'] });
    await confirmed(busy, { words: ['tent'] });
    smtp.bounce.add(hard);
    smtp.deferOnce.set(busy, 1);
    const tent = await goLive({ name: 'Camping tent' });
    await smtp.waitFor(() => smtp.to(busy).length === 2, 20_000);
    await settle();
    assert.equal((await subscription(hard))!.status, 'BOUNCED');
    const statuses = rowsOf<{ to_address: string; status: string; attempts: number }>(
      await t.app.db.execute(sql`SELECT to_address, status, attempts FROM email_messages WHERE key LIKE ${`alert:${tent}:%`} ORDER BY to_address`),
    );
    assert.deepEqual(statuses.map((s) => [s.to_address, s.status, s.attempts]), [[busy, 'delivered', 2], [hard, 'bounced', 1]]);
    await goLive({ name: 'Another tent' });
    await smtp.waitFor(() => smtp.to(busy).length === 3);
    assert.equal(smtp.to(hard).length, 1, 'only its confirmation ever arrived');

    const sends: EmailSend[] = (await t.app.inject({ url: '/api/EmailSends/GetEmailSends?pageSize=100', headers: people.admin.headers })).json().items;
    const send = sends.find((s) => s.productId === tent)!;
    assert.deepEqual([send.kind, send.total, send.delivered, send.bounced, send.queued], ['alert', 2, 1, 1, 0]);
    assert.ok(sends.some((s) => s.kind === 'confirmation' && s.delivered >= 2));
    assert.equal((await t.app.inject({ url: '/api/EmailSends/GetEmailSends', headers: people.staff.headers })).statusCode, 403);
    const counts = (await t.app.inject({ url: '/api/EmailSends/GetSubscriberCounts', headers: people.admin.headers })).json();
    const stats = (await t.app.inject({ url: '/api/Dashboard/GetStats', headers: people.admin.headers })).json();
    assert.deepEqual(stats.emailSubscribers, counts);
    assert.ok(counts.confirmed >= 3 && counts.pending >= 1);
  });

  it('recovers a staff account by email: same answer for anyone, single use, expiring, ends sessions, audited', async () => {
    const user = await createTestUser(t.app, 'forgetful', false, { email: 'forgetful@example.com' });
    const unknown = await post('Users/RequestPasswordReset', { email: 'nobody@example.com' });
    const known = await post('Users/RequestPasswordReset', { email: 'Forgetful@example.com' });
    assert.deepEqual([unknown.statusCode, unknown.json()], [200, { message: EMAIL_MESSAGES.resetRequested }]);
    assert.deepEqual(known.json(), unknown.json());
    const [mail] = await smtp.waitFor(() => smtp.to('forgetful@example.com').length === 1).then(() => smtp.to('forgetful@example.com'));
    assert.equal(smtp.to('nobody@example.com').length, 0);
    const token = tokenIn(linkOf(mail!, '/reset-password'));
    const stored = rowsOf<{ token_hash: string }>(await t.app.db.execute(sql`SELECT token_hash FROM password_tokens WHERE user_id = ${user.id}`));
    assert.ok(stored.length === 1 && stored[0]!.token_hash !== token, 'stored hashed');
    const outbox = rowsOf<{ data: string }>(await t.app.db.execute(sql`SELECT data::text FROM email_messages WHERE user_id = ${user.id}`));
    assert.ok(!outbox[0]!.data.includes(token), 'the outbox never held the token readable');

    const info = await post('Users/GetPasswordToken', { token });
    assert.deepEqual([info.json().username, info.json().purpose], ['forgetful', 'reset']);
    const mismatch = await post('Users/ResetPassword', { token, password: 'new-password-1', confirmPassword: 'other' });
    assert.equal(mismatch.json().errors.confirmPassword, MESSAGES.user.passwordsDoNotMatch);
    assert.equal((await post('Users/ResetPassword', { token, password: 'short', confirmPassword: 'short' })).json().errors.password, MESSAGES.user.passwordMin);
    const done = await post('Users/ResetPassword', { token, password: 'new-password-1', confirmPassword: 'new-password-1' });
    assert.deepEqual([done.statusCode, done.json().message], [200, EMAIL_MESSAGES.resetDone]);
    assert.equal((await t.app.inject({ url: '/api/Users/GetAllUsers', headers: user.headers })).statusCode, 401, 'the old session ended');
    assert.equal((await authenticate(t.app, 'forgetful', 'new-password-1')).statusCode, 200);
    assert.equal((await post('Users/ResetPassword', { token, password: 'new-password-2', confirmPassword: 'new-password-2' })).json().message, EMAIL_MESSAGES.resetLinkInvalid, 'used once');
    assert.equal((await post('Users/GetPasswordToken', { token: 'A'.repeat(43) })).statusCode, 400, 'forged');
    const actions = rowsOf<{ action: string; actor_name: string }>(await t.app.db.execute(sql`SELECT action, actor_name FROM audit_log WHERE record_type = 'user' AND record_id = ${String(user.id)} ORDER BY id`));
    assert.deepEqual(actions.map((a) => a.action), ['password-reset-requested', 'password-reset']);
    assert.equal(actions[1]!.actor_name, 'forgetful');

    // An expired link, and the per-user limit of mails.
    await post('Users/RequestPasswordReset', { email: 'forgetful@example.com' });
    await smtp.waitFor(() => smtp.to('forgetful@example.com').length === 2);
    const late = tokenIn(linkOf(smtp.to('forgetful@example.com')[1]!, '/reset-password'));
    await t.app.db.execute(sql`UPDATE password_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = ${user.id} AND used_at IS NULL`);
    assert.equal((await post('Users/ResetPassword', { token: late, password: 'new-password-3', confirmPassword: 'new-password-3' })).json().message, EMAIL_MESSAGES.resetLinkInvalid);
    for (let i = 0; i < 3; i++) await post('Users/RequestPasswordReset', { email: 'forgetful@example.com' });
    await settle();
    assert.equal(smtp.to('forgetful@example.com').length, 3, 'three mails per user and hour at most');
  });

  it('invites a new user to choose a password instead of typing one', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/Users/Register', headers: people.admin.headers, payload: { username: 'typed', fullName: 'Typed User', email: 'typed@example.com' } });
    assert.equal(missing.json().errors.password, MESSAGES.user.passwordRequired);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Users/Register',
      headers: people.admin.headers,
      payload: { username: 'newcomer', fullName: 'New Comer', email: 'newcomer@example.com', sendInvite: true },
    });
    assert.deepEqual([res.statusCode, res.json().message], [200, EMAIL_MESSAGES.invited]);
    const [mail] = await smtp.waitFor(() => smtp.to('newcomer@example.com').length === 1).then(() => smtp.to('newcomer@example.com'));
    assert.match(mail!.subject, /Your staff account/);
    const token = tokenIn(linkOf(mail!, '/reset-password'));
    assert.equal((await post('Users/GetPasswordToken', { token })).json().purpose, 'invite');
    assert.equal((await post('Users/ResetPassword', { token, password: 'chosen-pass-1', confirmPassword: 'chosen-pass-1' })).statusCode, 200);
    assert.equal((await authenticate(t.app, 'newcomer', 'chosen-pass-1')).statusCode, 200);
  });
});

describe('one digest sent by two instances, one restarted in the middle', () => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  const apps: FastifyInstance[] = [];

  before(async () => {
    database = await createSharedTestDatabase();
    smtp = await startTestSmtp();
  });
  after(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await database.drop();
    await smtp.close();
  });

  it('delivers every message exactly once', async () => {
    const options: AppOptions = {
      database: database.options,
      logger: false,
      jobs: { pollingIntervalSeconds: 0.5 },
      env: { PUBLIC_CACHE_TTL_MS: '0', PUBLIC_URL: 'https://deals.example' },
      mail: { ...mailOptions(smtp), batchSize: 10 },
    };
    const a = await buildApp(options);
    apps.push(a);
    await a.ready();
    const store = await addStore(a, 'Shared store');
    const count = 120;
    const subscribers = Array.from({ length: count }, (_, i) => ({ email: `reader-${i}@${['example.com', 'example.org', 'example.net'][i % 3]}` }));
    await a.db.execute(sql`
      INSERT INTO email_alert_subscriptions (email, email_key, domain, frequency, status, confirmed_at)
      SELECT r.email, r.email, split_part(r.email, '@', 2), 'DAILY', 'CONFIRMED', now() FROM jsonb_to_recordset(${JSON.stringify(subscribers)}::jsonb) AS r(email text)`);
    await a.db.execute(sql`INSERT INTO email_alert_follows (subscription_id, store_id) SELECT id, ${store} FROM email_alert_subscriptions`);
    const day = new Date().toISOString().slice(0, 10);
    await insertDeal(a, { name: 'Shared deal', categoryId: store, dateTimeAdded: new Date(a.mail.digestTime(day).getTime() - 60_000) });

    const b = await buildApp(options);
    apps.push(b);
    await b.ready();
    smtp.delayMs = 40;
    assert.equal(await a.mail.planDigest(day), count);
    await smtp.waitFor((mails) => mails.length >= 30);
    // Instance A stops in the middle of the run (its running jobs finish, it takes no more) and starts again.
    await a.close();
    const again = await buildApp(options);
    apps.push(again);
    await again.ready();
    await smtp.waitFor((mails) => mails.length >= count, 60_000);
    await sleep(1500);
    const recipients = smtp.mails.map((m) => m.to);
    assert.equal(new Set(recipients).size, count, 'every subscriber got the digest');
    assert.equal(recipients.length, count, 'and nobody got it twice');
    assert.equal(new Set(smtp.mails.map((m) => m.messageId)).size, count);
    const states = rowsOf<{ status: string; n: number }>(await b.db.execute(sql`SELECT status, count(*)::int AS n FROM email_messages GROUP BY status`));
    assert.deepEqual(states.map((s) => [s.status, Number(s.n)]), [['delivered', count]]);
  });
});
