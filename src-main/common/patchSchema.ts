// A settings patch is derived from the settings schema, so each bound and enum is written once.
// The patch form drops defaults (a key left out stays as it is, instead of being reset), makes every
// key optional, and patches nested objects key by key; arrays, records and scalars replace, as
// SettingsFile's merge does.
import { z } from 'zod';

/** The type of a patch of T: nested plain objects partial all the way down; arrays replace. */
export type PatchOf<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends Record<string, unknown> ? PatchOf<T[K]> : T[K];
};

function patchOfType(type: z.ZodTypeAny): z.ZodTypeAny {
  const bare = type instanceof z.ZodDefault ? (type.removeDefault() as z.ZodTypeAny) : type;
  return bare instanceof z.ZodObject ? patchOfObject(bare) : bare;
}

function patchOfObject(schema: z.AnyZodObject): z.AnyZodObject {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [key, type] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) shape[key] = patchOfType(type);
  return z.object(shape).partial();
}

/** The patch schema of an object schema; unknown top-level keys are refused (a typo is not ignored). */
export function patchSchemaOf<S extends z.AnyZodObject>(schema: S): z.ZodType<PatchOf<z.infer<S>>> {
  return patchOfObject(schema).strict() as unknown as z.ZodType<PatchOf<z.infer<S>>>;
}
