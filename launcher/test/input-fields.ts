import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

/** The top-level field names an object schema reads, through zod's wrappers (pipe, preprocess, optional, union...). */
export function inputFieldsOf(schema: z.ZodType | undefined): string[] {
  const names = new Set<string>();
  const walk = (s: z.ZodType | undefined, depth: number) => {
    if (!s || depth > 20) return;
    const def = (s as unknown as { def: Def }).def;
    if (def.type === 'object') for (const key of Object.keys(def.shape ?? {})) names.add(key);
    for (const inner of [def.in, def.out, def.innerType, def.left, def.right, ...(def.options ?? [])])
      walk(inner, depth + 1);
    if (def.type === 'lazy' && def.getter) walk(def.getter(), depth + 1);
  };
  walk(schema, 0);
  return [...names];
}

export type FieldPath = (string | number)[];

/** Every leaf of a JSON value (a value that is not an object or array), as a path: `beneficiaries.0.fullName`. */
export function leafPaths(value: unknown, prefix: FieldPath = []): FieldPath[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...prefix, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  return prefix.length ? [prefix] : [];
}

/** A copy of `value` with `replacement` at `path` (objects made along the way where missing). */
export function withValueAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  const base = (value && typeof value === 'object' ? value : {}) as Record<string | number, unknown>;
  const copy = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  copy[head] = withValueAt(base[head], rest, replacement);
  return copy;
}
