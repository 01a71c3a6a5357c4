/**
 * The operations of the served OpenAPI document, reduced to what the hostile-input generator
 * needs: where each parameter goes, what its schema allows, and which bodies the call reads.
 * Read from the document rather than a list so that calls added later are fuzzed too.
 */

/** The JSON-schema keywords the generator violates on purpose. */
export interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  items?: FieldSchema;
  anyOf?: FieldSchema[];
  oneOf?: FieldSchema[];
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: FieldSchema;
}

export interface Operation {
  method: string;
  /** The document's path, `{name}` for path parameters. */
  path: string;
  parameters: Parameter[];
  /** Body fields by name, from the JSON or form schema (empty when the call declares no body). */
  bodyFields: Record<string, FieldSchema>;
  bodyRequired: string[];
  /** True for calls that declare a request body at all. */
  hasBody: boolean;
  /** `id` for logs and seeds: `POST /api/Banner/CreateBanner`. */
  id: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required?: boolean; schema?: FieldSchema }>; requestBody?: { content?: Record<string, { schema?: FieldSchema }> } }>>;
  components?: { schemas?: Record<string, FieldSchema> };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function resolver(document: OpenApiDocument) {
  return function resolve(schema: FieldSchema | undefined): FieldSchema {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 10; hops++) {
      const name = current.$ref.split('/').pop() ?? '';
      current = document.components?.schemas?.[name] ?? {};
    }
    return current;
  };
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = resolver(document);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
        .map((parameter) => ({ name: parameter.name, in: parameter.in as Parameter['in'], required: Boolean(parameter.required), schema: resolve(parameter.schema) }));
      const contents = Object.values(operation.requestBody?.content ?? {});
      const body = resolve(contents[0]?.schema);
      const bodyFields = Object.fromEntries(Object.entries(body.properties ?? {}).map(([name, schema]) => [name, resolve(schema)]));
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        bodyFields,
        bodyRequired: body.required ?? [],
        hasBody: contents.length > 0,
        id: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return operations;
}
