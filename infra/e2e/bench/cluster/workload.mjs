// The load of the run, for `durationS` seconds, with Node's fetch:
// - visitor loops through nginx: the home page, the deals list, deal pages (demo deals and the
//   run's new ones), the deal search (POST) and the header's live suggestions; every answer must
//   be a 2xx, whatever happens to the instances behind the balancer;
// - staff loops through nginx, signed in as the admin: a deal with an image upload, then an edit
//   of the loop's own footer item; every attempt is kept with its outcome for the checks;
// - one loop of wrong-password sign-ins for a username nobody has, straight to the instances in
//   turn (bypassing nginx), each from another X-Forwarded-For address: the per-username throttle
//   must lock after 5 failures in all, not 5 per instance or per address;
// - the events: instance A SIGKILLed (its whole process group) at 1/3 of the time and started
//   again at 1/2; a push notification sent by the admin once both are up again.
import { call, distinctPng, multipart } from './api.mjs';
import { sleep } from './processes.mjs';

export const VISITOR_LOOPS = 8;
export const STAFF_LOOPS = 2;
const THROTTLE_USER = `cluster-nobody-${Date.now().toString(36)}`;
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' };
/** Answers of a balancer whose upstream died mid-request (or of nothing at all): the write got no answer. */
const NO_ANSWER = new Set([0, 502, 503, 504]);

/** Per-second counts and the run's events, relative to its start. */
export class Timeline {
  constructor() {
    this.t0 = Date.now();
    this.seconds = [];
    this.events = [];
  }

  at(time = Date.now()) {
    return (time - this.t0) / 1000;
  }

  count(field, time = Date.now()) {
    const second = Math.max(0, Math.floor(this.at(time)));
    for (let s = this.seconds.length; s <= second; s++) this.seconds.push({ second: s, visitOk: 0, visitFail: 0, writeOk: 0, writeNoAnswer: 0, writeRefused: 0 });
    this.seconds[second][field]++;
  }

  event(text, time = Date.now()) {
    this.events.push({ at: this.at(time), text });
  }
}

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

/** What visitors ask for: pages as a browser does, the search as the deals list does, suggestions as the header does. */
function visitorRequest({ dealIds, newDealIds, words }) {
  const word = pick(words);
  switch (Math.floor(Math.random() * 6)) {
    case 0:
      return { url: '/home', options: { headers: BROWSER } };
    case 1:
      return { url: '/deals', options: { headers: BROWSER } };
    case 2: {
      const id = newDealIds.length && Math.random() < 0.3 ? pick(newDealIds) : pick(dealIds);
      return { url: `/deal/details/${id}`, options: { headers: BROWSER } };
    }
    case 3:
    case 4:
      return { url: '/api/Home/SearchProduct', label: `SearchProduct "${word}"`, options: { method: 'POST', json: { searchTerm: word, skip: 0 } } };
    default:
      return { url: `/api/Home/SearchProductByKeyword?keyword=${encodeURIComponent(word.slice(0, 3 + Math.floor(Math.random() * 3)))}` };
  }
}

async function visitorLoop(ctx) {
  const { base, timeline, result, running } = ctx;
  while (running()) {
    const { url, label, options } = visitorRequest(ctx);
    const startedAt = timeline.at();
    const answer = await call(base, url, { ...options, as: 'bytes' });
    result.visits++;
    if (answer.ok) timeline.count('visitOk');
    else {
      timeline.count('visitFail');
      result.visitFailures.push({ startedAt, at: timeline.at(), url: label ?? url, status: answer.status, error: answer.error });
    }
    await sleep(Math.random() * 30);
  }
}

/** Counts a write's outcome; answers the outcome's name. */
function writeOutcome(timeline, answer) {
  if (answer.ok) {
    timeline.count('writeOk');
    return 'acknowledged';
  }
  if (NO_ANSWER.has(answer.status)) {
    timeline.count('writeNoAnswer');
    return 'no answer';
  }
  timeline.count('writeRefused');
  return 'refused';
}

async function staffLoop(ctx, loop) {
  const { session, catalog, timeline, result, running, newDealIds } = ctx;
  const footerItemId = catalog.footerItems[loop];
  const edits = [];
  result.footerEdits.set(footerItemId, edits);
  for (let n = 1; running(); n++) {
    // A deal with its image.
    const image = await distinctPng();
    const fields = {
      name: `Cluster deal ${loop}-${n} ${ctx.runId}`,
      categoryId: catalog.storeId,
      productTypeIds: [catalog.productTypeId],
      currentPrice: Number((10 + n + loop / 10).toFixed(2)),
      previousPrice: Number((40 + n).toFixed(2)),
      link: `https://example.com/cluster/${loop}/${n}`,
      promoCode: `CL${loop}X${n}`,
      isActive: true,
      isFeatured: false,
    };
    const sentAt = Date.now();
    const answer = await session.call('/api/Product/CreateProduct', { method: 'POST', form: multipart(fields, { image }) });
    const outcome = writeOutcome(timeline, answer);
    result.deals.push({ fields, image, outcome, status: answer.status, error: answer.error, body: answer.ok ? null : answer.body, id: answer.body?.id, at: timeline.at(sentAt) });
    if (outcome === 'acknowledged') newDealIds.push(answer.body.id);
    if (!running()) break;

    // An edit of the loop's footer item (the public footer of every page shows it).
    const label = `Cluster link ${loop} v${n}`;
    const edit = await session.call('/api/FooterItem/UpdateFooterItem', { method: 'PUT', json: { id: footerItemId, label, to: '/deals' } });
    edits.push({ label, outcome: writeOutcome(timeline, edit), status: edit.status, error: edit.error, body: edit.ok ? null : edit.body });
    await sleep(100);
  }
}

/**
 * Wrong passwords for one unknown username: eight quick attempts while both instances are up, then
 * one every few seconds (through the kill and the restart). Each goes to the other instance than
 * the one before (to the one still up while A is down) from its own address, so only the shared
 * per-username count can explain a lock.
 */
async function throttleLoop(ctx) {
  const { instances, timeline, result, running, durationS } = ctx;
  const slowPause = Math.max(1500, (durationS * 1000) / 12);
  for (let n = 0; running(); n++) {
    const order = n % 2 === 0 ? instances : [...instances].reverse();
    for (const instance of order) {
      const answer = await call(instance.base, '/api/Users/Authenticate', {
        method: 'POST',
        json: { email: THROTTLE_USER, password: `wrong-${n}` },
        headers: { 'x-forwarded-for': `198.51.100.${(n % 250) + 1}` },
      });
      if (answer.status === 0) continue; // that instance is down: the other one answers
      result.throttle.push({ at: timeline.at(), instance: instance.name, status: answer.status, ip: `198.51.100.${(n % 250) + 1}` });
      break;
    }
    await sleep(n < 8 ? 300 : slowPause);
  }
}

/** Kill at 1/3, restart at 1/2, the push once both instances answer again. */
async function events(ctx) {
  const { instances, timeline, durationS, session, result } = ctx;
  const [a] = instances;
  const until = (fraction) => sleep(Math.max(0, timeline.t0 + durationS * 1000 * fraction - Date.now()));

  await until(1 / 3);
  timeline.event('SIGKILL instance A');
  result.kill = { from: timeline.at() };
  await a.kill();
  result.kill.to = timeline.at();
  await until(1 / 2);
  timeline.event('instance A started again');
  a.spawn();
  const ready = a
    .ready()
    .then((ms) => {
      timeline.event(`instance A ready (${(ms / 1000).toFixed(1)} s after its start)`);
      result.restartReadyMs = ms;
    })
    .catch((error) => {
      timeline.event('instance A did not come back');
      result.restartError = error.message;
    });
  // Not before 60% of the run, and only once A answers again (on a slow machine that may be after
  // the load ended: the timeline says when).
  await ready;
  await until(0.6);
  timeline.event('push notification sent');
  const title = `Cluster push ${ctx.runId}`;
  const answer = await session.call(`/api/PushNotificationHistory/SendPushNotifications?title=${encodeURIComponent(title)}&message=${encodeURIComponent('Two instances, one delivery')}`, { method: 'POST' });
  result.push = { title, status: answer.status, id: answer.body?.id, error: answer.error ?? (answer.ok ? null : answer.body), at: timeline.at(), bothUp: result.restartReadyMs !== undefined };
}

/**
 * Drives the cluster for `durationS` seconds. `targets`: the demo deal ids and search words.
 * Answers everything the checks need.
 */
export async function runWorkload({ stack, session, catalog, targets, durationS, runId }) {
  const timeline = new Timeline();
  const deadline = timeline.t0 + durationS * 1000;
  const result = { timeline, visits: 0, visitFailures: [], deals: [], footerEdits: new Map(), throttle: [], throttleUser: THROTTLE_USER, push: null };
  const ctx = {
    base: stack.nginx.base,
    instances: stack.instances,
    session,
    catalog,
    timeline,
    result,
    durationS,
    runId,
    dealIds: targets.dealIds,
    words: targets.words,
    newDealIds: [],
    running: () => Date.now() < deadline,
  };
  const load = Promise.all([
    ...Array.from({ length: VISITOR_LOOPS }, () => visitorLoop(ctx)),
    ...Array.from({ length: STAFF_LOOPS }, (_, loop) => staffLoop(ctx, loop)),
    throttleLoop(ctx),
  ]).then(() => timeline.event('load ended'));
  await Promise.all([load, events(ctx)]);
  // A 401 on a staff write means an instance refused a token another one signed.
  result.tokenRefusals = session.refused;
  result.signIns = session.signIns;
  return result;
}
