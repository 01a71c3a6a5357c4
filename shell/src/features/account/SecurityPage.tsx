import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Flex, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { confirmAction, serverMessage, toast } from '@deals/shared-auth';
import { PageHeader } from '@deals/shared-auth/ui';
import { TWO_FACTOR_MESSAGES as T } from '@deals/contract/two-factor';
import { disableTwoFactor, endOtherSessions, endSession, fetchSessions, fetchTwoFactorStatus, regenerateRecoveryCodes, type Session, type TwoFactorStatus } from './api';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorSetup } from './TwoFactorSetup';

export { SECURITY_PATH } from './paths';

type Dialog = { kind: 'setup' } | { kind: 'codes'; codes: string[] } | { kind: 'proof'; purpose: 'disable' | 'regenerate' } | null;

const when = (iso: string) => new Date(iso).toLocaleString();

/** Asks for the password (or a current code) before turning two-factor off or making new codes. */
function ProofModal({ purpose, onClose, onCodes }: { purpose: 'disable' | 'regenerate'; onClose: (changed: boolean) => void; onCodes: (codes: string[]) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      if (purpose === 'disable') {
        toast.success((await disableTwoFactor({ password })).message);
        onClose(true);
      } else {
        onCodes((await regenerateRecoveryCodes({ password })).recoveryCodes);
      }
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={purpose === 'disable' ? 'Turn off two-factor sign-in' : 'New recovery codes'}
      okText={purpose === 'disable' ? 'Turn off' : 'Make new codes'}
      okButtonProps={{ disabled: !password, loading: busy, danger: purpose === 'disable' }}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label="Password" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input.Password value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" aria-label="Password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The signed-in user's security: two-factor sign-in, recovery codes and the devices signed in. */
export default function SecurityPage() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  // Bumped to read the status and sessions again after a change.
  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((value) => value + 1), []);

  useEffect(() => {
    let live = true;
    Promise.all([fetchTwoFactorStatus(), fetchSessions()]).then(
      ([nextStatus, nextSessions]) => {
        if (!live) return;
        setStatus(nextStatus);
        setSessions(nextSessions);
      },
      (failure: unknown) => toast.failure(failure),
    );
    return () => {
      live = false;
    };
  }, [version]);

  const end = (session: Session) =>
    confirmAction({
      title: T.endSession,
      text: `End the session of ${session.device} (${session.ip})? That device will have to sign in again.`,
      rightBtnText: T.endSession,
      action: async () => {
        toast.success((await endSession(session.id)).message);
        load();
      },
    });
  const endOthers = () =>
    confirmAction({
      title: T.endOtherSessions,
      text: 'Every other device will have to sign in again.',
      rightBtnText: T.endOtherSessions,
      action: async () => {
        toast.success((await endOtherSessions()).message);
        load();
      },
    });

  const closeDialog = (changed = false) => {
    setDialog(null);
    if (changed) load();
  };

  return (
    <>
      <PageHeader title={T.securityTitle} />
      <Flex vertical gap={16}>
        <Card title={T.signInCodeTitle}>
          {status && (
            <Space direction="vertical">
              <Typography.Text>
                Status: {status.enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}
                {status.required && <Tag color="blue">Required for all staff</Tag>}
              </Typography.Text>
              {status.enabled && <Typography.Text type="secondary">Recovery codes left: {status.recoveryCodesLeft}</Typography.Text>}
              <Space wrap>
                {!status.enabled && (
                  <Button type="primary" onClick={() => setDialog({ kind: 'setup' })}>
                    Turn on two-factor sign-in
                  </Button>
                )}
                {status.enabled && <Button onClick={() => setDialog({ kind: 'proof', purpose: 'regenerate' })}>New recovery codes</Button>}
                {status.enabled && !status.required && (
                  <Button danger onClick={() => setDialog({ kind: 'proof', purpose: 'disable' })}>
                    Turn off
                  </Button>
                )}
              </Space>
            </Space>
          )}
        </Card>
        <Card
          title={T.sessionsTitle}
          extra={
            <Button onClick={() => void endOthers()} disabled={!sessions || sessions.length < 2}>
              {T.endOtherSessions}
            </Button>
          }
        >
          <Table<Session>
            rowKey="id"
            loading={!sessions}
            dataSource={sessions ?? []}
            pagination={false}
            scroll={{ x: 640 }}
            columns={[
              { title: 'Device', dataIndex: 'device', render: (device: string, session) => (session.current ? <Space>{device}<Tag color="blue">{T.thisDevice}</Tag></Space> : device) },
              { title: 'IP address', dataIndex: 'ip' },
              { title: 'Signed in', dataIndex: 'createdAt', render: when },
              { title: 'Last used', dataIndex: 'lastUsedAt', render: when },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, session) =>
                  session.current ? null : (
                    <Button size="small" onClick={() => void end(session)} aria-label={`End session ${session.device} ${session.ip}`}>
                      {T.endSession}
                    </Button>
                  ),
              },
            ]}
          />
        </Card>
      </Flex>
      {dialog?.kind === 'setup' && (
        <Modal open title={T.setupTitle} footer={null} onCancel={() => closeDialog()} destroyOnHidden>
          <TwoFactorSetup onDone={(codes) => setDialog({ kind: 'codes', codes })} onFailed={() => closeDialog()} />
        </Modal>
      )}
      {dialog?.kind === 'codes' && (
        <Modal open title={T.recoveryCodesTitle} footer={null} closable={false} maskClosable={false}>
          <RecoveryCodes codes={dialog.codes} onContinue={() => closeDialog(true)} />
        </Modal>
      )}
      {dialog?.kind === 'proof' && <ProofModal purpose={dialog.purpose} onClose={closeDialog} onCodes={(codes) => setDialog({ kind: 'codes', codes })} />}
    </>
  );
}
