import type { APIRequestContext } from '@playwright/test';
import { expect } from './public';
import { PORTS } from './servers';

// The mail sink's side of the specs (support/mail-sink.mjs): what the main server sent, read as
// the recipients' mail programs would.

/** One mail as one recipient got it. */
export interface SunkMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The HTML part's hrefs, `&amp;` decoded. */
  links: string[];
  /** As written in the mail ('' when absent). */
  headers: { 'list-unsubscribe': string; 'list-unsubscribe-post': string };
}

const SINK = `http://127.0.0.1:${PORTS.mailSink}`;

/** Every mail to this address so far, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<SunkMail[]> {
  const res = await request.get(`${SINK}/mails`);
  expect(res.ok(), 'the mail sink answers').toBe(true);
  return ((await res.json()) as SunkMail[]).filter((mail) => mail.to === address.toLowerCase());
}

/**
 * Waits for a mail to the address whose subject matches (the server's mail relay and sender each
 * poll every 2 s, so a mail takes a few seconds); on time-out the message lists what did arrive.
 */
export async function waitForMail(request: APIRequestContext, address: string, subject: string | RegExp): Promise<SunkMail> {
  const matches = (mail: SunkMail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  await expect
    .poll(async () => (await mailsTo(request, address)).map((mail) => mail.subject), { message: `a mail to ${address} with the subject ${String(subject)}`, timeout: 20_000 })
    .toContainEqual(typeof subject === 'string' ? subject : expect.stringMatching(subject));
  return (await mailsTo(request, address)).find(matches)!;
}

/**
 * A link of a mail as a path on the site under test: the server writes its PUBLIC_URL
 * (`http://localhost:{port}`), the tests reach the same server at 127.0.0.1.
 */
export function onSite(link: string): string {
  const url = new URL(link);
  expect(url.port, `${link} points at the main server`).toBe(String(PORTS.main));
  return `${url.pathname}${url.search}`;
}

/** The mail's link to this path, as a path on the site under test. */
export function linkTo(mail: SunkMail, pathname: string, extra?: (url: URL) => boolean): string {
  const link = mail.links.find((href) => {
    const url = new URL(href);
    return url.pathname === pathname && (extra ? extra(url) : true);
  });
  expect(link, `a link to ${pathname} in "${mail.subject}" (it has ${mail.links.join(', ')})`).toBeDefined();
  return onSite(link!);
}
