import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Button, Card, Flex, Form, Spin, Typography } from 'antd';
import { clearSession, currentSession, httpStatus, serverMessage } from '@deals/shared-auth';
import { applyServerErrors, PasswordField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import type { PasswordTokenInfo } from '@deals/contract';
import { AntdRoot } from '../../lib/AntdRoot';
import { setPasswordSchema } from '../../lib/passwordRules';
import { fetchPasswordToken, resetPassword } from './api';
import { LOGIN_PATH, type LoginState } from './paths';
import './login.css';

type Load = { kind: 'loading' } | { kind: 'ready'; info: PasswordTokenInfo } | { kind: 'invalid'; message: string } | { kind: 'failed'; message: string };

const TITLES: Record<PasswordTokenInfo['purpose'], string> = {
  reset: 'Set a new password',
  invite: 'Welcome — choose your password',
};

const expiryText = (stamp: string) => new Date(stamp).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A link that does not work (any more): the server's words, and the way to a new one. */
function InvalidLink({ message }: { message: string }) {
  return (
    <>
      <Typography.Title level={2}>Link not valid</Typography.Title>
      <Alert className="login-alert" type="error" showIcon message={message} />
      <Flex justify="space-between" wrap gap={8}>
        <Link to={LOGIN_PATH} state={{ recover: true } satisfies LoginState}>
          Recover Account
        </Link>
        <Link to={LOGIN_PATH}>Back to Login</Link>
      </Flex>
    </>
  );
}

function PasswordForm({ token, info, onLinkInvalid }: { token: string; info: PasswordTokenInfo; onLinkInvalid: (message: string) => void }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm({ resolver: yupResolver(setPasswordSchema), mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });

  const submit = handleSubmit(async ({ password, confirmPassword }) => {
    setFailure(null);
    try {
      const { message } = await resetPassword({ token, password, confirmPassword });
      // The server has ended every session of this user; one kept here would only send /login on
      // to a dashboard that can no longer load.
      if (currentSession().user?.username === info.username) clearSession();
      navigate(LOGIN_PATH, { replace: true, state: { notice: message } satisfies LoginState });
    } catch (error) {
      if (applyServerErrors(error, setError, ['password', 'confirmPassword'])) return;
      // A 400 without field messages is the link itself (used meanwhile, or expired while typing).
      if (httpStatus(error) === 400) onLinkInvalid(serverMessage(error));
      else setFailure(serverMessage(error));
    }
  });

  return (
    <>
      <Typography.Title level={2}>{TITLES[info.purpose]}</Typography.Title>
      <Typography.Paragraph>
        Username: <Typography.Text strong>{info.username}</Typography.Text>
        <br />
        <Typography.Text type="secondary">This link works until {expiryText(info.expiresAt)}.</Typography.Text>
      </Typography.Paragraph>
      {failure && <Alert className="login-alert" type="error" showIcon message={failure} />}
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={info.username} readOnly hidden />
        <PasswordField control={control} name="password" label="New password" autoComplete="new-password" maxLength={LIMITS.user.passwordMax} />
        <PasswordField control={control} name="confirmPassword" label="Confirm password" autoComplete="new-password" maxLength={LIMITS.user.passwordMax} />
        <Button type="primary" htmlType="submit" block size="large" disabled={!formState.isValid || formState.isSubmitting} loading={formState.isSubmitting}>
          Save Password
        </Button>
      </Form>
    </>
  );
}

/** The link could not be checked (server down, no network): nothing is known about it yet. */
function CheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <Typography.Title level={2}>The link could not be checked</Typography.Title>
      <Alert className="login-alert" type="error" showIcon message={message} />
      <Button type="primary" block size="large" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}

/**
 * The page behind the links of password-reset and invitation mails (`/reset-password?token=`),
 * open without a session: it asks whose link it is, then takes the new password.
 */
function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    // A link without its token is asked about too: the server words what is wrong with it.
    fetchPasswordToken(token).then(
      (info) => current && setLoad({ kind: 'ready', info }),
      (error: unknown) => current && setLoad({ kind: httpStatus(error) === 400 ? 'invalid' : 'failed', message: serverMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const retry = () => {
    setLoad({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };

  return (
    <main className="login-page">
      <Card className="login-card">
        {load.kind === 'loading' && (
          <Spin tip="Checking the link…">
            <div style={{ minHeight: 120 }} />
          </Spin>
        )}
        {load.kind === 'invalid' && <InvalidLink message={load.message} />}
        {load.kind === 'failed' && <CheckFailed message={load.message} onRetry={retry} />}
        {load.kind === 'ready' && <PasswordForm token={token} info={load.info} onLinkInvalid={(message) => setLoad({ kind: 'invalid', message })} />}
      </Card>
    </main>
  );
}

export default function ResetPasswordPage() {
  return (
    <AntdRoot>
      <ResetPasswordScreen />
    </AntdRoot>
  );
}
