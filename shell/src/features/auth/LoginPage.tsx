import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { api, serverMessage, setSession, type SessionUser } from '@deals/shared-auth';
import { AntdRoot } from '../../lib/AntdRoot';
import './login.css';

interface Credentials {
  username: string;
  password: string;
}

type AuthenticateResponse = SessionUser & { token: string; refreshToken: string };

function LoginForm() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<Credentials>();

  const submit = async ({ username, password }: Credentials) => {
    setSubmitting(true);
    try {
      // The API takes the username in the field named email (spec §7).
      const { data } = await api.post<AuthenticateResponse>('Users/Authenticate', { email: username, password });
      const { token, refreshToken, ...user } = data;
      setSession(user, token, refreshToken);
      navigate('/admin/management/dashboard');
    } catch (error) {
      void message.error(serverMessage(error), 3.5);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="login-page">
      <Card className="login-card">
        <Typography.Title level={2}>Sign In</Typography.Title>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label="Username" name="username" rules={[{ required: true, message: 'Username is required' }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Sign In
          </Button>
        </Form>
      </Card>
    </main>
  );
}

export default function LoginPage() {
  return (
    <AntdRoot>
      <LoginForm />
    </AntdRoot>
  );
}
