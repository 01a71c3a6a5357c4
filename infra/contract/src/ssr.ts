/**
 * The server-render protocol between the server that hosts the shell and the public remote's
 * server bundle. The bundle is deployed with the remote and loaded at run time, so this
 * is an interface between independently deployed parts: change it only by raising the protocol.
 */
import type { ClientConfig } from './site.ts';

export const SSR_PROTOCOL = 1;

/** One read of the public API, made by the render and answered by the host in process. */
export interface SsrApiCall {
  method: 'GET' | 'POST';
  /** Below the API base, e.g. `Home/GetCMSInfo`. */
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

export interface SsrApiAnswer {
  status: number;
  body: unknown;
}

export interface SsrRenderInput {
  /** Path and query of the page, e.g. `/deals?stores=3`. */
  url: string;
  /** The run-time configuration the browser gets; `publicUrl` is always set here. */
  config: ClientConfig & { publicUrl: string };
  /** Reads the public API as an anonymous visitor. */
  api(call: SsrApiCall): Promise<SsrApiAnswer>;
}

export interface SsrRenderResult {
  status: number;
  /** Tags for `<head>`: title, description, canonical, robots, Open Graph, JSON-LD. */
  head: string;
  /** The markup inside `#root`, hydrated by the browser. */
  html: string;
  /** Markup for the end of `<body>`: the data the render read, for hydration without refetching. */
  data: string;
}

/** What the server bundle's `module.exports` is. */
export interface SsrServerBundle {
  protocol: number;
  buildId: string;
  render(input: SsrRenderInput): Promise<SsrRenderResult>;
}

/** `window.__DEALS_SSR__` in a server-rendered document: which remote build to hydrate with. */
export interface SsrDocumentInfo {
  remote: 'public';
  buildId: string;
  /** The remoteEntry.js of the build that rendered the page. */
  entry: string;
}
