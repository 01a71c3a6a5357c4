import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Button, Card, Form, Typography } from 'antd';
import { decodeToken, serverMessage, sessionAtom, toast } from '@deals/shared-auth';
import { applyServerErrors, PasswordField, TextField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { AntdRoot } from '../../lib/AntdRoot';
import { loginSchema, recoverSchema } from './schemas';
import { authenticate, requestPasswordReset, type SignInStep } from './api';
import type { LoginState } from './paths';
import { TwoFactorCodeView } from './TwoFactorCodeView';
import { TwoFactorSetupView } from './TwoFactorSetupView';
import './login.css';

export const DASHBOARD_PATH = '/admin/management/dashboard';

function SignInView({ notice, onRecover, onStep }: { notice?: string; onRecover: () => void; onStep: (step: SignInStep) => void }) {
  const { control, handleSubmit, formState } = useForm({ resolver: yupResolver(loginSchema), mode: 'onTouched', defaultValues: { username: '', password: '' } });

  const submit = handleSubmit(async ({ username, password }) => {
    try {
      // A finished sign-in is stored and re-renders LoginPage, which moves on.
      onStep(await authenticate(username, password));
    } catch (error) {
      toast.failure(error);
    }
  });

  return (
    <>
      <Typography.Title level={2}>Sign In</Typography.Title>
      {notice && <Alert className="login-alert" type="success" showIcon role="status" message={notice} />}
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        <TextField control={control} name="username" label="Username" autoComplete="username" maxLength={LIMITS.user.username} />
        <PasswordField control={control} name="password" label="Password" autoComplete="current-password" maxLength={LIMITS.user.passwordMax} />
        <Button type="primary" htmlType="submit" block size="large" disabled={!formState.isValid || formState.isSubmitting} loading={formState.isSubmitting}>
          Sign In
        </Button>
      </Form>
      <Button type="link" className="login-switch" onClick={onRecover}>
        Forgot your password? Recover Account
      </Button>
    </>
  );
}

type Outcome = { type: 'success' | 'error'; message: string };

/**
 * Recover Account: mails a link to set a new password. The answer is the same whether or not a
 * staff account uses the address, so the page cannot be used to find out who works here.
 */
function RecoverView({ onBack }: { onBack: () => void }) {
  const { control, handleSubmit, formState, setError } = useForm({ resolver: yupResolver(recoverSchema), mode: 'onTouched', defaultValues: { email: '' } });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const submit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      setOutcome({ type: 'success', message: (await requestPasswordReset(email)).message });
    } catch (error) {
      // A field's message goes under the field; anything else (too many requests) above the form.
      if (!applyServerErrors(error, setError, ['email'])) setOutcome({ type: 'error', message: serverMessage(error) });
    }
  });

  return (
    <>
      <Typography.Title level={2}>Recover Account</Typography.Title>
      <Typography.Paragraph type="secondary">Enter the email address of your account. We will send it a link to set a new password.</Typography.Paragraph>
      {outcome && <Alert className="login-alert" type={outcome.type} showIcon role={outcome.type === 'success' ? 'status' : 'alert'} message={outcome.message} />}
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        <TextField control={control} name="email" label="Email" type="email" autoComplete="email" maxLength={LIMITS.user.email} />
        <Button type="primary" htmlType="submit" block size="large" disabled={!formState.isValid || formState.isSubmitting} loading={formState.isSubmitting}>
          Submit
        </Button>
      </Form>
      <Button type="link" className="login-switch" onClick={onBack}>
        Back to Login
      </Button>
    </>
  );
}

type View = { kind: 'sign-in' } | { kind: 'recover' } | Exclude<SignInStep, { kind: 'signed-in' }>;

function LoginScreen() {
  const handed = (useLocation().state ?? {}) as LoginState;
  const [view, setView] = useState<View>({ kind: handed.recover ? 'recover' : 'sign-in' });
  // Shown until the staff member moves on to another view.
  const [notice, setNotice] = useState(handed.notice);
  const restart = () => setView({ kind: 'sign-in' });
  const onStep = (step: SignInStep) => {
    if (step.kind !== 'signed-in') setView(step);
  };
  return (
    <main className="login-page">
      <Card className="login-card">
        {view.kind === 'sign-in' && (
          <SignInView
            notice={notice}
            onRecover={() => {
              setNotice(undefined);
              setView({ kind: 'recover' });
            }}
            onStep={onStep}
          />
        )}
        {view.kind === 'recover' && <RecoverView onBack={restart} />}
        {view.kind === 'code' && <TwoFactorCodeView challenge={view.challenge} onRestart={restart} />}
        {view.kind === 'setup' && <TwoFactorSetupView challenge={view.challenge} onRestart={restart} />}
      </Card>
    </main>
  );
}

export default function LoginPage() {
  const { authToken } = useAtomValue(sessionAtom);
  // Signed in, just now or before (a bookmarked /login): on to the dashboard (spec §2).
  if (decodeToken(authToken)) return <Navigate to={DASHBOARD_PATH} replace />;
  return (
    <AntdRoot>
      <LoginScreen />
    </AntdRoot>
  );
}
