import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Checkbox, Col, Divider, InputNumber, Radio, Row, Space, Spin, Switch, Form } from 'antd';
import { FEED_FORMATS, FEED_LIMITS, FEED_MODE_LABELS, FEED_MODES, type Feed, type Store } from '@deals/contract';
import { toast } from '@deals/shared-auth';
import { FormField, FormModal, formConflict, PasswordField, saveForm, SwitchField, TextField } from '@deals/shared-auth/ui';
import { fetchStores, lookupOptions } from '../../lib/lookups';
import { createFeed, fetchFeed, updateFeed } from './api';
import { applyListErrors, blankFeed, FEED_SERVER_FIELDS, feedSchema, fromFeed, toFeedBody, type FeedFormValues } from './feedForm';
import { AdvertiserRows, KeyTextRows } from './FeedListFields';

const MODAL_WIDTH = 880;

const LABELS = {
  name: 'Name',
  url: 'URL',
  format: 'Format',
  mode: 'Mode',
  everyHours: 'Run every',
  listsAllOffers: 'Lists all offers',
  isActive: 'Active',
  secretHeaderName: 'Secret header name',
  columns: 'Column mapping',
  defaults: 'Defaults',
  advertisers: 'Advertisers',
};

/** The stores an advertiser may be matched to (the deal form's list); a failed load leaves it empty and says so. */
function useStores() {
  const [stores, setStores] = useState<Store[]>([]);
  useEffect(() => {
    fetchStores().then(setStores, (error: unknown) => toast.failure(error));
  }, []);
  return stores;
}

/** The feed being edited, read afresh (its version with it); null while it loads or when adding one. */
function useFeed(id: number, onFailed: () => void) {
  const [feed, setFeed] = useState<Feed | null>(null);
  useEffect(() => {
    if (!id) return;
    let current = true;
    fetchFeed(id).then(
      (found) => current && setFeed(found),
      (error: unknown) => {
        toast.failure(error);
        if (current) onFailed();
      },
    );
    return () => {
      current = false;
    };
  }, [id, onFailed]);
  return feed;
}

/**
 * Add or edit a feed: where it is read from and how, how often, and how its offers become deals
 * (mapped headers, default values, advertisers' stores). `id` 0 adds one. The secret header's
 * value is write-only: left empty on edit, the stored one is kept.
 */
export function FeedModal({ id, onClose }: { id: number; onClose: (saved: boolean) => void }) {
  const creating = id === 0;
  const form = useForm<FeedFormValues>({ resolver: yupResolver(feedSchema), mode: 'onTouched', defaultValues: blankFeed() });
  const { control, handleSubmit, formState, getValues, reset, setError, setValue, trigger } = form;
  const stores = useStores();
  const closeFailed = useCallback(() => onClose(false), [onClose]);
  const feed = useFeed(id, closeFailed);
  const [advertisers, removeSecret, headerName] = useWatch({ control, name: ['advertisers', 'removeSecret', 'secretHeaderName'] });
  const storeOptions = useMemo(() => lookupOptions(stores, (advertisers ?? []).flatMap((row) => (row.storeId ? [row.storeId] : []))), [stores, advertisers]);

  useEffect(() => {
    if (feed) reset(fromFeed(feed));
  }, [feed, reset]);

  // A value asks for its header's name: naming it (or clearing it) settles the value's message.
  useEffect(() => {
    if (getValues('secretHeaderValue')) void trigger('secretHeaderValue');
  }, [headerName, getValues, trigger]);

  const hasSecret = feed?.hasSecret ?? false;
  const submit = handleSubmit(async (values) => {
    const body = toFeedBody(values, hasSecret);
    const save = async () => {
      try {
        return creating ? await createFeed(body) : await updateFeed({ id, ...body });
      } catch (error) {
        applyListErrors(error, values, setError);
        throw error;
      }
    };
    const conflict = formConflict(form, fromFeed, { labels: LABELS, skip: ['secretHeaderValue', 'removeSecret'] });
    if (await saveForm({ call: save, setError, fields: FEED_SERVER_FIELDS, conflict })) onClose(true);
  });

  const ready = creating || feed !== null;
  return (
    <FormModal
      title={creating ? 'Add feed' : 'Edit feed'}
      okText={creating ? 'Add feed' : 'Save Changes'}
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
          <Col xs={24} md={12}>
            <TextField control={control} name="name" label={LABELS.name} required maxLength={FEED_LIMITS.nameMax} autoComplete="off" />
          </Col>
          <Col xs={24} md={12}>
            <TextField control={control} name="url" label={LABELS.url} required maxLength={FEED_LIMITS.urlMax} placeholder="https://" autoComplete="off" />
          </Col>
          <Col xs={24} md={8}>
            <FormField control={control} name="format" label={LABELS.format} required>
              {({ field, id: controlId }) => (
                <Radio.Group id={controlId} value={field.value} onChange={(event) => field.onChange(event.target.value)} optionType="button" options={FEED_FORMATS.map((format) => ({ value: format, label: format }))} />
              )}
            </FormField>
          </Col>
          <Col xs={24} md={16}>
            <FormField control={control} name="mode" label={LABELS.mode} required>
              {({ field, id: controlId }) => (
                <Radio.Group id={controlId} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                  <Space direction="vertical">
                    {FEED_MODES.map((mode) => (
                      <Radio key={mode} value={mode}>
                        {FEED_MODE_LABELS[mode]}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              )}
            </FormField>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <FormField control={control} name="everyHours" label={LABELS.everyHours} required>
              {({ field, id: controlId, invalid }) => (
                <InputNumber
                  id={controlId}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? null)}
                  onBlur={field.onBlur}
                  min={FEED_LIMITS.everyHoursMin}
                  max={FEED_LIMITS.everyHoursMax}
                  precision={0}
                  suffix="hours"
                  status={invalid ? 'error' : undefined}
                  style={{ width: '100%' }}
                />
              )}
            </FormField>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <FormField control={control} name="listsAllOffers" label={LABELS.listsAllOffers} extra="An offer missing from a complete run has ended.">
              {({ field, id: controlId }) => <Switch id={controlId} checked={Boolean(field.value)} onChange={field.onChange} checkedChildren="Yes" unCheckedChildren="No" />}
            </FormField>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <SwitchField control={control} name="isActive" label={LABELS.isActive} />
          </Col>
        </Row>

        <Divider orientation="left" plain>
          Secret header
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextField control={control} name="secretHeaderName" label={LABELS.secretHeaderName} maxLength={FEED_LIMITS.headerNameMax} placeholder="e.g. Authorization" autoComplete="off" extra="Sent with every request for the feed, such as an API key." />
          </Col>
          <Col xs={24} md={12}>
            <PasswordField
              control={control}
              name="secretHeaderValue"
              label="Secret header value"
              maxLength={FEED_LIMITS.headerValueMax}
              autoComplete="new-password"
              disabled={removeSecret}
              extra={hasSecret ? 'Stored — leave empty to keep.' : 'Stored encrypted and never shown again.'}
            />
            {hasSecret && (
              <Controller
                control={control}
                name="removeSecret"
                render={({ field }) => (
                  <Form.Item>
                    <Checkbox
                      checked={field.value}
                      onChange={(event) => {
                        field.onChange(event.target.checked);
                        if (event.target.checked) setValue('secretHeaderValue', '', { shouldValidate: true });
                      }}
                    >
                      Remove the stored value
                    </Checkbox>
                  </Form.Item>
                )}
              />
            )}
          </Col>
        </Row>

        <Divider />
        <KeyTextRows control={control} trigger={trigger} list="columns" />
        <Divider />
        <KeyTextRows control={control} trigger={trigger} list="defaults" />
        <Divider />
        <AdvertiserRows control={control} trigger={trigger} stores={storeOptions} />
      </Spin>
    </FormModal>
  );
}
