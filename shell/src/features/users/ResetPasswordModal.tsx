import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { InferType } from 'yup';
import { currentSession } from '@deals/shared-auth';
import { signOut } from '@deals/shared-auth/client';
import { FormModal, PasswordField, saveForm } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { authenticate } from '../auth';
import { changeOwnPassword } from './api';
import { changePasswordSchema } from './schemas';

type PasswordChange = InferType<typeof changePasswordSchema>;

/** A signed-in user's own password, with the Change-password rules (spec §5). */
export function ResetPasswordModal({ onClose }: { onClose: () => void }) {
  const { control, handleSubmit, formState, setError } = useForm<PasswordChange>({
    resolver: yupResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ password, oldPassword }) => {
    const call = async () => {
      const answer = await changeOwnPassword(password, oldPassword);
      // The change ends every session of the user; sign this one in again with the new password
      // so only the other devices need to.
      const username = currentSession().user?.username;
      // With two-factor on that needs a code: back to the sign-in page for it.
      if (username && (await authenticate(username, password)).kind !== 'signed-in') await signOut();
      return answer;
    };
    if (await saveForm({ call, setError, fields: ['oldPassword', 'password'] })) onClose();
  });

  return (
    <FormModal title="Reset Password" okText="Change Password" valid={formState.isValid} submitting={formState.isSubmitting} unsaved={formState.isDirty} onSubmit={() => void submit()} onCancel={onClose}>
      <PasswordField control={control} name="oldPassword" label="Old Password" required autoComplete="current-password" maxLength={LIMITS.user.passwordMax} />
      <PasswordField control={control} name="password" label="New Password" required autoComplete="new-password" maxLength={LIMITS.user.passwordMax} />
      <PasswordField control={control} name="confirmPassword" label="Confirm New Password" required autoComplete="new-password" maxLength={LIMITS.user.passwordMax} />
    </FormModal>
  );
}
