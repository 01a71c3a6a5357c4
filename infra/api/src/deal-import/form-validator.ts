/**
 * The deal form's schema as a row check: compiled by Fastify's own validator compiler with the
 * routes' settings, so an import row or a feed's offer answers exactly the messages the form does,
 * inside a request or in a background job.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import { Type } from '@sinclair/typebox';
import { CreateProductBodySchema } from '@deals/contract';
import { validationErrors } from '../errors.js';
import { AJV_CUSTOM_OPTIONS } from '../lib/ajv-options.js';
import type { FormValidator } from './row-check.js';

export const DealFormSchema = Type.Omit(CreateProductBodySchema, ['image']);

let compiled: FormValidator | null = null;

export function dealFormValidator(): FormValidator {
  if (compiled) return compiled;
  const build = AjvCompiler()({}, { customOptions: AJV_CUSTOM_OPTIONS, plugins: [] } as never);
  const validate = build({ schema: DealFormSchema, method: 'POST', url: '/', httpPart: 'body' }) as ((data: unknown) => boolean) & { errors?: unknown[] | null };
  compiled = (candidate) => {
    if (validate(candidate)) return null;
    const errors = validationErrors((validate.errors ?? []) as Parameters<typeof validationErrors>[0], 'row');
    // `productTypeIds.0` is the column's problem.
    return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field.split('.')[0]!, message]));
  };
  return compiled;
}
