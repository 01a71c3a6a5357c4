// What the run must prove, read back from each instance directly (not through the balancer), once
// the load is over. Each check answers `{ name, pass, detail, problems }`; a check that cannot run
// (an instance refuses the token, say) fails with its reason instead of stopping the others.
import sharp from 'sharp';
import { call, Session } from './api.mjs';
import { sleep } from './processes.mjs';

const MAX_LISTED = 8;
const list = (problems) => problems.slice(0, MAX_LISTED).concat(problems.length > MAX_LISTED ? [`… and ${problems.length - MAX_LISTED} more`] : []);
const check = (name, problems, detail) => ({ name, pass: problems.length === 0, detail, problems: list(problems) });
const count = (items, outcome) => items.filter((item) => item.outcome === outcome).length;

/** A token signed by either instance works on the other (the signing key is shared through the database). */
async function sessionsShared(sessions, result) {
  const tokens = await Promise.all(sessions.map((session) => session.token()));
  const problems = [];
  if (result.tokenRefusals) problems.push(`during the load the admin's token was refused ${result.tokenRefusals} times (401) and signed in again`);
  for (const [signedBy, askedOf] of [
    [0, 1],
    [1, 0],
  ]) {
    const answer = await call(sessions[askedOf].base, '/api/FooterItem/GetAllFooterItems', { token: tokens[signedBy] });
    if (!answer.ok) problems.push(`a token signed by instance ${sessions[signedBy].name} answered ${answer.status} by instance ${sessions[askedOf].name}`);
  }
  return check('sessions: a token signed by one instance is accepted by the other', problems, `both directions; the admin session of the load signed in ${result.signIns} time(s)`);
}

/**
 * A visitor's connection cut while instance A was being killed: nginx had already passed A's answer
 * on when A died, so it can neither retry it elsewhere nor finish it (a browser shows a broken
 * page and reloads). Only a cut (no HTTP status) of a request in flight at the kill counts as such;
 * any 5xx, or a cut at any other moment, is a failure.
 */
const cutByKill = (failure, kill) => kill && failure.status === 0 && failure.startedAt <= kill.to && failure.at >= kill.from;

function visitorsAnswered(result) {
  const cut = result.visitFailures.filter((f) => cutByKill(f, result.kill));
  const problems = result.visitFailures.filter((f) => !cut.includes(f)).map((f) => `${f.at.toFixed(1)} s ${f.url}: ${f.status || f.error}`);
  if (result.visits === 0) problems.push('no visitor request was made');
  const detail = `${result.visits} requests, ${result.visitFailures.length - cut.length} not 2xx${cut.length ? `, ${cut.length} in flight on the killed instance cut mid-answer (not failures)` : ''}`;
  return check('visitors: every request answered 2xx through the balancer (those in flight on the killed instance may be cut)', problems, detail);
}

function writesAnswered(result) {
  const edits = [...result.footerEdits.values()].flat();
  const refused = [...result.deals.map((d) => ({ ...d, what: `deal "${d.fields.name}"` })), ...edits.map((e) => ({ ...e, what: `footer label "${e.label}"` }))].filter((w) => w.outcome === 'refused');
  const problems = refused.map((w) => `${w.what}: ${w.status} ${JSON.stringify(w.body)?.slice(0, 120)}`);
  const all = result.deals.length + edits.length;
  const detail = `${all} writes: ${count(result.deals, 'acknowledged') + count(edits, 'acknowledged')} acknowledged, ${count(result.deals, 'no answer') + count(edits, 'no answer')} without an answer (not failures), ${refused.length} refused`;
  return check('staff writes: none refused (only the dying instance may leave one unanswered)', problems, detail);
}

/** Every acknowledged deal, as each instance reads it: present, with the fields that were sent. */
async function dealsKept(result, sessions, products, runId) {
  const acknowledged = result.deals.filter((d) => d.outcome === 'acknowledged');
  const problems = [];
  for (const deal of acknowledged) {
    for (const session of sessions) {
      const answer = await session.call(`/api/Product/GetProductById?productId=${deal.id}`);
      if (!answer.ok) {
        problems.push(`deal ${deal.id} "${deal.fields.name}" on ${session.name}: ${answer.status || answer.error}`);
        continue;
      }
      products.set(`${session.name}:${deal.id}`, answer.body);
      const got = answer.body;
      const wrong = ['name', 'categoryId', 'currentPrice', 'previousPrice', 'link', 'promoCode', 'isActive'].filter((field) => got[field] !== deal.fields[field]);
      if (JSON.stringify(got.productTypeIds) !== JSON.stringify(deal.fields.productTypeIds)) wrong.push('productTypeIds');
      if (!got.productImages?.length) wrong.push('image');
      if (wrong.length) problems.push(`deal ${deal.id} on ${session.name}: ${wrong.join(', ')} differ`);
    }
  }
  // Nothing applied twice (a balancer must not replay a create): each name of the run at most once.
  const listing = await sessions[0].call('/api/Product/GetAllProducts?isActive=');
  if (!listing.ok) problems.push(`listing the deals answered ${listing.status || listing.error}`);
  else {
    const names = listing.body.map((deal) => deal.name).filter((name) => name.endsWith(` ${runId}`));
    const twice = names.filter((name, i) => names.indexOf(name) !== i);
    if (twice.length) problems.push(`created twice: ${[...new Set(twice)].join(', ')}`);
  }
  return check('deals: every acknowledged creation is there, as sent, on both instances, and none twice', problems, `${acknowledged.length} acknowledged (${count(result.deals, 'no answer')} unanswered, not checked)`);
}

/** The last acknowledged label of each footer item (or a later one whose answer was lost), in the admin API and the public site info of both. */
async function cmsEditsKept(result, sessions) {
  const problems = [];
  // Another instance's edit reaches the cached site info within a second (the shared content version).
  await sleep(1500);
  const siteInfos = await Promise.all(sessions.map((session) => call(session.base, '/api/Home/GetCMSInfo')));
  let checked = 0;
  for (const [id, edits] of result.footerEdits) {
    const lastAck = edits.findLastIndex((e) => e.outcome === 'acknowledged');
    if (lastAck < 0) continue;
    checked++;
    const allowed = [edits[lastAck].label, ...edits.slice(lastAck + 1).filter((e) => e.outcome === 'no answer').map((e) => e.label)];
    for (const [i, session] of sessions.entries()) {
      const answer = await session.call(`/api/FooterItem/GetFooterItemById?footerItemId=${id}`);
      if (!answer.ok) problems.push(`footer item ${id} on ${session.name}: ${answer.status || answer.error}`);
      else if (!allowed.includes(answer.body.label)) problems.push(`footer item ${id} on ${session.name} reads "${answer.body.label}", acknowledged last: "${allowed[0]}"`);
      const footer = siteInfos[i].body?.footerItems?.map((item) => item.label) ?? [];
      if (!footer.some((label) => allowed.includes(label))) problems.push(`the public footer of ${session.name} does not show "${allowed[0]}"`);
    }
  }
  if (checked === 0) problems.push('no CMS edit was acknowledged');
  const edits = [...result.footerEdits.values()].flat();
  return check('CMS edits: the last acknowledged value is read back from both (admin API and public site info)', problems, `${edits.length} edits of ${result.footerEdits.size} footer items`);
}

const pixels = (bytes) => sharp(bytes).raw().toBuffer();
const samePixels = async (a, b) => (await pixels(a)).equals(await pixels(b));

/** Every uploaded image, original and a `?w=` size the public site asks for, served alike by both instances. */
async function imagesShared(result, sessions, products) {
  const problems = [];
  let files = 0;
  for (const deal of result.deals.filter((d) => d.outcome === 'acknowledged')) {
    const filePath = products.get(`${sessions[0].name}:${deal.id}`)?.imageUrl ?? products.get(`${sessions[1].name}:${deal.id}`)?.imageUrl;
    if (!filePath) {
      problems.push(`deal ${deal.id}: no image path to check`);
      continue;
    }
    for (const query of ['', '?w=320']) {
      files++;
      // One instance after the other: the first may render the size and store it, the second must
      // serve what the first stored. (Both at once would also race two writes of the same key,
      // which s3rver, unlike S3, does not make atomic: a reader may get the object cut short.)
      const answers = [];
      for (const session of sessions) answers.push(await call(session.base, `/api/Attachments/${encodeURIComponent(filePath)}${query}`, { as: 'bytes' }));
      const failed = answers
        .map((a, i) => (a.ok && /^image\//.test(a.type ?? '') && a.body.length > 0 ? null : `${sessions[i].name} ${a.status || a.error} (${a.type ?? 'no type'}, ${a.body?.length ?? 0} bytes)`))
        .filter(Boolean);
      if (failed.length) problems.push(`${filePath}${query} (deal ${deal.id}): ${failed.join(', ')}`);
      else if (!answers[0].body.equals(answers[1].body)) problems.push(`${filePath}${query}: the two instances serve different bytes`);
      // The stored original is re-encoded (metadata dropped), losslessly: its pixels are the upload's.
      else if (!query && !(await samePixels(answers[0].body, deal.image))) problems.push(`${filePath} (deal ${deal.id}): not the pixels uploaded`);
    }
  }
  return check('images: every upload served 200 by both instances, the same bytes (the original, with the uploaded pixels, and ?w=320)', problems, `${files} files checked`);
}

function throttleShared(result) {
  const attempts = result.throttle;
  const problems = [];
  const statuses = attempts.map((a) => `${a.instance}:${a.status}`).join(' ');
  attempts.forEach((attempt, i) => {
    const expected = i < 5 ? 401 : 429;
    if (attempt.status !== expected) problems.push(`attempt ${i + 1} (instance ${attempt.instance}, ${attempt.ip}) answered ${attempt.status}, expected ${expected}`);
  });
  if (attempts.length < 8) problems.push(`only ${attempts.length} attempts answered (at least 8 needed)`);
  for (const name of ['A', 'B']) {
    if (!attempts.slice(0, 5).some((a) => a.instance === name)) problems.push(`instance ${name} answered none of the first 5 attempts`);
    if (!attempts.slice(5).some((a) => a.instance === name && a.status === 429)) problems.push(`instance ${name} never answered 429`);
  }
  return check('sign-in throttle: 5 wrong passwords in all answered 401, every later one 429, on either instance', problems, `${attempts.length} attempts for "${result.throttleUser}": ${statuses}`);
}

/** Waits (up to `waitMs`) for the notification's history row to end; then every test device must have had exactly one request. */
async function pushOnce(result, session, receiver, devices, waitMs) {
  const problems = [];
  const push = result.push;
  let row = null;
  if (!push || !push.id) problems.push(`sending the notification answered ${push?.status} ${JSON.stringify(push?.error)}`);
  else {
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const history = await session.call('/api/PushNotificationHistory/GetPushNotificationHistory');
      row = history.ok ? history.body.find((r) => r.id === push.id) : null;
      if (row && (row.status === 'done' || row.status === 'failed')) break;
      await sleep(500);
    }
    // A duplicate would arrive right after the first: give it a moment.
    await sleep(1000);
    if (!row) problems.push(`history row ${push.id} not found`);
    else if (row.status !== 'done') problems.push(`history row ${push.id} is "${row.status}" after ${waitMs / 1000} s`);
    else if (row.numberOfDevicesNotificationSentTo !== devices.length) problems.push(`history says sent to ${row.numberOfDevicesNotificationSentTo} of ${devices.length} devices`);
    if (!push.bothUp) problems.push('instance A was not back when the notification was sent');
  }
  for (const device of devices) {
    const got = receiver.received.get(device.path) ?? [];
    if (got.length !== 1) problems.push(`${device.path} received ${got.length} requests`);
    else if (!got[0].vapid || got[0].encoding !== 'aes128gcm') problems.push(`${device.path}: not a VAPID-signed aes128gcm push`);
  }
  const others = [...receiver.received.keys()].filter((p) => !devices.some((d) => d.path === p));
  if (others.length) problems.push(`unexpected pushes to ${others.join(', ')}`);
  const perDevice = devices.map((d) => `${d.path} ×${receiver.received.get(d.path)?.length ?? 0}`).join(', ');
  return check(`push: a notification sent mid-run reached each of the ${devices.length} devices exactly once`, problems, `${perDevice}; history: ${row ? `${row.status}, ${row.numberOfDevicesNotificationSentTo}/${row.numberOfTargets}` : 'none'}`);
}

function restarted(result) {
  const problems = result.restartReadyMs === undefined ? [`instance A did not come back: ${result.restartError ?? 'not ready in time'}`] : [];
  return check('restart: the killed instance came back and served', problems, result.restartReadyMs === undefined ? '' : `ready ${(result.restartReadyMs / 1000).toFixed(1)} s after its start`);
}

/** Runs every check; answers them in report order. */
export async function runChecks({ stack, result, devices, runId, pushWaitMs = 30_000 }) {
  const sessions = stack.instances.map((instance) => Object.assign(new Session(instance.base), { name: instance.name }));
  const checks = [];
  const guard = async (name, run) => {
    try {
      checks.push(await run());
    } catch (error) {
      checks.push(check(name, [`could not check: ${error.message}`], ''));
    }
  };
  const products = new Map();
  // The push has been under way since mid-run: its check waits first, so the others read a quiet cluster.
  await guard('push', () => pushOnce(result, sessions[1], stack.push, devices, pushWaitMs));
  await guard('sessions', () => sessionsShared(sessions, result));
  checks.push(visitorsAnswered(result));
  checks.push(writesAnswered(result));
  await guard('deals', () => dealsKept(result, sessions, products, runId));
  await guard('CMS edits', () => cmsEditsKept(result, sessions));
  await guard('images', () => imagesShared(result, sessions, products));
  checks.push(throttleShared(result));
  checks.push(restarted(result));
  // Report order: as the issue lists them.
  const order = ['visitors', 'staff writes', 'deals', 'CMS', 'images', 'sign-in', 'push', 'sessions', 'restart'];
  return checks.sort((a, b) => order.findIndex((o) => a.name.startsWith(o)) - order.findIndex((o) => b.name.startsWith(o)));
}
