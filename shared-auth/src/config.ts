// Run-time configuration written into index.html by whoever serves the shell, so one build runs
// in every deployment (same-origin API by default, another host when API_BASE is set).
export interface RuntimeConfig {
  apiBase: string;
  emailSignupActionUrl: string | null;
}

declare global {
  interface Window {
    __DEALS_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export function runtimeConfig(): RuntimeConfig {
  const injected = typeof window === 'undefined' ? {} : (window.__DEALS_CONFIG__ ?? {});
  return {
    apiBase: (injected.apiBase ?? '/api').replace(/\/+$/, ''),
    emailSignupActionUrl: injected.emailSignupActionUrl ?? null,
  };
}

/** URL of an uploaded file as the API serves it. */
export function attachmentUrl(filePath: string): string {
  return `${runtimeConfig().apiBase}/Attachments/${filePath.replace(/^\/+/, '')}`;
}
