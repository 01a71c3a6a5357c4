// A counting SMTP sink for bench:email, in a process of its own (the bench's load generator blocks
// its own event loop). Accepts every message, keeps nothing but counts; `GET /count` answers them.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

let messages = 0;
let firstAt = 0;
let lastAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  maxClients: 100,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      messages += session.envelope.rcptTo.length;
      lastAt = Date.now();
      firstAt ||= lastAt;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const http = createServer((_request, response) => response.end(JSON.stringify({ messages, firstAt, lastAt })));
await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({ smtpPort: smtp.server.address().port, httpPort: http.address().port })}\n`);
