import { describe, expect, it } from 'vitest';
import { toLlamaParams } from './llamaToolSchema.js';

describe('toLlamaParams', () => {
  it('rewrites what node-llama-cpp would misread into what it reads, keeping the meaning', () => {
    // A pydantic-style schema: anyOf for optional fields, $ref into `definitions`, untyped properties.
    const schema = {
      type: 'object',
      title: 'Search',
      properties: {
        query: { type: 'string', description: 'words', maxLength: 40, pattern: '^[a-z ]+$' },
        limit: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }], default: null },
        filter: { $ref: '#/definitions/Filter' },
        extra: {},
        when: { type: 'string', format: 'date' },
        site: { type: 'string', format: 'uri' },
      },
      required: ['query'],
      definitions: { Filter: { properties: { lang: { enum: ['en', 'fr'] } } } },
    };
    expect(toLlamaParams('search', schema)).toEqual({
      $defs: { Filter: { type: 'object', properties: { lang: { enum: ['en', 'fr'] } } } },
      type: 'object',
      properties: {
        query: { type: 'string', maxLength: 40 },
        limit: { oneOf: [{ type: 'integer' }, { type: 'null' }] },
        filter: { $ref: '#/$defs/Filter' },
        extra: { oneOf: [{ type: ['string', 'number', 'boolean', 'null'] }, { type: 'object', additionalProperties: true }, { type: 'array' }] },
        when: { type: 'string', format: 'date' },
        site: { type: 'string' },
      },
    });
  });

  it('splits a type union that includes a structured type, and lets an object without properties hold any', () => {
    expect(toLlamaParams('f', { type: 'object', properties: { v: { type: ['array', 'null'], items: { type: 'number' } }, meta: { type: 'object' } } })).toEqual({
      type: 'object',
      properties: {
        v: { oneOf: [{ type: 'array', items: { type: 'number' } }, { type: 'null' }] },
        meta: { type: 'object', additionalProperties: true },
      },
    });
    expect(toLlamaParams('f', { type: 'object', properties: { n: { type: ['string', 'number'] } } })).toEqual({
      type: 'object',
      properties: { n: { type: ['string', 'number'] } },
    });
  });

  it('takes no parameters as none, and refuses what would change the valid shapes with the path to it', () => {
    expect(toLlamaParams('f', undefined)).toBeUndefined();
    expect(toLlamaParams('f', {})).toBeUndefined();
    const refused = (parameters: object) => () => toLlamaParams('f', parameters);
    expect(refused({ type: 'object', properties: { a: { not: { type: 'string' } } } })).toThrow('tools[f].parameters.properties.a: "not" is not supported');
    expect(refused({ type: 'object', patternProperties: { '^x': {} } })).toThrow('"patternProperties" is not supported');
    expect(refused({ type: 'object', properties: { a: { $ref: '#/components/A' } } })).toThrow('not a reference to a local definition');
    expect(refused({ type: 'object', properties: { a: { type: 'date' } } })).toThrow('unknown type "date"');
    expect(refused({ type: 'object', properties: { a: false } })).toThrow('a schema must be an object');
    expect(refused({ type: 'array', items: {} })).toThrow('must be an object schema');
    expect(refused({ type: 'object', properties: { a: { enum: [] } } })).toThrow('enum must be a non-empty array');
    let deep: object = { type: 'string' };
    for (let i = 0; i < 80; i++) deep = { type: 'object', properties: { x: deep } };
    expect(refused(deep)).toThrow('nested deeper than 64 levels');
  });
});
