import { array, boolean, number, object, string, type InferType } from 'yup';
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { CreateFeedBodySchema, FEED_FORMATS, FEED_LIMITS, FEED_MESSAGES, FEED_MODES, type CreateFeedBody, type Feed, type FeedFormat, type FeedMode } from '@deals/contract';
import { MESSAGES } from '@deals/contract/messages';

// The feed form holds the three maps (columns, defaults, advertisers) as rows the person adds and
// removes; the API takes them as objects. The contract's own patterns and messages check them first.

const settings = CreateFeedBodySchema.properties;
const URL_PATTERN = new RegExp(settings.url.pattern ?? '');
const HEADER_NAME_PATTERN = new RegExp(settings.secretHeaderName.anyOf[1].pattern ?? '');
const HEADER_VALUE_PATTERN = new RegExp(settings.secretHeaderValue.anyOf[1].pattern ?? '');

/** Words for a half-filled row: the contract has none, since the API only ever sees whole pairs. */
export const ROW_MESSAGES = {
  column: 'Choose a column',
  header: "Give the feed's header for this column",
  value: 'Give the value',
  advertiser: "Give the advertiser's id or name as the feed writes it",
  advertiserTwice: 'This advertiser is listed twice',
} as const;

const blank = (text: string | null | undefined) => !text?.trim();
const cell = () => string().default('').max(FEED_LIMITS.cellMax, FEED_MESSAGES.cell);

/** A row of a key select and a text: either both given, or neither (then it is dropped). */
const keyNeedsText = (textOf: (row: Record<string, unknown>) => unknown) =>
  string()
    .nullable()
    .default(null)
    .test('key', ROW_MESSAGES.column, function check(key) {
      return !blank(key) || blank(textOf(this.parent as Record<string, unknown>) as string);
    });
const textNeedsKey = (message: string) =>
  cell().test('text', message, function check(text) {
    return !blank(text) || blank((this.parent as { key: string | null }).key);
  });

const columnRow = object({ key: keyNeedsText((row) => row.header), header: textNeedsKey(ROW_MESSAGES.header) });
const defaultRow = object({ key: keyNeedsText((row) => row.value), value: textNeedsKey(ROW_MESSAGES.value) });

const advertiserRow = object({
  advertiser: cell().test('advertiser', ROW_MESSAGES.advertiser, function check(advertiser) {
    return !blank(advertiser) || (this.parent as { storeId: number | null }).storeId == null;
  }),
  storeId: number()
    .nullable()
    .default(null)
    .test('store', MESSAGES.deal.storeRequired, function check(storeId) {
      return storeId != null || blank((this.parent as { advertiser: string }).advertiser);
    }),
});

export const feedSchema = object({
  name: string().default('').trim().required(FEED_MESSAGES.nameRequired).max(FEED_LIMITS.nameMax, FEED_MESSAGES.nameTooLong),
  url: string().default('').trim().required(FEED_MESSAGES.url).max(FEED_LIMITS.urlMax, FEED_MESSAGES.url).matches(URL_PATTERN, FEED_MESSAGES.url),
  format: string<FeedFormat>().oneOf([...FEED_FORMATS], FEED_MESSAGES.format).required(FEED_MESSAGES.format),
  mode: string<FeedMode>().oneOf([...FEED_MODES], FEED_MESSAGES.mode).required(FEED_MESSAGES.mode),
  everyHours: number()
    .typeError(FEED_MESSAGES.everyHours)
    .nullable()
    .required(FEED_MESSAGES.everyHours)
    .integer(FEED_MESSAGES.everyHours)
    .min(FEED_LIMITS.everyHoursMin, FEED_MESSAGES.everyHours)
    .max(FEED_LIMITS.everyHoursMax, FEED_MESSAGES.everyHours),
  listsAllOffers: boolean().default(true),
  isActive: boolean().default(true),
  secretHeaderName: string().default('').trim().max(FEED_LIMITS.headerNameMax, FEED_MESSAGES.headerName).matches(HEADER_NAME_PATTERN, FEED_MESSAGES.headerName),
  secretHeaderValue: string()
    .default('')
    .max(FEED_LIMITS.headerValueMax, FEED_MESSAGES.headerValue)
    .matches(HEADER_VALUE_PATTERN, FEED_MESSAGES.headerValue)
    .test('with-name', FEED_MESSAGES.headerValueWithoutName, function check(value) {
      return blank(value) || !blank((this.parent as { secretHeaderName: string }).secretHeaderName);
    }),
  /** Edit only: drop the stored secret value. */
  removeSecret: boolean().default(false),
  columns: array(columnRow).default([]),
  defaults: array(defaultRow).default([]),
  advertisers: array(advertiserRow)
    .default([])
    .max(FEED_LIMITS.advertisersMax, FEED_MESSAGES.advertisers)
    .test('once', ROW_MESSAGES.advertiserTwice, function check(rows) {
      const names = (rows ?? []).map((row) => row.advertiser.trim());
      const twice = names.findIndex((name, index) => name !== '' && names.indexOf(name) < index);
      return twice < 0 || this.createError({ path: `${this.path}[${twice}].advertiser`, message: ROW_MESSAGES.advertiserTwice });
    }),
});

export type FeedFormValues = InferType<typeof feedSchema>;
export type ColumnRow = FeedFormValues['columns'][number];
export type DefaultRow = FeedFormValues['defaults'][number];
export type AdvertiserRow = FeedFormValues['advertisers'][number];

/** A new feed: CSV, new offers wait for review, read daily, each run a complete listing. */
export const blankFeed = (): FeedFormValues => ({
  name: '',
  url: '',
  format: 'CSV',
  mode: 'REVIEW',
  everyHours: 24,
  listsAllOffers: true,
  isActive: true,
  secretHeaderName: '',
  secretHeaderValue: '',
  removeSecret: false,
  columns: [],
  defaults: [],
  advertisers: [],
});

/** A stored feed as the edit form shows it; the secret's value is never answered, only whether there is one. */
export function fromFeed(feed: Feed): FeedFormValues {
  return {
    name: feed.name,
    url: feed.url,
    format: feed.format,
    mode: feed.mode,
    everyHours: feed.everyHours,
    listsAllOffers: feed.listsAllOffers,
    isActive: feed.isActive,
    secretHeaderName: feed.secretHeaderName ?? '',
    secretHeaderValue: '',
    removeSecret: false,
    columns: Object.entries(feed.columns).map(([key, header]) => ({ key, header })),
    defaults: Object.entries(feed.defaults).map(([key, value]) => ({ key, value })),
    advertisers: Object.entries(feed.advertisers).map(([advertiser, storeId]) => ({ advertiser, storeId })),
  };
}

/** Rows as the map the API takes: keys trimmed, rows missing either half dropped. */
function toMap<Row, Value extends string | number>(rows: readonly Row[], key: (row: Row) => string | null, value: (row: Row) => Value | null): Record<string, Value> {
  const map: Record<string, Value> = {};
  for (const row of rows) {
    const name = key(row)?.trim();
    const given = value(row);
    if (!name || given === null || given === '') continue;
    map[name] = (typeof given === 'string' ? given.trim() : given) as Value;
  }
  return map;
}

/**
 * What the secret header value becomes: typed, it replaces the stored one; removed (or its header
 * name cleared), '' drops it; otherwise absent, which keeps what is stored.
 */
function secretValue(values: FeedFormValues, hasSecret: boolean): Pick<CreateFeedBody, 'secretHeaderValue'> {
  if (values.secretHeaderValue) return { secretHeaderValue: values.secretHeaderValue };
  if (hasSecret && (values.removeSecret || blank(values.secretHeaderName))) return { secretHeaderValue: '' };
  return {};
}

/** The form's values as CreateFeed and UpdateFeed take them; rows left wholly blank are dropped. */
export function toFeedBody(values: FeedFormValues, hasSecret: boolean): CreateFeedBody {
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    format: values.format,
    mode: values.mode,
    everyHours: Number(values.everyHours),
    listsAllOffers: values.listsAllOffers,
    isActive: values.isActive,
    secretHeaderName: values.secretHeaderName.trim() || null,
    ...secretValue(values, hasSecret),
    columns: toMap(values.columns, (row) => row.key, (row) => row.header),
    defaults: toMap(values.defaults, (row) => row.key, (row) => row.value),
    advertisers: toMap(values.advertisers, (row) => row.advertiser, (row) => row.storeId),
  };
}

/** The settings the API names by their own field. */
export const FEED_SERVER_FIELDS = ['name', 'url', 'format', 'mode', 'everyHours', 'listsAllOffers', 'isActive', 'secretHeaderName', 'secretHeaderValue'] as const satisfies readonly FieldPath<FeedFormValues>[];

type ListName = 'columns' | 'defaults' | 'advertisers';
const LIST_TARGETS: Record<ListName, { rowKey: (row: never) => string | null; field: string }> = {
  columns: { rowKey: (row: ColumnRow) => row.key, field: 'header' },
  defaults: { rowKey: (row: DefaultRow) => row.key, field: 'value' },
  advertisers: { rowKey: (row: AdvertiserRow) => row.advertiser.trim(), field: 'storeId' },
};

/**
 * The API names a map's entry by its key (`columns.name`, `advertisers.Awin 123`): the message goes
 * under that entry's row; one about the whole map (too many entries) goes under the list.
 */
export function applyListErrors(error: unknown, values: FeedFormValues, setError: UseFormSetError<FeedFormValues>): void {
  const errors = (error as { response?: { data?: { errors?: Record<string, unknown> } } } | null)?.response?.data?.errors;
  if (!errors || typeof errors !== 'object') return;
  for (const [path, message] of Object.entries(errors)) {
    if (typeof message !== 'string') continue;
    const [list = '', ...rest] = path.split('.');
    if (!(list in LIST_TARGETS)) continue;
    const target = LIST_TARGETS[list as ListName];
    const key = rest.join('.');
    const index = key ? (values[list as ListName] as never[]).findIndex((row) => target.rowKey(row) === key) : -1;
    if (index >= 0) setError(`${list}.${index}.${target.field}` as FieldPath<FeedFormValues>, { type: 'server', message });
    else setError(`root.${list}`, { type: 'server', message });
  }
}
