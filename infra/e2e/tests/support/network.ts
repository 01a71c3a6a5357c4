import type { Page } from '@playwright/test';

/** Records every request URL the page makes and every console error it logs. */
export function watch(page: Page) {
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  const fromRemote = (name: string) => requests.filter((url) => new URL(url).pathname.startsWith(`/remotes/${name}/`));
  return { requests, errors, fromRemote };
}
