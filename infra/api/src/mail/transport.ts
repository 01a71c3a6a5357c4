/**
 * Where mails go: an SMTP server (`SMTP_URL`, pooled connections) or, without one, files in an
 * outbox folder under DATA_DIR (one `.eml` per mail, openable by any mail program), so the
 * one-process install works end to end and a developer reads what would have been sent.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Derived from the message's idempotency key: a mail sent again after a crash carries the same id. */
  messageId: string;
  headers?: Record<string, string>;
}

export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface MailTransport {
  /** `smtp` or `outbox`, and where (for the start-up log). */
  kind: 'smtp' | 'outbox';
  where: string;
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

interface SmtpError {
  message?: string;
  responseCode?: number;
  command?: string;
  response?: string;
}

/**
 * A 5xx refusal of the recipient or the message is permanent (a hard bounce); every other failure
 * (4xx, connection, time-out, and our own credentials refused) is worth trying again later.
 */
export function classifySmtpError(error: unknown): SendOutcome {
  const e = (error ?? {}) as SmtpError;
  const code = Number(e.responseCode ?? 0);
  const credentials = /^AUTH/i.test(e.command ?? '') || code === 530 || code === 535;
  const permanent = code >= 500 && code < 600 && !credentials;
  return { ok: false, permanent, error: (e.response || e.message || String(error)).slice(0, 500) };
}

export interface TransportOptions {
  smtpUrl?: string | undefined;
  outboxDir: string;
  /** Parallel SMTP connections (default 5). */
  connections?: number;
}

export function createMailTransport({ smtpUrl, outboxDir, connections = 5 }: TransportOptions): MailTransport {
  if (smtpUrl) {
    const transporter: Transporter = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      maxMessages: Infinity,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    const where = (() => {
      try {
        const url = new URL(smtpUrl);
        return `${url.protocol}//${url.host}`;
      } catch {
        return 'SMTP_URL';
      }
    })();
    return {
      kind: 'smtp',
      where,
      async send(mail) {
        try {
          await transporter.sendMail(mail);
          return { ok: true };
        } catch (error) {
          return classifySmtpError(error);
        }
      },
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'outbox',
    where: outboxDir,
    async send(mail) {
      try {
        ready ??= mkdir(outboxDir, { recursive: true });
        await ready;
        const info = (await transporter.sendMail(mail)) as { message: Buffer };
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const name = `${stamp}-${createHash('sha256').update(mail.messageId).digest('hex').slice(0, 12)}.eml`;
        await writeFile(join(outboxDir, name), info.message);
        return { ok: true };
      } catch (error) {
        return { ok: false, permanent: false, error: String((error as Error).message ?? error).slice(0, 500) };
      }
    },
    close: () => transporter.close(),
  };
}
