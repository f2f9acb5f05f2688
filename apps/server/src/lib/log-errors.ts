/**
 * The logger's `err` serializer. A failed query carries its values three ways: Drizzle's
 * message ends with `params: …`, the driver's error keeps `params` and a `detail` such as
 * "Key (email)=(x@y) already exists.", and some PostgreSQL messages quote the bad value
 * ('invalid input syntax for type integer: "x@y"'). Emails, names and amounts must not reach
 * the logs, so those are dropped; the SQL text (placeholders only), the SQLSTATE code and
 * the constraint, table and column names stay, which is what tells which query failed.
 */
export function serializeError(error: Error, seen = new Set<Error>()): SerializedError {
  seen.add(error);
  const nested = (value: unknown) => {
    if (!(value instanceof Error)) return value;
    return seen.has(value) ? '[seen]' : serializeError(value, seen);
  };
  const message = redactMessage(error);
  const serialized: SerializedError = {
    type: error.constructor.name,
    message,
    stack: (error.stack ?? '').replace(error.message, () => message),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || VALUE_FIELDS.has(key) || key in serialized) continue;
    serialized[key] = nested(value);
  }
  if (error.cause !== undefined) serialized.cause = nested(error.cause);
  // A connection refused on both ::1 and 127.0.0.1 arrives as an AggregateError.
  if (error instanceof AggregateError) serialized.aggregateErrors = error.errors.map(nested);
  return serialized;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Fields of Drizzle, pg and PGlite errors that hold the query's values or a row's contents. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'queryOptions']);

const SQLSTATE = /^[0-9A-Z]{5}$/;

function redactMessage(error: Error): string {
  const paramsAt = error.message.indexOf('\nparams:');
  if (paramsAt >= 0) return `${error.message.slice(0, paramsAt)}\nparams: (not logged)`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SQLSTATE.test(code)) return error.message.replace(/: ".*"$/s, () => ': (value not logged)');
  return error.message;
}
