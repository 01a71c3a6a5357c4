import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Col, Input, InputNumber, Row, Spin } from 'antd';
import { TRUST_DEFAULTS, TRUST_SETTING_LIMITS } from '@deals/contract';
import { toast } from '@deals/shared-auth';
import { FormField, FormModal, saveForm } from '@deals/shared-auth/ui';
import { fetchTrustSettings, updateTrustSettings } from './api';
import { foldPhraseErrors, SETTINGS_FIELDS, toFormValues, toSettings, trustSettingsSchema, type TrustSettingsValues } from './settingsForm';

const MODAL_WIDTH = 640;
const BLANK: TrustSettingsValues = { ...TRUST_DEFAULTS, softDeadPhrases: '' };

type NumberName = Exclude<(typeof SETTINGS_FIELDS)[number], 'softDeadPhrases'>;

interface NumberSpec {
  name: NumberName;
  label: string;
  max: number;
  suffix?: string;
  extra: string;
}

const NUMBERS: readonly NumberSpec[] = [
  { name: 'minAnswers', label: 'Minimum answers', max: TRUST_SETTING_LIMITS.maxMinAnswers, extra: 'Answers of the last 30 days a deal needs before its success rate shows.' },
  { name: 'lowSuccessPercent', label: 'Low success threshold', max: 100, suffix: '%', extra: 'A success rate below this lists the deal here.' },
  { name: 'checkPeriodHours', label: 'Check period', max: TRUST_SETTING_LIMITS.maxCheckPeriodHours, suffix: 'hours', extra: 'Time between two automatic checks of a link.' },
  {
    name: 'autoDeactivateAfterDeadChecks',
    label: 'Deactivate automatically after',
    max: TRUST_SETTING_LIMITS.maxDeadChecks,
    suffix: 'dead checks',
    extra: 'Leave empty to never switch deals off automatically.',
  },
];

/**
 * Admins: the thresholds behind the queue, the phrases that mark a page as gone, and the optional
 * automatic deactivation. Loaded afresh on every opening, since another admin may have changed them.
 */
export function TrustSettingsModal({ onClose }: { onClose: (saved: boolean) => void }) {
  const { control, handleSubmit, formState, reset, setError } = useForm<TrustSettingsValues>({ resolver: yupResolver(trustSettingsSchema), mode: 'onTouched', defaultValues: BLANK });
  const [ready, setReady] = useState(false);
  // A ref: a parent's new close function must not load the settings again over the person's edits.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    let current = true;
    fetchTrustSettings().then(
      (settings) => {
        if (!current) return;
        reset(toFormValues(settings));
        setReady(true);
      },
      (error: unknown) => {
        toast.failure(error);
        if (current) close.current(false);
      },
    );
    return () => {
      current = false;
    };
  }, [reset]);

  const submit = handleSubmit(async (values) => {
    const call = async () => {
      try {
        return await updateTrustSettings(toSettings(values));
      } catch (error) {
        foldPhraseErrors(error);
        throw error;
      }
    };
    if (await saveForm({ call, setError, fields: SETTINGS_FIELDS })) onClose(true);
  });

  return (
    <FormModal
      title="Needs attention settings"
      okText="Save Settings"
      valid={formState.isValid}
      submitting={formState.isSubmitting}
      unsaved={formState.isDirty}
      ready={ready}
      onSubmit={() => void submit()}
      onCancel={() => onClose(false)}
      width={MODAL_WIDTH}
    >
      <Spin spinning={!ready}>
        <Row gutter={16}>
          {NUMBERS.map((spec) => (
            <Col key={spec.name} xs={24} sm={12}>
              <FormField control={control} name={spec.name} label={spec.label} required={spec.name !== 'autoDeactivateAfterDeadChecks'} extra={spec.extra}>
                {({ field, id, invalid }) => (
                  <InputNumber
                    id={id}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? null)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    min={1}
                    max={spec.max}
                    precision={0}
                    suffix={spec.suffix}
                    placeholder={spec.name === 'autoDeactivateAfterDeadChecks' ? 'Off' : undefined}
                    status={invalid ? 'error' : undefined}
                    aria-invalid={invalid || undefined}
                    style={{ width: '100%' }}
                  />
                )}
              </FormField>
            </Col>
          ))}
        </Row>
        <FormField
          control={control}
          name="softDeadPhrases"
          label="Soft-dead phrases"
          extra={`One a line, at most ${TRUST_SETTING_LIMITS.phrases}. A page that answers but shows one of them (any case) counts as gone.`}
        >
          {({ field, id, invalid }) => (
            <Input.TextArea
              id={id}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              ref={field.ref}
              autoSize={{ minRows: 5, maxRows: 12 }}
              status={invalid ? 'error' : undefined}
              aria-invalid={invalid || undefined}
            />
          )}
        </FormField>
      </Spin>
    </FormModal>
  );
}
