/** `setValueAs` for an optional number input: empty is null (no value), anything else a number for the schema to check. */
export const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** `setValueAs` for an optional text input whose schema field is optional: empty is absent. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
