import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { httpStatus, serverMessage, toast } from '@deals/shared-auth';
import { TWO_FACTOR_MESSAGES as T } from '@deals/contract/two-factor';
import { verifyTwoFactor } from './api';

/** The second step of a sign-in: a code from the authenticator, or one of the recovery codes. */
export function TwoFactorCodeView({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      // The stored session re-renders LoginPage, which moves on.
      await verifyTwoFactor(challenge, code.trim());
    } catch (failure) {
      const message = serverMessage(failure);
      // An expired or used-up challenge (or too many wrong codes) needs the password again.
      if (message === T.challengeInvalid || httpStatus(failure) === 429) {
        toast.failure(failure);
        onRestart();
      } else setError(message);
    } finally {
      setBusy(false);
    }
  };

  const valid = recovery ? code.trim().length >= 10 : /^\d{6}$/.test(code.trim());
  return (
    <>
      <Typography.Title level={2}>{T.signInCodeTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{recovery ? T.recoveryHelp : T.signInCodeHelp}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        <Form.Item label={recovery ? 'Recovery code' : 'Code'} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoFocus
            aria-label={recovery ? 'Recovery code' : 'Code'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? 20 : 6}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={!valid || busy} loading={busy}>
          Verify
        </Button>
      </Form>
      <Button
        type="link"
        className="login-switch"
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          setError(null);
        }}
      >
        {recovery ? T.useAuthenticator : T.useRecoveryCode}
      </Button>
      <Button type="link" className="login-switch" onClick={onRestart}>
        Back to Login
      </Button>
    </>
  );
}
