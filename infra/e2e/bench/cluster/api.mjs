// The few API calls the harness makes, with Node's fetch: an outcome for every call instead of a
// throw (a request the dying instance never answered is data here, not an error), the admin's
// session, distinct PNG files for the uploads, and the catalog records the run writes into.
import sharp from 'sharp';
import { ADMIN } from './instances.mjs';

const TIMEOUT_MS = 20_000;

/**
 * One request. Answers `{ status, ok, body, error }`: `status` 0 with `error` when no answer came
 * (refused, reset, timed out); `body` is the parsed JSON, the text, or the bytes (`as: 'bytes'`).
 */
export async function call(base, pathname, { method = 'GET', json, form, token, headers = {}, as = 'auto', timeoutMs = TIMEOUT_MS } = {}) {
  const init = { method, headers: { ...headers }, signal: AbortSignal.timeout(timeoutMs) };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (json !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (form) {
    init.body = form;
  }
  try {
    const response = await fetch(base + pathname, init);
    const bytes = Buffer.from(await response.arrayBuffer());
    let body = bytes;
    if (as === 'auto') {
      body = bytes.toString('utf8');
      if ((response.headers.get('content-type') ?? '').includes('json')) {
        try {
          body = JSON.parse(body || 'null');
        } catch {
          // Kept as text: the check that reads it says what is wrong.
        }
      }
    }
    return { status: response.status, ok: response.ok, body, type: response.headers.get('content-type') };
  } catch (error) {
    return { status: 0, ok: false, body: null, error: error.cause?.code ?? error.name ?? String(error) };
  }
}

/** Signs in; answers the session or throws with the answer (the harness cannot go on without it). */
export async function signIn(base, user = ADMIN) {
  const answer = await call(base, '/api/Users/Authenticate', { method: 'POST', json: { email: user.username, password: user.password } });
  if (!answer.ok) throw new Error(`signing in as ${user.username} at ${base} answered ${answer.status} ${answer.error ?? JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The admin's session, signed in again (once) when a call answers 401. */
export class Session {
  constructor(base) {
    this.base = base;
    this.signIns = 0;
    this.refused = 0;
  }

  async token() {
    if (!this.current) {
      this.signIns++;
      this.current = (await signIn(this.base)).token;
    }
    return this.current;
  }

  /** `call` with the token; a 401 (a token this instance does not accept) signs in again and retries once. */
  async call(pathname, options = {}) {
    const first = await call(this.base, pathname, { ...options, token: await this.token() });
    if (first.status !== 401) return first;
    this.refused++;
    this.current = null;
    // (A FormData body can be sent again: fetch encodes it anew.)
    return call(this.base, pathname, { ...options, token: await this.token() });
  }
}

let pngs = 0;

/** A PNG no earlier upload of the run has: 40×40, its own colour and a stripe whose place is the counter. */
export async function distinctPng() {
  pngs++;
  const colour = { r: (pngs * 67) % 256, g: (pngs * 151) % 256, b: (pngs * 29 + 100) % 256 };
  const stripe = { input: { create: { width: 4, height: 40, channels: 3, background: { r: 255 - colour.r, g: 255 - colour.g, b: 255 - colour.b } } }, left: pngs % 36, top: 0 };
  return sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
    .composite([stripe])
    .png()
    .toBuffer();
}

export function multipart(fields, files = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  for (const [name, bytes] of Object.entries(files)) form.append(name, new Blob([bytes], { type: 'image/png' }), `${name}.png`);
  return form;
}

/**
 * What the staff loops write into: a store and a product category of the run (both with "Send
 * Notification Immediately" off, so no new-deal alert reaches the test devices), and one footer
 * item per staff loop (one writer per item, so "the last acknowledged label" is well defined).
 */
export async function createRunCatalog(session, staffLoops) {
  const ok = (answer, what) => {
    if (!answer.ok) throw new Error(`${what} answered ${answer.status} ${answer.error ?? JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const logo = await distinctPng();
  const store = ok(await session.call('/api/Category/CreateCategory', { method: 'POST', form: multipart({ name: 'Cluster Store', isActive: true, notifyImmediately: false }, { logo }) }), 'creating the store');
  const type = ok(await session.call('/api/ProductType/CreateProductType', { method: 'POST', form: multipart({ name: 'Cluster Category', isActive: true, notifyImmediately: false }, { logo }) }), 'creating the product category');
  const footerItems = [];
  for (let i = 0; i < staffLoops; i++) {
    const item = ok(await session.call('/api/FooterItem/CreateFooterItem', { method: 'POST', json: { label: `Cluster link ${i} v0`, to: '/deals' } }), 'creating a footer item');
    footerItems.push(item.id);
  }
  return { storeId: store.id, productTypeId: type.id, footerItems };
}
