import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { InferType } from 'yup';
import { Col, Row, Spin, Switch } from 'antd';
import { toast } from '@deals/shared-auth';
import { FormField, FormModal, formConflict, PasswordField, PhoneField, saveForm, SwitchField, TextField } from '@deals/shared-auth/ui';
import { EMAIL_LIMITS } from '@deals/contract/email-alerts';
import { LIMITS } from '@deals/contract/limits';
import type { User } from '@deals/contract/users';
import { fetchUser, registerUser, updateUser } from './api';
import { editUserSchema, newUserSchema } from './schemas';

type NewUser = InferType<typeof newUserSchema>;
type EditedUser = InferType<typeof editUserSchema>;

interface Props {
  /** Closes the modal; `saved` when the list should reload. */
  onClose: (saved: boolean) => void;
}

const blankUser: NewUser = { username: '', fullName: '', email: '', phone: '', password: '', confirmPassword: '', isActive: true, isAdmin: false, sendInvite: false };
const NEW_USER_FIELDS: FieldPath<NewUser>[] = ['username', 'fullName', 'email', 'phone', 'password', 'confirmPassword'];
const EDIT_USER_FIELDS: FieldPath<EditedUser>[] = ['fullName', 'email', 'phone'];
const MODAL_WIDTH = 640;

type ProfileName = 'username' | 'fullName' | 'email' | 'phone' | 'isActive' | 'isAdmin';

/**
 * The fields both user modals show, in the same grid; `passwords` slot in before the switches.
 * New and edited users differ in the username (read-only when editing) and the email's label.
 */
function ProfileFields<Values extends FieldValues & Record<ProfileName, unknown>>({ control, editing, passwords }: { control: Control<Values>; editing: boolean; passwords?: ReactNode }) {
  const name = (field: ProfileName) => field as FieldPath<Values>;
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        {editing ? (
          <TextField control={control} name={name('username')} label="Username" disabled extra="Usernames cannot be changed." />
        ) : (
          <TextField control={control} name={name('username')} label="Username" required autoComplete="off" maxLength={LIMITS.user.username} />
        )}
      </Col>
      <Col xs={24} sm={12}>
        <TextField control={control} name={name('fullName')} label="Full Name" required autoComplete="off" maxLength={LIMITS.user.fullName} />
      </Col>
      <Col xs={24} sm={12}>
        <TextField control={control} name={name('email')} label={editing ? 'Email Address' : 'Email'} type="email" required autoComplete="off" maxLength={LIMITS.user.email} />
      </Col>
      <Col xs={24} sm={12}>
        <PhoneField control={control} name={name('phone')} label="Phone" />
      </Col>
      {passwords}
      <Col xs={12}>
        <SwitchField control={control} name={name('isActive')} label="Is User Active?" />
      </Col>
      <Col xs={12}>
        <SwitchField control={control} name={name('isAdmin')} label="Is User Admin?" />
      </Col>
    </Row>
  );
}

/**
 * Admins: Add New User with the New-user rules (spec §5). With "Send an invitation" the admin
 * types no password: the user is mailed a link to choose their own.
 */
export function NewUserModal({ onClose }: Props) {
  const { control, handleSubmit, formState, setError } = useForm<NewUser>({ resolver: yupResolver(newUserSchema), mode: 'onTouched', defaultValues: blankUser });
  const inviting = useWatch({ control, name: 'sendInvite' });

  const submit = handleSubmit(async ({ sendInvite, password, confirmPassword, ...user }) => {
    const profile = { ...user, phone: user.phone || null };
    const request = sendInvite ? { ...profile, sendInvite: true } : { ...profile, password, confirmPassword };
    if (await saveForm({ call: () => registerUser(request), setError, fields: NEW_USER_FIELDS })) onClose(true);
  });

  return (
    <FormModal title="Add New User" okText="Add User" valid={formState.isValid} submitting={formState.isSubmitting} unsaved={formState.isDirty} onSubmit={() => void submit()} onCancel={() => onClose(false)} width={MODAL_WIDTH}>
      <ProfileFields
        control={control}
        editing={false}
        passwords={
          <>
            <Col xs={24}>
              <FormField control={control} name="sendInvite" label="Send an invitation to set a password" extra={`The user gets an email with a link to choose a password; it works for ${EMAIL_LIMITS.inviteHours} hours.`}>
                {({ field, id }) => <Switch id={id} checked={field.value} onChange={field.onChange} checkedChildren="Yes" unCheckedChildren="No" />}
              </FormField>
            </Col>
            {!inviting && (
              <>
                <Col xs={24} sm={12}>
                  <PasswordField control={control} name="password" label="Password" required autoComplete="new-password" maxLength={LIMITS.user.passwordMax} />
                </Col>
                <Col xs={24} sm={12}>
                  <PasswordField control={control} name="confirmPassword" label="Confirm Password" required autoComplete="new-password" maxLength={LIMITS.user.passwordMax} />
                </Col>
              </>
            )}
          </>
        }
      />
    </FormModal>
  );
}

const editedUser = (user: User): EditedUser => ({ username: user.username, fullName: user.fullName, email: user.email, phone: user.phone ?? '', isActive: user.isActive, isAdmin: user.isAdmin });
const EDITED_USER_LABELS = { fullName: 'Full Name', email: 'Email', phone: 'Phone', isActive: 'Is Active?', isAdmin: 'Is Admin?' };

/** Admins: View → Edit User with the Edit-user rules; the username is read-only. */
export function EditUserModal({ userId, onClose }: Props & { userId: number }) {
  const [loaded, setLoaded] = useState(false);
  const form = useForm<EditedUser>({
    resolver: yupResolver(editUserSchema),
    mode: 'onTouched',
    defaultValues: { username: '', fullName: '', email: '', phone: '', isActive: true, isAdmin: false },
  });
  const { control, handleSubmit, formState, reset, setError } = form;

  useEffect(() => {
    let current = true;
    fetchUser(userId)
      .then((user) => {
        if (!current) return;
        reset(editedUser(user));
        setLoaded(true);
      })
      .catch((error: unknown) => {
        toast.failure(error);
        if (current) onClose(false);
      });
    return () => {
      current = false;
    };
  }, [userId, reset, onClose]);

  const submit = handleSubmit(async ({ fullName, email, phone, isActive, isAdmin }) => {
    const call = () => updateUser({ id: userId, fullName, email, phone: phone || null, isActive, isAdmin });
    if (await saveForm({ call, setError, fields: EDIT_USER_FIELDS, conflict: formConflict(form, editedUser, { labels: EDITED_USER_LABELS }) })) onClose(true);
  });

  return (
    <FormModal title="Edit User" okText="Save Changes" valid={formState.isValid} submitting={formState.isSubmitting} unsaved={formState.isDirty} ready={loaded} onSubmit={() => void submit()} onCancel={() => onClose(false)} width={MODAL_WIDTH}>
      <Spin spinning={!loaded}>
        <ProfileFields control={control} editing />
      </Spin>
    </FormModal>
  );
}
