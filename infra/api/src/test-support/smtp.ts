/**
 * A real SMTP server for tests (the `smtp-server` package, plain text on 127.0.0.1): it keeps every
 * mail it accepts, parsed (mailparser), refuses recipients on request (5xx: a hard bounce; 4xx:
 * try later), and can be slowed to keep messages in flight.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  /** Header values as written, by lower-case name (the first of each). */
  header(name: string): string | undefined;
  /** Every link of the HTML part. */
  links: string[];
}

export interface TestSmtp {
  url: string;
  mails: CapturedMail[];
  /** Recipients answered 550 (bounce) or 451 (later, as many times as the value says). */
  bounce: Set<string>;
  deferOnce: Map<string, number>;
  /** Milliseconds each message's data takes to be accepted. */
  delayMs: number;
  to(address: string): CapturedMail[];
  waitFor(predicate: (mails: CapturedMail[]) => boolean, timeoutMs?: number): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const state = { delayMs: 0 };
  const mails: CapturedMail[] = [];
  const bounce = new Set<string>();
  const deferOnce = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (bounce.has(to)) return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
      const times = deferOnce.get(to) ?? 0;
      if (times > 0) {
        deferOnce.set(to, times - 1);
        return callback(Object.assign(new Error('4.2.1 Mailbox busy, try later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (state.delayMs) await sleep(state.delayMs);
        const parsed = await simpleParser(Buffer.concat(chunks));
        const html = typeof parsed.html === 'string' ? parsed.html : '';
        for (const recipient of session.envelope.rcptTo) {
          mails.push({
            to: recipient.address.toLowerCase(),
            subject: parsed.subject ?? '',
            html,
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? '',
            header: (name) => {
              const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
              return line?.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
            },
            links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    bounce,
    deferOnce,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    to: (address) => mails.filter((m) => m.to === address.toLowerCase()),
    async waitFor(predicate, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate(mails)) {
        if (Date.now() > until) throw new Error(`timed out waiting for mail; have ${mails.length}: ${mails.map((m) => `${m.to} "${m.subject}"`).join('; ')}`);
        await sleep(50);
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
