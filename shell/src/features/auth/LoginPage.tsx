import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Card, Form, Typography } from 'antd';
import { decodeToken, sessionAtom, toast } from '@deals/shared-auth';
import { PasswordField, TextField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { AntdRoot } from '../../lib/AntdRoot';
import { loginSchema, recoverSchema } from './schemas';
import { authenticate, type SignInStep } from './api';
import { TwoFactorCodeView } from './TwoFactorCodeView';
import { TwoFactorSetupView } from './TwoFactorSetupView';
import './login.css';

export const DASHBOARD_PATH = '/admin/management/dashboard';

function SignInView({ onRecover, onStep }: { onRecover: () => void; onStep: (step: SignInStep) => void }) {
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

/** The spec's Recover Account view makes no call: staff accounts are reset by an administrator. */
function RecoverView({ onBack }: { onBack: () => void }) {
  const { control, handleSubmit, formState } = useForm({ resolver: yupResolver(recoverSchema), mode: 'onTouched', defaultValues: { email: '' } });
  const submit = handleSubmit(() => {
    toast.info('Please contact your administrator to recover your account.');
    onBack();
  });

  return (
    <>
      <Typography.Title level={2}>Recover Account</Typography.Title>
      <Typography.Paragraph type="secondary">Enter the email address of your account.</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        <TextField control={control} name="email" label="Email" type="email" autoComplete="email" maxLength={LIMITS.user.email} />
        <Button type="primary" htmlType="submit" block size="large" disabled={!formState.isValid || formState.isSubmitting}>
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
  const [view, setView] = useState<View>({ kind: 'sign-in' });
  const restart = () => setView({ kind: 'sign-in' });
  const onStep = (step: SignInStep) => {
    if (step.kind !== 'signed-in') setView(step);
  };
  return (
    <main className="login-page">
      <Card className="login-card">
        {view.kind === 'sign-in' && <SignInView onRecover={() => setView({ kind: 'recover' })} onStep={onStep} />}
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
