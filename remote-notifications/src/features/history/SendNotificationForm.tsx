import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Card, Form, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useUnsavedChanges } from '@deals/shared-auth';
import { FormField, saveForm, TextField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { sendPushNotification } from './api';
import { BLANK_PUSH_NOTIFICATION, pushNotificationSchema, type PushNotificationForm } from './schemas';

const SERVER_FIELDS = ['title', 'message'] as const;

/**
 * The console's form (spec 2 §2): Title and Message, Create Notification disabled until both are
 * filled and while the call runs. `onSent` runs after the server queued it, to reload the history.
 */
export function SendNotificationForm({ onSent }: { onSent: () => void }) {
  const { control, handleSubmit, formState, reset, setError } = useForm<PushNotificationForm>({
    resolver: yupResolver(pushNotificationSchema),
    mode: 'onTouched',
    defaultValues: BLANK_PUSH_NOTIFICATION,
  });
  // A typed notification not sent yet: leaving asks first.
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const submit = handleSubmit(async ({ title, message }) => {
    // Spec 2 §8: a failure on this screen is an error, with the server's message; field messages
    // (400 `errors`) land under their fields too.
    const sent = await saveForm({ call: () => sendPushNotification({ title: title.trim(), message: message.trim() }), setError, fields: SERVER_FIELDS, failureState: 'error' });
    if (sent) {
      reset(BLANK_PUSH_NOTIFICATION);
      onSent();
    }
  });

  return (
    <Card title="New Notification" size="small" className="deals-push-form">
      <Form layout="vertical" component="div">
        <TextField control={control} name="title" label="Title" required maxLength={LIMITS.pushNotification.title} autoComplete="off" placeholder="e.g. Flash sale tonight" />
        <FormField control={control} name="message" label="Message" required>
          {({ field, id, invalid }) => (
            <Input.TextArea
              id={id}
              name={field.name}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              ref={field.ref}
              maxLength={LIMITS.pushNotification.message}
              showCount
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder="What the notification says"
              aria-invalid={invalid || undefined}
            />
          )}
        </FormField>
        <Button
          type="primary"
          icon={<SendOutlined />}
          className="deals-push-send"
          disabled={!formState.isValid || formState.isSubmitting}
          loading={formState.isSubmitting}
          onClick={() => void submit()}
        >
          Create Notification
        </Button>
      </Form>
    </Card>
  );
}
