import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Spin } from 'antd';
import { toast } from '@deals/shared-auth';
import { FormModal, formConflict, saveForm, TextField } from '@deals/shared-auth/ui';
import { LIMITS } from '@deals/contract/limits';
import { createFooterItem, fetchFooterItem, updateFooterItem } from './api';
import { BLANK_FOOTER_ITEM, footerItemSchema, type FooterItemForm } from './schemas';

const SERVER_FIELDS = ['label', 'to'] as const;

interface FooterItemModalProps {
  /** The item to edit, or 0 to add a new one (spec 2 §4: id 0 means create). */
  id: number;
  /** `saved` when the list should reload. */
  onClose: (saved: boolean) => void;
}

/** Add Footer Item / Edit Footer Item: the label and the link (spec 2 §5). */
export function FooterItemModal({ id, onClose }: FooterItemModalProps) {
  const creating = id === 0;
  const [ready, setReady] = useState(creating);
  const form = useForm<FooterItemForm>({
    resolver: yupResolver(footerItemSchema),
    mode: 'onTouched',
    defaultValues: BLANK_FOOTER_ITEM,
  });
  const { control, handleSubmit, formState, reset, setError } = form;

  useEffect(() => {
    if (creating) return undefined;
    let current = true;
    fetchFooterItem(id).then(
      (item) => {
        if (!current) return;
        reset({ label: item.label, to: item.to });
        setReady(true);
      },
      (error: unknown) => {
        // A load failure is an error (spec 2 §8); there is nothing to edit.
        toast.failure(error);
        if (current) onClose(false);
      },
    );
    return () => {
      current = false;
    };
  }, [id, creating, reset, onClose]);

  const submit = handleSubmit(async ({ label, to }) => {
    const fields = { label: label.trim(), to: to.trim() };
    const call = creating ? () => createFooterItem(fields) : () => updateFooterItem(id, fields);
    // Spec 2 §8: create and update failures are warnings.
    const conflict = creating ? undefined : formConflict(form, (item: FooterItemForm) => ({ label: item.label, to: item.to }), { labels: { label: 'Label', to: 'Link' } });
    if (await saveForm({ call, setError, fields: SERVER_FIELDS, failureState: 'warning', conflict })) onClose(true);
  });

  return (
    <FormModal
      title={creating ? 'Add Footer Item' : 'Edit Footer Item'}
      okText={creating ? 'Add Footer Item' : 'Save Changes'}
      valid={formState.isValid}
      submitting={formState.isSubmitting}
      unsaved={formState.isDirty}
      ready={ready}
      onSubmit={() => void submit()}
      onCancel={() => onClose(false)}
    >
      <Spin spinning={!ready}>
        <TextField control={control} name="label" label="Label" required maxLength={LIMITS.footerItem.label} autoComplete="off" />
        <TextField
          control={control}
          name="to"
          label="Link"
          required
          maxLength={LIMITS.footerItem.to}
          autoComplete="off"
          placeholder="/deals or https://…"
          extra="A site path such as /deals, an http(s) address, mailto: or tel:."
        />
      </Spin>
    </FormModal>
  );
}
