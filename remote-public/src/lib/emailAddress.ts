/**
 * The API's `email` format (ajv's), so a form refuses what the server
 * would, without a round trip. Shared by every form that takes an address.
 */
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}
