/**
 * A staff member's own settings of the back office, kept by the API so they follow the person from
 * browser to browser: for now, which columns an admin table shows, in what order, and which are
 * pinned to the left (`Preferences/GetTableColumns`, `Preferences/SaveTableColumns`).
 */
import { Type, type Static } from '@sinclair/typebox';

/** The tables whose columns staff choose (a name per screen). */
export const COLUMN_TABLES = ['product-deals'] as const;
export type ColumnTable = (typeof COLUMN_TABLES)[number];

export const PREFERENCE_LIMITS = {
  /** Columns one table's setting may name. */
  columns: 60,
  /** Length of a column's key (its data field or key in the table). */
  columnKey: 60,
} as const;

export const PREFERENCE_MESSAGES = {
  tableInvalid: `Table must be one of ${COLUMN_TABLES.join(', ')}`,
  columnsInvalid: 'Columns must map each column key to { show, fixed, order }',
  tooManyColumns: `At most ${PREFERENCE_LIMITS.columns} columns`,
  saved: 'Columns saved',
} as const;

const TableName = Type.Unsafe<ColumnTable>({
  type: 'string',
  enum: [...COLUMN_TABLES],
  messages: { enum: PREFERENCE_MESSAGES.tableInvalid, type: PREFERENCE_MESSAGES.tableInvalid, required: PREFERENCE_MESSAGES.tableInvalid },
});

/** One column's setting, as antd ProTable's column settings keep it. */
export const ColumnSettingSchema = Type.Object(
  {
    show: Type.Optional(Type.Boolean()),
    fixed: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('right'), Type.Null()])),
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false, messages: { additionalProperties: PREFERENCE_MESSAGES.columnsInvalid, type: PREFERENCE_MESSAGES.columnsInvalid } },
);
export type ColumnSetting = Static<typeof ColumnSettingSchema>;

/** Column key → setting. A key that is not a column's (spaces, markup, too long) is refused, not dropped. */
export const ColumnSettingsSchema = Type.Record(Type.String(), ColumnSettingSchema, {
  propertyNames: { pattern: `^[A-Za-z0-9_.-]{1,${PREFERENCE_LIMITS.columnKey}}$` },
  maxProperties: PREFERENCE_LIMITS.columns,
  messages: { maxProperties: PREFERENCE_MESSAGES.tooManyColumns, type: PREFERENCE_MESSAGES.columnsInvalid, propertyNames: PREFERENCE_MESSAGES.columnsInvalid, pattern: PREFERENCE_MESSAGES.columnsInvalid },
});
export type ColumnSettings = Static<typeof ColumnSettingsSchema>;

export const TableColumnsQuerySchema = Type.Object({ table: TableName });
export type TableColumnsQuery = Static<typeof TableColumnsQuerySchema>;

/** The caller's setting of the table, or `columns: null` while they have none (the screen's defaults apply). */
export const TableColumnsResponseSchema = Type.Object({ table: TableName, columns: Type.Union([ColumnSettingsSchema, Type.Null()]) });
export type TableColumnsResponse = Static<typeof TableColumnsResponseSchema>;

/** Saves the caller's setting of the table; `columns: null` goes back to the screen's defaults. */
export const SaveTableColumnsBodySchema = Type.Object({ table: TableName, columns: Type.Union([ColumnSettingsSchema, Type.Null()]) }, { additionalProperties: false });
export type SaveTableColumnsBody = Static<typeof SaveTableColumnsBodySchema>;
