import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('lists only what differs, leaving out bookkeeping', () => {
    expect(changedFields({ price: 100, name: 'A', version: 1 }, { price: 200, name: 'A', version: 2 })).toEqual([
      { field: 'price', before: '100', after: '200' },
    ]);
  });

  it('shows a created record against nothing, and shortens long values', () => {
    const long = 'x'.repeat(400);
    const [change] = changedFields(null, { text: long });
    expect(change?.before).toBe('—');
    expect(change?.after).toHaveLength(301);
  });
});
