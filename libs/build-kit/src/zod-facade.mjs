// The validation library every app shares, as the share key 'zod': the members of `z` the contracts'
// schemas use. Shared libraries cannot be tree-shaken, and the whole package costs about 85 KiB gzipped
// (every locale, the JSON Schema tools); this subset costs about 25 KiB. Keep the list equal to
// ZOD_MEMBERS in shared-zod.js (a unit test checks it); the build refuses any other `z.` member.
import { z as zod } from 'zod/v4';

export const z = Object.freeze({
  array: zod.array,
  boolean: zod.boolean,
  coerce: zod.coerce,
  discriminatedUnion: zod.discriminatedUnion,
  email: zod.email,
  enum: zod.enum,
  iso: zod.iso,
  literal: zod.literal,
  NEVER: zod.NEVER,
  null: zod.null,
  number: zod.number,
  object: zod.object,
  partialRecord: zod.partialRecord,
  preprocess: zod.preprocess,
  record: zod.record,
  strictObject: zod.strictObject,
  string: zod.string,
  union: zod.union,
  unknown: zod.unknown,
  uuid: zod.uuid,
  ZodError: zod.ZodError,
});

export default z;
