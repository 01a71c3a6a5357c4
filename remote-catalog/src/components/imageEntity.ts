import { boolean, mixed, object, string, type ObjectSchema } from 'yup';
import type { CreatedResponse, MessageResponse, Store } from '@deals/contract';
import type { SortOrderList } from '@deals/shared-auth/ui';
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

/** What the modal's form holds; `logo` is the picked image, not yet sent. */
export interface ImageEntityValues {
  name: string;
  isActive: boolean;
  notifyImmediately: boolean;
  logo: File | null;
}

/** The fields a create or update sends besides the image: the name and the screen's flags. */
export type ImageEntityFields = { name: string } & Partial<Record<FlagName, boolean>>;

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
  schema: ObjectSchema<ImageEntityValues>;
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
}

/** The modal form's rules for a screen's name rule (spec §5 Store, spec 2 §5 Product category). */
export function imageEntitySchema({ label, max, required }: NameRule): ObjectSchema<ImageEntityValues> {
  return object({
    name: string().trim().required(required).max(max, tooLongMessage(label, max)),
    isActive: boolean().required().default(true),
    notifyImmediately: boolean().required().default(false),
    // Required on create only, and checked on submit rather than by the schema: the button stays
    // enabled so that the click can say "Please upload an Image".
    logo: mixed<File>().nullable().default(null),
  });
}

/** The Add New modal's values: empty name, the flags' defaults, no image. */
export function blankValues(flags: readonly FlagField[]): ImageEntityValues {
  const values: ImageEntityValues = { name: '', isActive: true, notifyImmediately: false, logo: null };
  for (const flag of flags) values[flag.name] = flag.default;
  return values;
}
