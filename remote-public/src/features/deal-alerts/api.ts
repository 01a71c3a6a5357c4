// The Devices calls of the API contract (`@deals/contract`, push.ts). Types only from the
// contract: its run-time part pulls TypeBox, which the visitor site does not carry.
import type { RegisterDeviceBody, WebPushPublicKeyResponse } from '@deals/contract/push';
import { deleteJson, getJson, postJson } from '../../lib/http';

/** `GET Devices/WebPushPublicKey`: the server's VAPID public key (base64url). */
export async function fetchWebPushPublicKey(): Promise<string> {
  const { publicKey } = await getJson<WebPushPublicKeyResponse>('Devices/WebPushPublicKey');
  return publicKey;
}

/**
 * `POST Devices/Register` for a browser subscription: the token is the endpoint. Only the endpoint
 * and keys are sent (not `expirationTime`, which the contract ignores).
 */
export function registerSubscription(subscription: PushSubscription): Promise<{ message: string }> {
  const { endpoint, keys } = subscription.toJSON();
  const body: RegisterDeviceBody = {
    token: subscription.endpoint,
    platform: 'web',
    subscription: { endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
  };
  return postJson('Devices/Register', body);
}

/** `DELETE Devices/Unregister?token=` (an unknown token gets the same answer). */
export function unregisterSubscription(endpoint: string): Promise<{ message: string }> {
  return deleteJson('Devices/Unregister', { token: endpoint });
}
