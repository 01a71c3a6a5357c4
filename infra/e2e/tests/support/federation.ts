import type { Page } from '@playwright/test';

/** Which containers provided each loaded copy of a shared package (from the MF runtime's registry). */
export async function loadedProviders(page: Page, pkg: string): Promise<string[]> {
  return page.evaluate((name) => {
    type Entry = { loaded?: boolean; from: string };
    type Registry = Record<string, Record<string, Record<string, Record<string, Entry>>>>;
    const share = (window as unknown as { __FEDERATION__?: { __SHARE__?: Registry } }).__FEDERATION__?.__SHARE__ ?? {};
    return Object.values(share)
      .flatMap((scopes) => Object.values(scopes.default?.[name] ?? {}))
      .filter((entry) => entry.loaded)
      .map((entry) => entry.from);
  }, pkg);
}
