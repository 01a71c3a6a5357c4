/**
 * How the server logs. A person at a terminal reads lines ("12:04:01 WARN: GET /home 200 in
 * 1412 ms"), a log collector reads JSON: `LOG_FORMAT=pretty|json` forces either, otherwise a
 * terminal on stdout means pretty. Pretty output leaves out the per-request "incoming request" /
 * "request completed" pair; both formats log the requests that failed (5xx) or were slow
 * (`LOG_SLOW_MS`, default 1000) with their request line and status.
 *
 * pino-pretty runs as an in-process stream with synchronous writes, not as a worker transport:
 * a transport resolves its target inside a worker thread (fragile under tsx and bundlers) and may
 * drop the last lines when the process exits at once, which is exactly when a terminal user reads
 * them (a failed start). Terminal volumes are small, so formatting on the main thread costs little.
 */
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Env } from '../options.js';

export type LogFormat = 'pretty' | 'json';

export interface LogSettings {
  format: LogFormat;
  level: string;
  /** Requests slower than this are logged (milliseconds). */
  slowMs: number;
}

export const DEFAULT_SLOW_MS = 1_000;

/** Reads LOG_FORMAT, LOG_LEVEL and LOG_SLOW_MS; a malformed value stops the start with its reason. */
export function logSettings(env: Env, isTTY: boolean): LogSettings {
  const format = env.LOG_FORMAT?.trim().toLowerCase() || (isTTY ? 'pretty' : 'json');
  if (format !== 'pretty' && format !== 'json') throw new Error(`LOG_FORMAT must be pretty or json, got "${env.LOG_FORMAT}"`);
  const slowText = env.LOG_SLOW_MS?.trim();
  const slowMs = slowText ? Number(slowText) : DEFAULT_SLOW_MS;
  if (!Number.isInteger(slowMs) || slowMs <= 0) throw new Error(`LOG_SLOW_MS must be a positive whole number of milliseconds, got "${env.LOG_SLOW_MS}"`);
  return { format, level: env.LOG_LEVEL || 'info', slowMs };
}

/** Fastify's `logger` option for these settings: pino as today for JSON, a pino-pretty stream otherwise. */
export function loggerOptions(settings: LogSettings, destination: NodeJS.WritableStream | number = 1): FastifyServerOptions['logger'] {
  if (settings.format === 'json') return typeof destination === 'number' ? { level: settings.level } : { level: settings.level, stream: destination };
  const stream = pretty({
    destination,
    sync: true,
    colorize: typeof destination === 'number' ? pretty.isColorSupported : false,
    translateTime: 'SYS:HH:MM:ss',
    // The request line is in the message; the objects and ids only repeat it.
    ignore: 'pid,hostname,reqId,req,res,responseTime,statusCode',
    singleLine: true,
  });
  return { level: settings.level, stream };
}

/** The line of a failed or slow request: "GET /deals 500 in 12 ms". */
export function requestLine(method: string, url: string, status: number, ms: number): string {
  return `${method} ${url} ${status} in ${Math.round(ms)} ms`;
}

/** An onResponse hook logging the requests that failed on our side (5xx) or took longer than `slowMs`. */
export function failedOrSlowRequests(slowMs: number) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500) request.log.error({ statusCode: status, responseTime: ms }, requestLine(request.method, request.url, status, ms));
    else if (ms > slowMs) request.log.warn({ statusCode: status, responseTime: ms }, requestLine(request.method, request.url, status, ms));
    done();
  };
}
