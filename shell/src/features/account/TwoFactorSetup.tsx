import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, QRCode, Spin, Typography } from 'antd';
import type { SignedInUser, TwoFactorStartResponse } from '@deals/contract';
import { serverMessage, toast } from '@deals/shared-auth';
import { TWO_FACTOR_MESSAGES as T } from '@deals/contract/two-factor';
import { confirmTwoFactor, startTwoFactor } from './api';

export interface TwoFactorSetupProps {
  /** The challenge of a forced set-up at sign-in; absent when the signed-in user turns it on. */
  challenge?: string;
  onDone: (recoveryCodes: string[], user?: SignedInUser) => void;
  /** The set-up could not start (for a sign-in: its challenge expired). */
  onFailed?: () => void;
}

/** Set-up of an authenticator: QR code of the otpauth URI (drawn in the browser), manual key, first code. */
export function TwoFactorSetup({ challenge, onDone, onFailed }: TwoFactorSetupProps) {
  const [started, setStarted] = useState<TwoFactorStartResponse | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    startTwoFactor(challenge).then(
      (answer) => live && setStarted(answer),
      (failure: unknown) => {
        if (!live) return;
        toast.failure(failure);
        onFailed?.();
      },
    );
    return () => {
      live = false;
    };
    // Started once per challenge: a new secret each render would invalidate the QR code shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challenge]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmTwoFactor(code.trim(), challenge);
      onDone(answer.recoveryCodes, answer.user);
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!started) return <Spin aria-label="Loading" />;
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph>{challenge ? T.setupRequiredHelp : T.setupHelp}</Typography.Paragraph>
      <Flex justify="center">
        <QRCode value={started.uri} size={200} bordered={false} />
      </Flex>
      <div>
        <Typography.Text type="secondary">{T.manualKey}: </Typography.Text>
        <Typography.Text code copyable data-testid="two-factor-secret">
          {started.secret}
        </Typography.Text>
      </div>
      <Form layout="vertical" onFinish={() => void confirm()} requiredMark={false}>
        <Form.Item label="Code" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input value={code} onChange={(event) => setCode(event.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-label="Code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={code.trim().length !== 6 || busy} loading={busy}>
          Confirm
        </Button>
      </Form>
    </Flex>
  );
}
