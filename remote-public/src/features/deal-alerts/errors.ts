// Kept apart from ./subscribe.ts (loaded only on a click) so that code outside the feature can
// tell this failure apart without loading the subscribe flow.

/** Why turning alerts on or off stopped: `blocked` is the browser's permission, `failed` anything else. */
export class DealAlertsError extends Error {
  constructor(
    readonly kind: 'blocked' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'DealAlertsError';
  }
}
