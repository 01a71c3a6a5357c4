// The EmailAlerts calls of the API contract (`@deals/contract`, email-alerts.ts). Types only from
// that file: its run-time part builds TypeBox schemas. Every call that acts on a link sends the
// token in a POST body, so a mail scanner that follows the link changes nothing.
import type { EmailAlertAnswer, EmailAlertSubscribeBody, EmailAlertUpdateBody } from '@deals/contract/email-alerts';
import { postJson } from '../../lib/http';

/** `POST EmailAlerts/Subscribe`: the same answer whatever the address; a confirmation mail follows. */
export function subscribe(body: EmailAlertSubscribeBody): Promise<{ message: string }> {
  return postJson('EmailAlerts/Subscribe', body);
}

/** `POST EmailAlerts/Confirm`: the double opt-in. */
export function confirmSubscription(token: string): Promise<EmailAlertAnswer> {
  return postJson('EmailAlerts/Confirm', { token });
}

export function getSubscription(token: string, signal?: AbortSignal): Promise<EmailAlertAnswer> {
  return postJson('EmailAlerts/GetSubscription', { token }, signal);
}

export function updateSubscription(body: EmailAlertUpdateBody): Promise<EmailAlertAnswer> {
  return postJson('EmailAlerts/UpdateSubscription', body);
}

export function unsubscribe(token: string): Promise<EmailAlertAnswer> {
  return postJson('EmailAlerts/Unsubscribe', { token });
}
