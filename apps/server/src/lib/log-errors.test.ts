import { describe, expect, it } from 'vitest';
import { serializeError } from './log-errors';

describe('serializeError', () => {
  it('keeps what an ordinary error says, its own fields and its causes', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const error = Object.assign(new Error('could not reach the database', { cause }), { statusCode: 503 });
    expect(serializeError(error)).toMatchObject({
      type: 'Error',
      message: 'could not reach the database',
      statusCode: 503,
      cause: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    });
  });

  it('lists the errors of an AggregateError and survives a cause that points back', () => {
    const looped: Error & { cause?: unknown } = new Error('looped');
    looped.cause = looped;
    const aggregate = new AggregateError([new Error('::1 refused'), looped], 'connect failed');
    const serialized = serializeError(aggregate);
    expect(serialized.aggregateErrors).toEqual([
      expect.objectContaining({ message: '::1 refused' }),
      expect.objectContaining({ message: 'looped', cause: '[seen]' }),
    ]);
  });
});
