import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Col, Row, Spin } from 'antd';
import { toast } from '@deals/shared-auth';
import { FormModal, formConflict, ImageUploadField, saveForm, SwitchField, TextField } from '@deals/shared-auth/ui';
import { blankValues, type ImageEntity, type ImageEntityFields, type ImageEntityScreen, type ImageEntityValues } from './imageEntity';

/** Spec 2 §4/§9: after a save the modal closes and its form is reset this much later. */
export const FORM_RESET_DELAY_MS = 250;

/** Which record the modal shows: id 0 adds a new one (spec §4: id 0 means create). */
export interface ModalTarget {
  id: number;
}

interface Props {
  screen: ImageEntityScreen;
  /** The record to show, or null while the modal is closed. A new object for every opening. */
  target: ModalTarget | null;
  /** `saved` when the list should reload. */
  onClose: (saved: boolean) => void;
}

const SERVER_FIELDS = ['name', 'logo'];

/**
 * Add New / Edit modal of a store or product category: name, image (required on create), flags,
 * and the screen's extra fields.
 * It stays mounted while closed so that, as the spec asks, the form is reset after the close
 * (FORM_RESET_DELAY_MS) rather than under the user's eyes; opening it again starts clean at once.
 */
export function ImageEntityModal({ screen, target, onClose }: Props) {
  const { noun, name, imageLabel, imageRequired, flags, calls, extraFields } = screen;
  const blank = useMemo(() => blankValues(flags, extraFields), [flags, extraFields]);
  const form = useForm<ImageEntityValues>({ resolver: yupResolver(screen.schema), mode: 'onTouched', defaultValues: blank });
  const { control, handleSubmit, formState, reset, setError } = form;
  // The loaded record, tagged with the opening it belongs to (a later opening ignores it).
  const [loaded, setLoaded] = useState<{ target: ModalTarget; record: ImageEntity } | null>(null);
  // Counts the closings: each one schedules the delayed reset, which an opening cancels.
  const [closings, setClosings] = useState(0);

  const creating = target?.id === 0;
  const record = target && loaded?.target === target ? loaded.record : null;

  const valuesOf = useCallback(
    (found: ImageEntity): ImageEntityValues => ({ ...blank, ...extraFields?.fromRecord(found), name: found.name, isActive: found.isActive, notifyImmediately: found.notifyImmediately }),
    [blank, extraFields],
  );

  useEffect(() => {
    if (!target) return;
    reset(blank);
    if (target.id === 0) return;
    let current = true;
    calls
      .get(target.id)
      .then((found) => {
        if (!current) return;
        reset(valuesOf(found));
        setLoaded({ target, record: found });
      })
      .catch((error: unknown) => {
        toast.failure(error);
        if (current) onClose(false);
      });
    return () => {
      current = false;
    };
  }, [target, calls, blank, reset, onClose, valuesOf]);

  useEffect(() => {
    if (target || closings === 0) return;
    const timer = setTimeout(() => reset(blank), FORM_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target, closings, blank, reset]);

  if (!target) return null;

  const close = (saved: boolean) => {
    setClosings((count) => count + 1);
    onClose(saved);
  };

  const submit = handleSubmit(async (values) => {
    const image = values.logo;
    if (creating && !image) {
      setError('logo', { type: 'required', message: imageRequired });
      toast.error(imageRequired);
      return;
    }
    const fields: ImageEntityFields = { name: values.name };
    for (const flag of flags) fields[flag.name] = values[flag.name];
    for (const field of Object.keys(extraFields?.labels ?? {})) fields[field] = String(values[field] ?? '');
    // An update sends the image only when one was picked (it replaces the stored one).
    const call = creating && image ? () => calls.create(fields, image) : () => calls.update(target.id, fields, image);
    // Spec 2 §8: create and update failures are warnings.
    // Someone else's save in between: compare and keep the modal open (the new logo is not compared).
    const labels = { name: name.label, ...Object.fromEntries(flags.map((flag) => [flag.name, flag.label])), ...extraFields?.labels };
    const conflict = formConflict(form, valuesOf, { labels, skip: ['logo'] });
    const serverFields = [...SERVER_FIELDS, ...Object.keys(extraFields?.labels ?? {})];
    if (await saveForm({ call, setError, fields: serverFields, failureState: 'warning', conflict })) close(true);
  });

  return (
    <FormModal
      title={creating ? `Add New ${noun}` : `Edit ${noun}`}
      okText={creating ? `Add ${noun}` : 'Save Changes'}
      valid={formState.isValid}
      submitting={formState.isSubmitting}
      unsaved={formState.isDirty}
      ready={creating || record !== null}
      onSubmit={() => void submit()}
      onCancel={() => close(false)}
    >
      <Spin spinning={!creating && !record}>
        <TextField control={control} name="name" label={name.label} required maxLength={name.max} autoComplete="off" />
        <Controller
          control={control}
          name="logo"
          render={({ field, fieldState }) => (
            <ImageUploadField label={imageLabel} file={field.value} onChange={field.onChange} currentPath={record?.imageFilePath} error={fieldState.error?.message} required={creating} />
          )}
        />
        <Row gutter={16}>
          {flags.map((flag) => (
            <Col key={flag.name} xs={24} sm={12}>
              <SwitchField control={control} name={flag.name} label={flag.label} />
            </Col>
          ))}
        </Row>
        {extraFields && <extraFields.Inputs form={form} />}
      </Spin>
    </FormModal>
  );
}
