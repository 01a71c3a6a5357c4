import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { saveBlob } from '@deals/shared-auth';
import { TWO_FACTOR_MESSAGES as T } from '@deals/contract/two-factor';

/** Recovery codes, shown once: copy or download them before moving on. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {T.recoveryCodesTitle}
      </Typography.Title>
      <Alert type="warning" showIcon message={T.recoveryCodesHelp} />
      <ul className="recovery-codes" aria-label={T.recoveryCodesTitle} style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, listStyle: 'none', padding: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {copied ? T.copied : T.copy}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => saveBlob('recovery-codes.txt', new Blob([`${text}\n`], { type: 'text/plain' }))}>
          {T.download}
        </Button>
        <Button type="primary" onClick={onContinue}>
          {T.continue}
        </Button>
      </Space>
    </Space>
  );
}
