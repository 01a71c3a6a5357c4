import type { ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useGuardedClose } from '@deals/shared-auth';

interface FormModalProps {
  title: string;
  okText: string;
  /** From react-hook-form: the button stays disabled while the form is invalid or submitting. */
  valid: boolean;
  submitting: boolean;
  /** False while the form's data is still loading. */
  ready?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** The form holds changes not yet saved: closing asks first, and so does leaving the screen. */
  unsaved?: boolean;
  width?: number;
  children: ReactNode;
}

/** A modal holding one form, with the spec's rule that its button waits for a valid form; closing it with unsaved changes asks first. */
export function FormModal({ title, okText, valid, submitting, ready = true, onSubmit, onCancel, unsaved = false, width, children }: FormModalProps) {
  // While it saves, the save's own close goes through.
  const close = useGuardedClose(unsaved && !submitting, onCancel);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      onOk={onSubmit}
      onCancel={close}
      okButtonProps={{ disabled: !ready || !valid || submitting, loading: submitting }}
      cancelButtonProps={{ disabled: submitting }}
      maskClosable={false}
      width={width}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={onSubmit} component="div">
        {children}
      </Form>
    </Modal>
  );
}
