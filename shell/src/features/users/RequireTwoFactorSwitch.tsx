import { useEffect, useState } from 'react';
import { Space, Switch, Typography } from 'antd';
import { toast } from '@deals/shared-auth';
import { TWO_FACTOR_MESSAGES as T } from '@deals/contract/two-factor';
import { fetchSecuritySettings, saveSecuritySettings } from './api';

/** The admin setting that makes every staff account use two-factor sign-in (set up at next sign-in). */
export function RequireTwoFactorSwitch() {
  const [on, setOn] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    fetchSecuritySettings().then(
      (settings) => live && setOn(settings.requireTwoFactor),
      (failure: unknown) => toast.failure(failure),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (requireTwoFactor: boolean) => {
    setSaving(true);
    try {
      toast.success((await saveSecuritySettings({ requireTwoFactor })).message);
      setOn(requireTwoFactor);
    } catch (failure) {
      toast.failure(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space>
      <Switch id="require-two-factor" checked={on ?? false} disabled={on === null} loading={saving} onChange={(checked) => void change(checked)} aria-label={T.requireForAll} />
      <Typography.Text>
        <label htmlFor="require-two-factor">{T.requireForAll}</label>
      </Typography.Text>
    </Space>
  );
}
