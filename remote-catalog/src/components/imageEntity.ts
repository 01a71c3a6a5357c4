import type { ComponentType } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { boolean, mixed, object, string, type AnyObjectSchema, type ObjectShape } from 'yup';
import type { ProColumns } from '@ant-design/pro-components';
import type { CreatedResponse, MessageResponse, Store } from '@deals/contract';
import type { SortOrderList, SortValue } from '@deals/shared-auth/ui';
import { tooLongMessage } from '@deals/contract/messages';

// Stores and product categories are the same kind of record: a name, an image, an active flag
// (and, for categories, a notify flag), in a sortable list. One screen and one modal serve both;
// what differs (texts, calls, flags) is described by an `ImageEntityScreen`.

/** A store or a product category as the lists and the by-id calls answer (same fields). */
export type ImageEntity = Pick<Store, 'id' | 'name' | 'imageFilePath' | 'isActive' | 'notifyImmediately' | 'sortOrder'>;

export type FlagName = 'isActive' | 'notifyImmediately';

/** A Yes/No flag of the record: a switch in the modal, a column (filter, sort, CSV) in the table. */
export interface FlagField {
  name: FlagName;
  /** Column title and switch label, e.g. Is Active? */
  label: string;
  /** Its value in the Add New modal. */
  default: boolean;
}

/** Values of a screen's extra fields under the API's names: text, as multipart sends them. */
export type ExtraValues = Record<string, string>;

/**
 * What the modal's form holds; `logo` is the picked image, not yet sent. A screen's extra fields
 * sit beside the others under their API names, so the server's field errors and the edit-conflict
 * comparison treat them like the name.
 */
export interface ImageEntityValues {
  name: string;
  isActive: boolean;
  notifyImmediately: boolean;
  logo: File | null;
  [extra: string]: unknown;
}

/** The fields a create or update sends besides the image: the name, the screen's flags and extra fields. */
export type ImageEntityFields = { name: string } & Partial<Record<FlagName, boolean>> & Partial<ExtraValues>;

/**
 * Fields one screen adds to the modal below the flags (stores: the affiliate network and link
 * template), so that screen does not need a modal of its own.
 */
export interface ImageEntityExtraFields {
  /** Field name → label (the edit-conflict dialog names them so). */
  labels: Readonly<Record<string, string>>;
  /** A new record's values. */
  blank: ExtraValues;
  /** A loaded record's values (the record as the screen's `get` answered it). */
  fromRecord: (record: ImageEntity) => ExtraValues;
  /** Their rules, added to the name's (`imageEntitySchema`). */
  rules: ObjectShape;
  /** The inputs, drawn with the modal's form. */
  Inputs: ComponentType<{ form: UseFormReturn<ImageEntityValues> }>;
}

/**
 * Columns one screen adds to its table after the flags (stores: their earnings), with the data
 * they read loaded beside the list on every load.
 */
export interface ImageEntityExtraColumns {
  /** Loads what the columns show; resolves even when that fails (the list still shows). */
  load: () => Promise<void>;
  columns: ProColumns<ImageEntity>[];
  /** Sortable column → the value it sorts by (the table sorts on the client). */
  sorters: Record<string, (row: ImageEntity) => SortValue>;
  /** Added to the table's scroll width. */
  width: number;
}

/** The API calls of one kind of record. */
export interface ImageEntityCalls {
  /** Every record, active or not. */
  list: () => Promise<ImageEntity[]>;
  get: (id: number) => Promise<ImageEntity>;
  /** Multipart, with the image in `logo`. */
  create: (fields: ImageEntityFields, image: File) => Promise<CreatedResponse>;
  /** Multipart; `image` only when it was replaced. */
  update: (id: number, fields: ImageEntityFields, image: File | null) => Promise<MessageResponse>;
  remove: (id: number) => Promise<MessageResponse>;
  /** The whole list with its new sortOrder, in one call. */
  sort: (order: SortOrderList) => Promise<MessageResponse>;
}

/** The name field's rule: its label, limit and required message. */
export interface NameRule {
  label: string;
  max: number;
  required: string;
}

/** Everything that makes the generic screen the Stores screen or the Product Categories screen. */
export interface ImageEntityScreen {
  /** The page title, plural: Stores → Sort Stores. */
  title: string;
  /** One record: Store → Add New Store, Edit Store, "Delete the store Amazon?". */
  noun: string;
  /** The name's label (column and field) and rule. */
  name: NameRule;
  /** The modal's rules (`imageEntitySchema`); loosely typed since the extra fields vary by screen. */
  schema: AnyObjectSchema;
  /** The image's column title and field label (Logo, Image). */
  imageLabel: string;
  /** The create-without-image message (spec: Please upload an Image). */
  imageRequired: string;
  /** The flags in the order the table and modal show them. */
  flags: readonly FlagField[];
  calls: ImageEntityCalls;
  /** The downloaded file's name, without .csv. */
  csvName: string;
  /** Adds the table's jump-to-page box. */
  jumpToPage?: boolean;
  /** Fields the modal adds below the flags. */
  extraFields?: ImageEntityExtraFields;
}

/** The modal form's rules for a screen's name rule (spec §5 Store, spec 2 §5 Product category) and its extra fields' rules. */
export function imageEntitySchema({ label, max, required }: NameRule, extra: ImageEntityExtraFields['rules'] = {}): AnyObjectSchema {
  return object({
    ...extra,
    name: string().trim().required(required).max(max, tooLongMessage(label, max)),
    isActive: boolean().required().default(true),
    notifyImmediately: boolean().required().default(false),
    // Required on create only, and checked on submit rather than by the schema: the button stays
    // enabled so that the click can say "Please upload an Image".
    logo: mixed<File>().nullable().default(null),
  });
}

/** The Add New modal's values: empty name, the flags' defaults, no image, the extra fields' blanks. */
export function blankValues(flags: readonly FlagField[], extra?: ImageEntityExtraFields): ImageEntityValues {
  const values: ImageEntityValues = { ...extra?.blank, name: '', isActive: true, notifyImmediately: false, logo: null };
  for (const flag of flags) values[flag.name] = flag.default;
  return values;
}
