/**
 * The control socket of a one-process install: a Unix socket in DATA_DIR through which the
 * process that owns the embedded database (the server, or a backup run while none is up) hands
 * out a consistent copy of it. Holding the socket is also how that process claims the folder:
 * PGlite has no lock of its own, and two processes opening one data folder would corrupt it.
 *
 * Protocol: the client writes one JSON line (`{"command":"dump"}`); the owner answers one JSON
 * line (`{"ok":true,"bytes":N,...}` or `{"ok":false,"message":"..."}`) followed by N bytes.
 */
import { chmod, lstat, mkdir, unlink } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';

export const CONTROL_SOCKET_NAME = 'control.sock';

/** Linux refuses longer socket paths (sun_path is 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

export const controlSocketPath = (dataDir: string): string => join(dataDir, CONTROL_SOCKET_NAME);

export const socketPathFits = (path: string): boolean => Buffer.byteLength(path) <= MAX_SOCKET_PATH;

export interface DumpInfo {
  /** PostgreSQL's `server_version` inside PGlite. */
  serverVersion: string;
  /** The @electric-sql/pglite package that wrote the data folder. */
  pgliteVersion: string;
  /** Migrations applied to the dumped database. */
  migrations: number;
}

export interface Dump extends DumpInfo {
  /** PGlite's `dumpDataDir()`: a tar of its data folder. */
  bytes: Buffer;
}

export class DataDirInUseError extends Error {}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Whether something answers on the socket; a socket file nobody listens on is a crash's leftover. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error) => {
      const code = errorCode(error);
      if (code === 'ECONNREFUSED' || code === 'ENOENT') resolve(false);
      else reject(error);
    });
  });
}

export interface ControlSocket {
  close(): Promise<void>;
}

/**
 * Listens on the socket (mode 0600) and answers dump requests with `dump()`. Refuses with
 * DataDirInUseError when another process answers there; removes a stale socket file first.
 */
export async function claimControlSocket(path: string, dump: () => Promise<Dump>, onError: (error: unknown) => void = () => {}): Promise<ControlSocket> {
  if (!socketPathFits(path)) throw new Error(`the control socket path is longer than ${MAX_SOCKET_PATH} bytes: ${path}`);
  await mkdir(dirname(path), { recursive: true });
  const existing = await lstat(path).catch(() => null);
  if (existing) {
    if (await answers(path)) throw new DataDirInUseError(`another process already uses this data folder (it answers on ${path})`);
    if (!existing.isSocket()) throw new Error(`${path} exists and is not a socket; move it away`);
    await unlink(path);
  }

  /** Open connections, and whether each is being answered (a dump in progress finishes). */
  const sockets = new Map<Socket, boolean>();
  const server: Server = createServer((socket) => {
    sockets.set(socket, false);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', onError);
    let request = '';
    socket.on('data', function onData(chunk) {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) {
        if (request.length > 1024) socket.destroy();
        return;
      }
      socket.off('data', onData);
      sockets.set(socket, true);
      void answer(socket, request.slice(0, request.indexOf('\n')));
    });
  });

  async function answer(socket: Socket, line: string): Promise<void> {
    try {
      const { command } = JSON.parse(line) as { command?: string };
      if (command !== 'dump') throw new Error(`unknown command ${JSON.stringify(command)}`);
      const { bytes, ...info } = await dump();
      socket.write(`${JSON.stringify({ ok: true, bytes: bytes.length, ...info })}\n`);
      socket.end(bytes);
    } catch (error) {
      onError(error);
      socket.end(`${JSON.stringify({ ok: false, message: error instanceof Error ? error.message : String(error) })}\n`);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Whoever may connect may copy the whole database: the owner only.
  await chmod(path, 0o600);

  let closed: Promise<void> | null = null;
  return {
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        // A dump being sent finishes first; an idle connection has nothing to wait for.
        server.close(() => resolve());
        for (const [socket, busy] of sockets) if (!busy) socket.destroy();
      }).then(() => unlink(path).catch(() => {}))),
  };
}

/**
 * Asks the owner of the data folder for a dump. Answers null when no process listens (no socket,
 * or a stale one): then the caller may open the database itself.
 */
export function requestDump(path: string): Promise<Dump | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    const chunks: Buffer[] = [];
    socket.once('connect', () => socket.write(`${JSON.stringify({ command: 'dump' })}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error) => {
      const code = errorCode(error);
      if (chunks.length === 0 && (code === 'ECONNREFUSED' || code === 'ENOENT')) resolve(null);
      else reject(error);
    });
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline < 0) return reject(new Error('the server closed the control socket without an answer'));
      const head = JSON.parse(all.subarray(0, newline).toString('utf8')) as { ok: boolean; message?: string; bytes?: number } & DumpInfo;
      if (!head.ok) return reject(new Error(`the server could not dump the database: ${head.message}`));
      const bytes = all.subarray(newline + 1);
      if (bytes.length !== head.bytes) return reject(new Error(`the dump was cut short (${bytes.length} of ${head.bytes} bytes)`));
      resolve({ bytes, serverVersion: head.serverVersion, pgliteVersion: head.pgliteVersion, migrations: head.migrations });
    });
  });
}
