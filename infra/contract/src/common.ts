/**
 * Building blocks of every schema: the error shape, query flags, id parameters and field builders
 * that carry the spec's messages (`messages: { keyword: text }`, answered by the server's error
 * handler and readable by the forms).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { HEX_COLOR_PATTERN } from './limits.ts';
import { tooLongMessage } from './messages.ts';

/** `T | null`, the shape of every optional database column in a response. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Every failure answers `{ message }`; validation failures add `errors: { field: message }`.
 */
export const ErrorResponseSchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/** Mutations answer `{ message }` (shown to the user as a success toast). */
export const MessageResponseSchema = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponseSchema>;

/** Creates answer `{ message, id }`. */
export const CreatedResponseSchema = Type.Object({ message: Type.String(), id: Type.Integer() });
export type CreatedResponse = Static<typeof CreatedResponseSchema>;

export const HealthResponseSchema = Type.Object({ status: Type.Literal('ok') });
export type HealthResponse = Static<typeof HealthResponseSchema>;

/**
 * Query flag such as `isActive=` in `GetAllCategories?isActive={flag}`: the admin lists pass an
 * empty value meaning "all", so it is a string, not a coerced boolean ('' would become false).
 */
export const OptionalFlagSchema = Type.Optional(
  Type.String({ pattern: '^(|true|false|True|False)$', messages: { pattern: 'Must be true, false or empty' } }),
);
export const IsActiveQuerySchema = Type.Object({ isActive: OptionalFlagSchema });
export type IsActiveQuery = Static<typeof IsActiveQuerySchema>;

/** A database id in a query string or body. */
export const IdSchema = (label = 'id') =>
  Type.Integer({ minimum: 1, maximum: 2147483647, messages: { type: `${label} must be a number`, minimum: `${label} is invalid`, maximum: `${label} is invalid` } });

/** `?name={id}` with one required id, e.g. `IdQuery('productId')`. */
export const IdQuery = <K extends string>(name: K) => Type.Object({ [name]: IdSchema(name) } as { [P in K]: ReturnType<typeof IdSchema> });

/** Body of the Sort… calls: the items in their new order, each with its new `sortOrder`. */
export const SortItemsSchema = Type.Array(Type.Object({ id: IdSchema(), sortOrder: Type.Integer({ minimum: 0, maximum: 1_000_000 }) }), {
  maxItems: 10_000,
});
export type SortItems = Static<typeof SortItemsSchema>;


interface TextOptions {
  /** Shown in the default messages, e.g. "Product Name". */
  label: string;
  max: number;
  /** Message for a missing or blank value; makes the field required. */
  required?: string;
  /** Overrides "<label> must be at most N characters". */
  maxMessage?: string;
}

const maxMessage = (o: TextOptions) => o.maxMessage ?? tooLongMessage(o.label, o.max);

/** A required text field: missing, empty or blank answers `required`. */
export const RequiredText = (o: TextOptions & { required: string }) =>
  Type.String({
    minLength: 1,
    maxLength: o.max,
    pattern: '\\S',
    messages: { required: o.required, minLength: o.required, pattern: o.required, maxLength: maxMessage(o), type: o.required },
  });

/** An optional text field: absent, null or a string up to `max`. */
export const OptionalText = (o: TextOptions) =>
  Type.Optional(Nullable(Type.String({ maxLength: o.max, messages: { maxLength: maxMessage(o), type: `${o.label} must be text` } })));

/** A hex colour such as `#000000`. */
export const HexColor = (label: string, max: number) =>
  Type.String({
    maxLength: max,
    pattern: HEX_COLOR_PATTERN,
    messages: { pattern: 'Please enter a valid hex colour such as #000000', maxLength: `${label} must be at most ${max} characters` },
  });

/** An email address. */
export const Email = (o: { max: number; required: string; invalid: string; label?: string }) =>
  Type.String({
    minLength: 1,
    maxLength: o.max,
    format: 'email',
    messages: { required: o.required, minLength: o.required, format: o.invalid, maxLength: `${o.label ?? 'Email'} must be at most ${o.max} characters`, type: o.invalid },
  });

/**
 * A boolean field. Multipart forms send "true"/"false" text, which the validator coerces; JSON
 * bodies send booleans.
 */
export const Flag = (label: string) => Type.Boolean({ messages: { type: `${label} must be true or false` } });

/**
 * An uploaded file field of a multipart form. The bytes arrive as a Buffer and are checked by the
 * image service (content sniffing, size, pixels), never by their declared type or name.
 */
export const FileField = (description = 'An image file: JPEG, PNG, WebP or GIF, at most 10 MB') =>
  Type.Optional(Type.Unknown({ description }));
