import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import webpush from 'web-push';
import { readPushEnv } from './settings.js';

describe('push settings from the environment', () => {
  const keys = webpush.generateVAPIDKeys();

  it('reads nothing when nothing is set (keys are then generated, mobile skipped)', () => {
    assert.deepEqual(readPushEnv({}), { vapidKeys: undefined, vapidSubject: undefined, firebaseServiceAccount: undefined });
  });

  it('takes a VAPID pair and subject, and refuses half a pair or bad values with the reason', () => {
    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:push@deals.example' };
    assert.deepEqual(readPushEnv(env), { vapidKeys: keys, vapidSubject: 'mailto:push@deals.example', firebaseServiceAccount: undefined });
    assert.throws(() => readPushEnv({ VAPID_PUBLIC_KEY: keys.publicKey }), /must be set together/);
    assert.throws(() => readPushEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey }), /VAPID settings are invalid/);
    assert.throws(() => readPushEnv({ VAPID_SUBJECT: 'ftp://deals.example' }), /VAPID settings are invalid/);
  });

  it('reads FIREBASE_SERVICE_ACCOUNT as JSON text or a file path, and says what is wrong otherwise', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const account = { type: 'service_account', project_id: 'p', client_email: 'a@p.iam.gserviceaccount.com', private_key: privateKey };
    assert.deepEqual(readPushEnv({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account) }).firebaseServiceAccount, account);
    const dir = await mkdtemp(join(tmpdir(), 'deals-fcm-'));
    try {
      const file = join(dir, 'service-account.json');
      await writeFile(file, JSON.stringify(account));
      assert.deepEqual(readPushEnv({ FIREBASE_SERVICE_ACCOUNT: file }).firebaseServiceAccount, account);
      assert.throws(() => readPushEnv({ FIREBASE_SERVICE_ACCOUNT: join(dir, 'missing.json') }), /cannot read the file .*ENOENT/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    assert.throws(() => readPushEnv({ FIREBASE_SERVICE_ACCOUNT: '{not json' }), /not valid JSON/);
    assert.throws(() => readPushEnv({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'p' }) }), /lacks client_email, private_key/);
  });
});
