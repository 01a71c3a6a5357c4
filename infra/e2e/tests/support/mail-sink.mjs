// The mailbox of every address the main e2e server writes to: a plain SMTP server on 127.0.0.1
// that accepts any recipient and keeps each mail parsed, and an HTTP side the specs read them
// from (`GET /mails`), since the specs run in another process than the servers.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('MAIL_SINK_SMTP_PORT and MAIL_SINK_HTTP_PORT are required');

/** @type {{ to: string; subject: string; text: string; html: string; links: string[]; headers: Record<string, string> }[]} */
const mails = [];

/** A header as written (unfolded), not as mailparser interprets it: the specs check the exact value. */
function rawHeader(parsed, name) {
  const line = parsed.headerLines.find((header) => header.key === name)?.line;
  return line === undefined ? '' : line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
}

const smtp = new SMTPServer({
  authOptional: true,
  // Plain text only: the server's smtp:// transport would otherwise try to upgrade to TLS with a
  // certificate nobody trusts.
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      simpleParser(Buffer.concat(chunks)).then(
        (parsed) => {
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
          const headers = { 'list-unsubscribe': rawHeader(parsed, 'list-unsubscribe'), 'list-unsubscribe-post': rawHeader(parsed, 'list-unsubscribe-post') };
          for (const recipient of session.envelope.rcptTo) {
            mails.push({ to: recipient.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '', html, links, headers });
          }
          callback();
        },
        (error) => callback(error),
      );
    });
  },
});
smtp.on('error', (error) => console.error('mail sink SMTP error:', error));
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://sink');
    if (pathname === '/__health') return response.writeHead(200).end('ok');
    if (pathname === '/mails' && request.method === 'GET') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
    response.writeHead(404).end('not found');
  })
  .listen(httpPort, '127.0.0.1');
