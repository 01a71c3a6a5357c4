/**
 * Content-Security-Policy for the pages this server sends (visitor site, back office, other HTML)
 * and a deny-all policy for API answers.
 *
 * Inline scripts are allowed two ways at once, and a browser runs a script either one allows:
 * - a per-response nonce (`'nonce-…'`, 16 random bytes) on every page we send, carried by our own
 *   `<script>` tags only. It is what a page served straight from this server relies on.
 * - the SHA-256 hash of each of our inline scripts. Every one is fixed for the life of a process or
 *   a build (the shell's own, its run-time configuration, the server render's build info), so a hash
 *   stays true for as long as the body it came from. That keeps the copies we cannot re-stamp
 *   working: a page a shared cache or CDN keeps and serves again, and a body a browser revalidates
 *   with a 304 (the new answer's headers carry a new nonce; the old body has the old one).
 *
 * Rendered pages are cached (ssr/page-cache.ts) and a nonce must not repeat, so a cached page keeps
 * a random marker of its own in the nonce attributes of our scripts, written at render time before
 * any content is poured in; each answer replaces that marker with a fresh nonce. Content cannot
 * know the marker, so a `<script nonce=…>` inside stored HTML never gets the nonce.
 *
 * Hashes are taken only from markup we wrote (the shell build and the scripts the server adds),
 * never from a rendered document: content poured into a page (custom HTML, rich text) must not
 * get its own `<script>` allowed by a hash of itself.
 *
 * No 'strict-dynamic': it would stop 'self' and the remote origins from counting, so the shell's
 * `<script src>` and every Module Federation chunk would need a nonce or integrity hash baked in
 * at build time. Origins are enough here because nothing we serve executes strings.
 */
import { createHash, randomBytes } from 'node:crypto';
import { REMOTE_NAMES } from '@deals/contract';
import type { Env } from '../options.js';

/** Where Google's gtag.js loads from and reports to (the analytics chosen in the site settings). */
export const ANALYTICS_SOURCES = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
} as const;

/** The players rich text may embed (the sanitizer keeps only these iframes). */
const FRAME_SOURCES = ['https://www.youtube.com', 'https://youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** API answers are data, never a document: nothing may load, frame or be framed. */
export const API_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface CspSettings {
  /** Origins of remotes and the API when they are not this server (split deployments). */
  appOrigins: string[];
  /** `CSP_SCRIPT_ORIGINS`: further script origins an operator allows (a tag manager, a widget). */
  extraScriptOrigins: string[];
  /** `CSP_CONNECT_ORIGINS`: further origins pages may call. */
  extraConnectOrigins: string[];
  /**
   * Where browsers send violation reports, by `report-uri` alone: Chromium ignores `report-uri`
   * once a policy also names a `report-to` group, and then sends its Reporting API batches late
   * or not at all (headless Chromium sent none in a minute), so `report-to` would cost the
   * reports. The endpoint also reads Reporting API batches, for when that changes.
   */
  reportUri: string;
}

/** `https://cdn.example` from an absolute URL; null for a path on this server or a bad value. */
export function originOf(value: string | undefined): string | null {
  if (!value || !/^https?:\/\//i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return null;
  }
}

/** Space- or comma-separated origins; anything that is not an http(s) origin is refused at start. */
function originList(value: string | undefined, name: string): string[] {
  const items = (value ?? '').split(/[\s,]+/).filter(Boolean);
  return items.map((item) => {
    if (!/^https?:\/\/[^/\s'";]+$/i.test(item.replace(/\/$/, ''))) throw new Error(`${name} must list http(s) origins, got "${item}"`);
    return item.replace(/\/$/, '');
  });
}

/** From `REMOTE_*_URL`, `API_BASE` and the `CSP_*` settings (see frontends.ts for the first two). */
export function cspSettings(env: Env): CspSettings {
  const apiBase = env.API_BASE || '/api';
  const configured = [...REMOTE_NAMES.map((name) => env[`REMOTE_${name.toUpperCase()}_URL`]), apiBase];
  const appOrigins = [...new Set(configured.map(originOf).filter((origin): origin is string => origin !== null))];
  return {
    appOrigins,
    extraScriptOrigins: originList(env.CSP_SCRIPT_ORIGINS, 'CSP_SCRIPT_ORIGINS'),
    extraConnectOrigins: originList(env.CSP_CONNECT_ORIGINS, 'CSP_CONNECT_ORIGINS'),
    reportUri: `${apiBase.replace(/\/+$/, '')}/CspReport`,
  };
}

export const sha256Source = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE_ATTRIBUTE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** Whether a browser runs the script; `application/json` and `application/ld+json` data blocks it does not. */
function runs(attributes: string): boolean {
  const match = TYPE_ATTRIBUTE.exec(attributes);
  const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim().toLowerCase();
  return type === '' || type === 'module' || /^(?:text|application)\/(?:javascript|ecmascript)$/.test(type);
}

/**
 * Hash sources of the inline scripts in markup we wrote ourselves (see the comment at the top:
 * never call this on a document with content in it).
 */
export function inlineScriptHashes(trustedHtml: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of trustedHtml.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || !runs(attributes)) continue;
    hashes.push(sha256Source(body));
  }
  return [...new Set(hashes)];
}

/** A fresh nonce for one answer. */
export const newNonce = () => randomBytes(16).toString('base64');

/** Stands in for the nonce in a page kept for many answers; unguessable, so content cannot carry it. */
export const newNonceMarker = () => `nonce-marker-${randomBytes(18).toString('base64url')}`;

const SCRIPT_OPEN = /<script\b(?![^>]*\snonce\s*=)/gi;

/**
 * Gives every `<script>` of markup we wrote a `nonce` attribute holding `marker` (see the comment at
 * the top: never call this on a document with content in it).
 */
export function markScripts(trustedHtml: string, marker: string): string {
  return trustedHtml.replace(SCRIPT_OPEN, () => `<script nonce="${marker}"`);
}

/** The page with the nonce of this answer where `markScripts` put the marker, and nowhere else. */
export function stampNonce(html: string, marker: string, nonce: string): string {
  return html.split(`nonce="${marker}"`).join(`nonce="${nonce}"`);
}

export type PageKind = 'visitor' | 'back-office';

export interface PagePolicyInput {
  kind: PageKind;
  /** Hash sources of the page's inline scripts. */
  scriptHashes: readonly string[];
  /** This answer's nonce, carried by our own scripts in the body. */
  nonce?: string;
  /** The site settings turn web analytics on: its script and beacons are allowed. */
  analytics: boolean;
}

/** The policy of an app page (the shell, rendered or not). */
export function pagePolicy(settings: CspSettings, input: PagePolicyInput): string {
  const analytics = input.analytics && input.kind === 'visitor';
  const app = settings.appOrigins;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'", ...app],
    ['script-src', "'self'", ...app, ...(input.nonce ? [`'nonce-${input.nonce}'`] : []), ...input.scriptHashes, ...(analytics ? ANALYTICS_SOURCES.script : []), ...settings.extraScriptOrigins],
    // antd writes its CSS-in-JS as <style> elements at run time and rich text keeps (checked)
    // style attributes: neither can carry a hash, and styles cannot run code.
    ['style-src', "'self'", "'unsafe-inline'", ...app],
    // Deal and rich-text images may be any https image (the sanitizer's rule); antd draws some
    // icons as data: URLs; previews of a picked file are blob: URLs.
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...app, ...(analytics ? ANALYTICS_SOURCES.img : [])],
    ['font-src', "'self'", 'data:', ...app],
    ['connect-src', "'self'", ...app, ...(analytics ? ANALYTICS_SOURCES.connect : []), ...settings.extraConnectOrigins],
    ['frame-src', ...FRAME_SOURCES],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    // The back office is never framed (clickjacking on staff actions); the visitor site only by
    // itself, which keeps same-origin previews possible and third-party framing out.
    ['frame-ancestors', input.kind === 'back-office' ? "'none'" : "'self'"],
    ['report-uri', settings.reportUri],
  ];
  return directives.map((directive) => [...new Set(directive)].join(' ')).join('; ');
}

/** HTML this server sends that is not an app page (the API's browsable docs): own scripts only. */
export function otherHtmlPolicy(settings: CspSettings): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${settings.reportUri}`,
  ].join('; ');
}
