/** Base of every error the object-storage port throws on purpose. */
export abstract class ObjectStorageError extends Error {
  abstract readonly code: string;
}

/** The key names no stored object. */
export class ObjectNotFoundError extends ObjectStorageError {
  readonly code = 'OBJECT_NOT_FOUND';
  constructor(readonly key: string) {
    super(`No stored object has the key "${key}"`);
    this.name = 'ObjectNotFoundError';
  }
}

/** The key is outside the safe alphabet or could climb out of the storage root. Thrown before any I/O. */
export class InvalidObjectKeyError extends ObjectStorageError {
  readonly code = 'INVALID_OBJECT_KEY';
  constructor(
    readonly key: unknown,
    readonly reason: string,
  ) {
    super(`Invalid object key ${JSON.stringify(typeof key === 'string' ? key.slice(0, 100) : key)}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** The object is bigger than this storage accepts. Nothing was stored. */
export class ObjectTooLargeError extends ObjectStorageError {
  readonly code = 'OBJECT_TOO_LARGE';
  constructor(
    readonly key: string,
    readonly maxBytes: number,
  ) {
    super(`Object "${key}" is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/** The body's length differs from the size the caller declared. Nothing was stored. */
export class ObjectSizeMismatchError extends ObjectStorageError {
  readonly code = 'OBJECT_SIZE_MISMATCH';
  constructor(
    readonly key: string,
    readonly declared: number,
    readonly actual: number,
  ) {
    super(`Object "${key}" was declared as ${declared} bytes but its body has ${actual}`);
    this.name = 'ObjectSizeMismatchError';
  }
}
