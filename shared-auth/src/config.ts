// Run-time configuration written into index.html by whoever serves the shell, so one build runs
// in every deployment (same-origin API by default, another host when API_BASE is set).
export interface RuntimeConfig {
  apiBase: string;
  emailSignupActionUrl: string | null;
  /** The site's absolute address, when the server that hosts the shell names one (`PUBLIC_URL`). */
  publicUrl: string | null;
}

declare global {
  interface Window {
    __DEALS_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export function runtimeConfig(): RuntimeConfig {
  // globalThis: the window in a browser; on the server the public remote's renderer sets it to the
  // configuration the browser will get, so both render the same URLs.
  const injected = (globalThis as { __DEALS_CONFIG__?: Partial<RuntimeConfig> }).__DEALS_CONFIG__ ?? {};
  return {
    apiBase: (injected.apiBase ?? '/api').replace(/\/+$/, ''),
    emailSignupActionUrl: injected.emailSignupActionUrl ?? null,
    publicUrl: injected.publicUrl ?? null,
  };
}

/** URL of an uploaded file as the API serves it. */
export function attachmentUrl(filePath: string): string {
  return `${runtimeConfig().apiBase}/Attachments/${filePath.replace(/^\/+/, '')}`;
}
