import { useEffect, type ReactNode } from 'react';
import { Controller, useFieldArray, useFormState, useWatch, type Control, type FieldPath, type UseFormTrigger } from 'react-hook-form';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FEED_LIMITS, FEED_MESSAGES } from '@deals/contract';
import { COLUMN_OPTIONS, DEFAULT_OPTIONS } from './feedText';
import type { FeedFormValues } from './feedForm';

// The feed's three maps as lists of rows (react-hook-form's field arrays): which column a feed
// header fills, the values cells default to, and which store each advertiser is.

type Control_ = Control<FeedFormValues>;
type Option = { value: string | number; label: string };
type Trigger = UseFormTrigger<FeedFormValues>;

/**
 * A row's rules tie its two halves together (both or neither): the whole list is checked again on
 * every change, so the half still missing says so at once rather than when it is next left.
 */
function useRecheck(control: Control_, list: 'columns' | 'defaults' | 'advertisers', trigger: Trigger) {
  const rows = JSON.stringify(useWatch({ control, name: list }) ?? []);
  useEffect(() => {
    if (rows !== '[]') void trigger(list);
  }, [rows, list, trigger]);
}

/** One control of a row, its message under it. */
function RowControl({ control, name, children }: { control: Control_; name: FieldPath<FeedFormValues>; children: (props: { value: unknown; onChange: (value: unknown) => void; onBlur: () => void; invalid: boolean }) => ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item style={{ flex: 1, minWidth: 160, marginBottom: 8 }} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message}>
          {children({ value: field.value, onChange: field.onChange, onBlur: field.onBlur, invalid: fieldState.invalid })}
        </Form.Item>
      )}
    />
  );
}

/** The list's own message (the API's about the whole map), under its rows. */
function ListError({ control, list }: { control: Control_; list: 'columns' | 'defaults' | 'advertisers' }) {
  const { errors } = useFormState({ control, name: list });
  const message = errors.root?.[list]?.message ?? (errors[list] as { message?: string } | undefined)?.message;
  return message ? <Typography.Text type="danger">{message}</Typography.Text> : null;
}

interface ListSpec {
  list: 'columns' | 'defaults';
  title: string;
  help: string;
  keyLabel: string;
  textLabel: string;
  textField: 'header' | 'value';
  placeholder: string;
  options: Option[];
  add: string;
}

const SPECS: Record<'columns' | 'defaults', ListSpec> = {
  columns: {
    list: 'columns',
    title: 'Column mapping',
    help: 'Only for headers the import does not already know: the template’s headers and their usual aliases are found by themselves.',
    keyLabel: 'Column',
    textLabel: 'Feed header',
    textField: 'header',
    placeholder: 'The header as the feed writes it',
    options: COLUMN_OPTIONS,
    add: 'Add a column',
  },
  defaults: {
    list: 'defaults',
    title: 'Defaults',
    help: 'A value for cells the offers leave empty or lack (a network gives no product category or price, for one).',
    keyLabel: 'Default column',
    textLabel: 'Default value',
    textField: 'value',
    placeholder: 'e.g. Coupons',
    options: DEFAULT_OPTIONS,
    add: 'Add a default',
  },
};

/** Column mapping or defaults: a column select (each column once) and its text. */
export function KeyTextRows({ control, trigger, list }: { control: Control_; trigger: Trigger; list: 'columns' | 'defaults' }) {
  const spec = SPECS[list];
  const { fields, append, remove } = useFieldArray({ control, name: list });
  useRecheck(control, list, trigger);
  const rows = useWatch({ control, name: list }) as { key: string | null }[] | undefined;
  const taken = (index: number) => new Set((rows ?? []).filter((_, other) => other !== index).map((row) => row.key));
  return (
    <section aria-label={spec.title}>
      <Typography.Title level={5}>{spec.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{spec.help}</Typography.Paragraph>
      {fields.map((row, index) => (
        <Flex key={row.id} gap={8} wrap align="start">
          <RowControl control={control} name={`${list}.${index}.key`}>
            {({ value, onChange, onBlur, invalid }) => (
              <Select
                aria-label={`${spec.keyLabel} ${index + 1}`}
                value={(value as string | null) ?? undefined}
                onChange={onChange}
                onBlur={onBlur}
                options={spec.options.filter((option) => !taken(index).has(String(option.value)))}
                placeholder={spec.keyLabel}
                showSearch
                optionFilterProp="label"
                status={invalid ? 'error' : undefined}
              />
            )}
          </RowControl>
          <RowControl control={control} name={`${list}.${index}.${spec.textField}` as FieldPath<FeedFormValues>}>
            {({ value, onChange, onBlur, invalid }) => (
              <Input
                aria-label={`${spec.textLabel} ${index + 1}`}
                value={(value as string | undefined) ?? ''}
                onChange={(event) => onChange(event.target.value)}
                onBlur={onBlur}
                maxLength={FEED_LIMITS.cellMax}
                placeholder={spec.placeholder}
                status={invalid ? 'error' : undefined}
              />
            )}
          </RowControl>
          <Button icon={<DeleteOutlined />} aria-label={`Remove ${spec.keyLabel.toLowerCase()} ${index + 1}`} onClick={() => remove(index)} />
        </Flex>
      ))}
      <ListError control={control} list={list} />
      <div>
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => append(list === 'columns' ? { key: null, header: '' } : { key: null, value: '' })}>
          {spec.add}
        </Button>
      </div>
    </section>
  );
}

/** Advertiser id or name (as the feed writes it) → the store its offers belong to. */
export function AdvertiserRows({ control, trigger, stores }: { control: Control_; trigger: Trigger; stores: Option[] }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'advertisers' });
  useRecheck(control, 'advertisers', trigger);
  const full = fields.length >= FEED_LIMITS.advertisersMax;
  return (
    <section aria-label="Advertisers">
      <Typography.Title level={5}>Advertisers</Typography.Title>
      <Typography.Paragraph type="secondary">Which store an advertiser’s offers go to, when its name in the feed is not the store’s name. Unknown advertisers are listed in the run’s history, never created.</Typography.Paragraph>
      {fields.map((row, index) => (
        <Flex key={row.id} gap={8} wrap align="start">
          <RowControl control={control} name={`advertisers.${index}.advertiser`}>
            {({ value, onChange, onBlur, invalid }) => (
              <Input
                aria-label={`Advertiser ${index + 1}`}
                value={(value as string | undefined) ?? ''}
                onChange={(event) => onChange(event.target.value)}
                onBlur={onBlur}
                maxLength={FEED_LIMITS.cellMax}
                placeholder="Advertiser id or name"
                status={invalid ? 'error' : undefined}
              />
            )}
          </RowControl>
          <RowControl control={control} name={`advertisers.${index}.storeId`}>
            {({ value, onChange, onBlur, invalid }) => (
              <Select
                aria-label={`Store of advertiser ${index + 1}`}
                value={(value as number | null) ?? undefined}
                onChange={onChange}
                onBlur={onBlur}
                options={stores}
                placeholder="Store"
                showSearch
                optionFilterProp="label"
                status={invalid ? 'error' : undefined}
              />
            )}
          </RowControl>
          <Button icon={<DeleteOutlined />} aria-label={`Remove advertiser ${index + 1}`} onClick={() => remove(index)} />
        </Flex>
      ))}
      <ListError control={control} list="advertisers" />
      <div>
        <Button type="dashed" icon={<PlusOutlined />} disabled={full} onClick={() => append({ advertiser: '', storeId: null })}>
          Add an advertiser
        </Button>
        {full && <Typography.Text type="secondary"> {FEED_MESSAGES.advertisers}</Typography.Text>}
      </div>
    </section>
  );
}
