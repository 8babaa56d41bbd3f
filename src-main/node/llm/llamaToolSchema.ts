// A tool's JSON Schema (as OpenAI clients send it) in the subset node-llama-cpp turns into a grammar
// (GbnfJsonSchema). Its generator reads a few keywords and treats the rest as absent: `anyOf` or a
// `$ref` to `#/definitions/…` would silently become `null`, an untyped schema too. So the schema is
// rewritten where the meaning is kept (anyOf → oneOf, definitions → $defs, a missing type inferred
// from its keywords, "any value" spelled out) and refused with BAD_INPUT where it would not be
// (allOf, not, conditionals…). Value constraints a grammar cannot express (minimum, pattern, …) are
// left out: the arguments have the schema's shape and types, not those bounds (documented).
import type { GbnfJsonSchema } from 'node-llama-cpp';
import { AppError } from '../../common/errors.js';

/** Keywords that change which shapes are valid and that a grammar built here cannot follow. */
const REFUSED = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
];
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
const GRAMMAR_FORMATS = new Set(['date-time', 'time', 'date']);
const MAX_DEPTH = 64;

type Json = Record<string, unknown>;
type Out = Record<string, unknown>;

/** Any JSON value: node-llama-cpp has no keyword for it, so it is the union of every shape. */
const ANY: Out = { oneOf: [{ type: ['string', 'number', 'boolean', 'null'] }, { type: 'object', additionalProperties: true }, { type: 'array' }] };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function refuse(path: string, why: string): never {
  throw new AppError(
    'BAD_INPUT',
    `${path}: ${why}. The embedded model's tool grammar supports type, properties, items, enum, const, oneOf/anyOf, $ref to local definitions, minLength/maxLength, minItems/maxItems.`,
  );
}

function inferType(s: Json): unknown {
  if (s.type !== undefined) return s.type;
  if (s.properties !== undefined || s.additionalProperties !== undefined) return 'object';
  if (s.items !== undefined || s.prefixItems !== undefined) return 'array';
  if (s.minLength !== undefined || s.maxLength !== undefined || s.format !== undefined) return 'string';
  return undefined;
}

function convert(schema: unknown, path: string, depth: number): Out {
  if (depth > MAX_DEPTH) refuse(path, `nested deeper than ${MAX_DEPTH} levels`);
  if (schema === true) return ANY;
  if (!isObject(schema)) refuse(path, 'a schema must be an object');
  for (const key of REFUSED) if (key in schema) refuse(path, `"${key}" is not supported`);
  const defs = (schema.$defs ?? schema.definitions) as unknown;
  const out: Out = defs === undefined ? {} : { $defs: convertMap(defs, `${path}.$defs`, depth) };
  if (typeof schema.$ref === 'string') {
    const m = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(schema.$ref);
    if (!m) refuse(path, `"$ref": "${schema.$ref}" is not a reference to a local definition (#/$defs/NAME)`);
    return { ...out, $ref: `#/$defs/${m[1]}` };
  }
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown;
  if (alternatives !== undefined) {
    if (!Array.isArray(alternatives) || alternatives.length === 0) refuse(path, 'oneOf/anyOf must be a non-empty array');
    return { ...out, oneOf: alternatives.map((a, i) => convert(a, `${path}.oneOf[${i}]`, depth + 1)) };
  }
  if (schema.const !== undefined) return { ...out, const: schema.const };
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum) || schema.enum.length === 0) refuse(path, 'enum must be a non-empty array');
    return { ...out, enum: schema.enum };
  }
  const type = inferType(schema);
  if (type === undefined) return { ...out, ...ANY };
  const types = Array.isArray(type) ? type : [type];
  for (const t of types) if (typeof t !== 'string' || !TYPES.has(t)) refuse(path, `unknown type ${JSON.stringify(t)}`);
  if (types.length === 0) refuse(path, 'type must not be an empty array');
  // A union with a structured type: one alternative per type (the generator reads "object" and "array" alone).
  if (types.length > 1 && types.some((t) => t === 'object' || t === 'array')) {
    return { ...out, oneOf: types.map((t) => convert({ ...schema, type: t }, path, depth + 1)) };
  }
  if (types.length > 1) return { ...out, type: types };
  return { ...out, ...convertTyped(schema, types[0] as string, path, depth) };
}

function convertMap(map: unknown, path: string, depth: number): Out {
  if (!isObject(map)) refuse(path, 'must be an object of schemas');
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, convert(v, `${path}.${k}`, depth + 1)]));
}

const copy = (from: Json, keys: string[]): Out => Object.fromEntries(keys.filter((k) => typeof from[k] === 'number').map((k) => [k, from[k]]));

function convertTyped(s: Json, type: string, path: string, depth: number): Out {
  if (type === 'object') {
    const extra = s.additionalProperties;
    return {
      type,
      ...(s.properties === undefined ? {} : { properties: convertMap(s.properties, `${path}.properties`, depth) }),
      // JSON Schema allows any extra property unless told otherwise; the model is kept to the named ones
      // (valid either way) unless the schema names no property at all.
      ...(extra === undefined
        ? s.properties === undefined
          ? { additionalProperties: true }
          : {}
        : { additionalProperties: extra === false ? false : convert(extra, `${path}.additionalProperties`, depth + 1) }),
      ...copy(s, ['minProperties', 'maxProperties']),
    };
  }
  if (type === 'array') {
    if (Array.isArray(s.items)) refuse(path, 'array-form "items" (use prefixItems)');
    return {
      type,
      ...(s.items === undefined ? {} : { items: convert(s.items, `${path}.items`, depth + 1) }),
      ...(Array.isArray(s.prefixItems) ? { prefixItems: s.prefixItems.map((p, i) => convert(p, `${path}.prefixItems[${i}]`, depth + 1)) } : {}),
      ...copy(s, ['minItems', 'maxItems']),
    };
  }
  if (type === 'string') {
    if (typeof s.format === 'string' && GRAMMAR_FORMATS.has(s.format)) return { type, format: s.format };
    return { type, ...copy(s, ['minLength', 'maxLength']) };
  }
  return { type };
}

/**
 * The function's parameters for node-llama-cpp, or undefined when it takes none. `name` names the
 * function in errors (the client sees which tool and which part of its schema is the problem).
 */
export function toLlamaParams(name: string, parameters: object | undefined): GbnfJsonSchema | undefined {
  if (parameters === undefined) return undefined;
  const where = `tools[${name}].parameters`;
  if (!isObject(parameters)) refuse(where, 'must be a JSON Schema object');
  if (Object.keys(parameters).length === 0) return undefined;
  const out = convert(parameters, where, 0);
  if (out.type !== 'object') refuse(where, 'the parameters of a function must be an object schema ("type": "object")');
  return out as GbnfJsonSchema;
}
