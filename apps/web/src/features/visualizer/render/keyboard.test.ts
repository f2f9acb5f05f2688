import { describe, expect, it } from 'vitest';
import { fittedRange, keyboardLayout } from './keyboard';

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

describe('fittedRange', () => {
  it('takes whole octaves around the notes, at least three, within the 88 keys', () => {
    expect(fittedRange([{ midi: 57 }, { midi: 64 }])).toEqual({ low: 48, high: 83 });
    expect(keyboardLayout(100, fittedRange([{ midi: 57 }]))).toHaveLength(36);
    expect(fittedRange([{ midi: 40 }, { midi: 90 }])).toEqual({ low: 36, high: 95 });
    // At the ends of the piano it grows the other way.
    expect(fittedRange([{ midi: 22 }])).toEqual({ low: 21, high: 47 });
    expect(fittedRange([{ midi: 107 }])).toEqual({ low: 72, high: 107 });
    expect(fittedRange([])).toEqual({ low: 21, high: 108 });
  });
});
