import { describe, expect, it } from 'vitest';
import { keyboardLayout } from './keyboard';

describe('keyboardLayout', () => {
  it('lays out 88 keys from A0 (21) with 52 white keys filling the width', () => {
    const keys = keyboardLayout(520);
    expect(keys).toHaveLength(88);
    expect(keys[0]).toEqual({ midi: 21, black: false, x: 0, width: 10 });
    expect(keys.at(-1)).toMatchObject({ midi: 108, black: false, x: 510 });
    expect(keys.filter((key) => !key.black)).toHaveLength(52);
    // A#0 sits on the line between A0 and B0.
    expect(keys[1]).toEqual({ midi: 22, black: true, x: 7, width: 6 });
  });
});
