import { useEffect, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { InferType } from 'yup';
import { Col, Form, Modal, Row, Spin } from 'antd';
import { toast } from '@deals/shared-auth';
import { applyServerErrors, PasswordField, PhoneField, SwitchField, TextField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/api/contract/limits';
import { fetchUser, registerUser, updateUser } from './api';
import { editUserSchema, newUserSchema } from './schemas';

type NewUser = InferType<typeof newUserSchema>;
type EditedUser = InferType<typeof editUserSchema>;

interface Props {
  /** Closes the modal; `saved` when the list should reload. */
  onClose: (saved: boolean) => void;
}

const blankUser: NewUser = { username: '', fullName: '', email: '', phone: '', password: '', confirmPassword: '', isActive: true, isAdmin: false };
const NEW_USER_FIELDS: FieldPath<NewUser>[] = ['username', 'fullName', 'email', 'phone', 'password', 'confirmPassword'];
const EDIT_USER_FIELDS: FieldPath<EditedUser>[] = ['fullName', 'email', 'phone'];

/** Admins: Add New User with the New-user rules (spec §5). */
export function NewUserModal({ onClose }: Props) {
  const { control, handleSubmit, formState, setError } = useForm<NewUser>({ resolver: yupResolver(newUserSchema), mode: 'onTouched', defaultValues: blankUser });

  const submit = handleSubmit(async (user) => {
    try {
      const { message } = await registerUser({ ...user, phone: user.phone || null });
      toast.success(message);
      onClose(true);
    } catch (error) {
      applyServerErrors(error, setError, NEW_USER_FIELDS);
      toast.failure(error);
    }
  });

  return (
    <Modal
      open
      title="Add New User"
      okText="Add User"
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      okButtonProps={{ disabled: !formState.isValid || formState.isSubmitting, loading: formState.isSubmitting }}
      maskClosable={false}
      width={640}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()} component="div">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <TextField control={control} name="username" label="Username" required autoComplete="off" maxLength={LIMITS.user.username} />
          </Col>
          <Col xs={24} sm={12}>
            <TextField control={control} name="fullName" label="Full Name" required autoComplete="off" maxLength={LIMITS.user.fullName} />
          </Col>
          <Col xs={24} sm={12}>
            <TextField control={control} name="email" label="Email" type="email" required autoComplete="off" maxLength={LIMITS.user.email} />
          </Col>
          <Col xs={24} sm={12}>
            <PhoneField control={control} name="phone" label="Phone" />
          </Col>
          <Col xs={24} sm={12}>
            <PasswordField control={control} name="password" label="Password" required autoComplete="new-password" maxLength={LIMITS.user.passwordMax} />
          </Col>
          <Col xs={24} sm={12}>
            <PasswordField control={control} name="confirmPassword" label="Confirm Password" required autoComplete="new-password" maxLength={LIMITS.user.passwordMax} />
          </Col>
          <Col xs={12}>
            <SwitchField control={control} name="isActive" label="Is User Active?" />
          </Col>
          <Col xs={12}>
            <SwitchField control={control} name="isAdmin" label="Is User Admin?" />
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** Admins: View → Edit User with the Edit-user rules; the username is read-only. */
export function EditUserModal({ userId, onClose }: Props & { userId: number }) {
  const [loaded, setLoaded] = useState(false);
  const { control, handleSubmit, formState, reset, setError } = useForm<EditedUser>({
    resolver: yupResolver(editUserSchema),
    mode: 'onTouched',
    defaultValues: { username: '', fullName: '', email: '', phone: '', isActive: true, isAdmin: false },
  });

  useEffect(() => {
    let current = true;
    fetchUser(userId)
      .then((user) => {
        if (!current) return;
        reset({ username: user.username, fullName: user.fullName, email: user.email, phone: user.phone ?? '', isActive: user.isActive, isAdmin: user.isAdmin });
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
    try {
      const { message } = await updateUser({ id: userId, fullName, email, phone: phone || null, isActive, isAdmin });
      toast.success(message);
      onClose(true);
    } catch (error) {
      applyServerErrors(error, setError, EDIT_USER_FIELDS);
      toast.failure(error);
    }
  });

  return (
    <Modal
      open
      title="Edit User"
      okText="Save Changes"
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      okButtonProps={{ disabled: !loaded || !formState.isValid || formState.isSubmitting, loading: formState.isSubmitting }}
      maskClosable={false}
      width={640}
      destroyOnHidden
    >
      <Spin spinning={!loaded}>
        <Form layout="vertical" onFinish={() => void submit()} component="div">
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <TextField control={control} name="username" label="Username" disabled extra="Usernames cannot be changed." />
            </Col>
            <Col xs={24} sm={12}>
              <TextField control={control} name="fullName" label="Full Name" required autoComplete="off" maxLength={LIMITS.user.fullName} />
            </Col>
            <Col xs={24} sm={12}>
              <TextField control={control} name="email" label="Email Address" type="email" required autoComplete="off" maxLength={LIMITS.user.email} />
            </Col>
            <Col xs={24} sm={12}>
              <PhoneField control={control} name="phone" label="Phone" />
            </Col>
            <Col xs={12}>
              <SwitchField control={control} name="isActive" label="Is User Active?" />
            </Col>
            <Col xs={12}>
              <SwitchField control={control} name="isAdmin" label="Is User Admin?" />
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
