import type { ReactNode } from 'react';
import { Form, Modal } from 'antd';

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
  width?: number;
  children: ReactNode;
}

/** A modal holding one form, with the spec's rule that its button waits for a valid form. */
export function FormModal({ title, okText, valid, submitting, ready = true, onSubmit, onCancel, width, children }: FormModalProps) {
  return (
    <Modal
      open
      title={title}
      okText={okText}
      onOk={onSubmit}
      onCancel={onCancel}
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
