// Checks tool arguments against the tool's inputSchema before anything is sent, with the SDK's own
// ajv-based validator (a dependency of the SDK, reached through its public export).
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { JsonSchema } from '../../core/mcp/types.js';

export type ArgumentCheck = (args: Record<string, unknown>) => string | null;

export function createArgumentChecker(): (schema: JsonSchema) => ArgumentCheck {
  const ajv = new AjvJsonSchemaValidator();
  const cache = new WeakMap<JsonSchema, ArgumentCheck>();
  return (schema) => {
    let check = cache.get(schema);
    if (!check) {
      check = compile(ajv, schema);
      cache.set(schema, check);
    }
    return check;
  };
}

function compile(ajv: AjvJsonSchemaValidator, schema: JsonSchema): ArgumentCheck {
  let validate: JsonSchemaValidator<unknown>;
  try {
    validate = ajv.getValidator(schema as JsonSchemaType);
  } catch {
    // A schema ajv cannot compile is the server's bug: let the server judge the arguments itself.
    return () => null;
  }
  return (args) => {
    const result = validate(args);
    if (result.valid) return null;
    // ajv names the checked value "data"; the model knows it as "arguments".
    return result.errorMessage.replace(/(^|, )data(?=\/| )/g, '$1arguments');
  };
}
