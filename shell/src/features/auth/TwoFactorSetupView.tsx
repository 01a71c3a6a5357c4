import { useState } from 'react';
import { Typography } from 'antd';
import type { SignedInUser } from '@deals/contract';
import { TWO_FACTOR_MESSAGES as T } from '@deals/contract/two-factor';
import { RecoveryCodes, TwoFactorSetup } from '../account';
import { keepSession } from './api';

/**
 * The forced set-up at sign-in (two-factor required for all staff): authenticator, first code,
 * then the recovery codes; only Continue stores the session, so the codes are seen first.
 */
export function TwoFactorSetupView({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const [done, setDone] = useState<{ codes: string[]; user: SignedInUser } | null>(null);
  if (done) return <RecoveryCodes codes={done.codes} onContinue={() => keepSession(done.user)} />;
  return (
    <>
      <Typography.Title level={2}>{T.setupTitle}</Typography.Title>
      <TwoFactorSetup
        challenge={challenge}
        onDone={(codes, user) => {
          if (user) setDone({ codes, user });
          else onRestart();
        }}
        onFailed={onRestart}
      />
    </>
  );
}
