import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_AN_OBJECT } from '../constants';
import { readBlobAsArrayBuffer } from './read-blob';

describe('readBlobAsArrayBuffer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads a blob's bytes", async () => {
    const buffer = await readBlobAsArrayBuffer(new Blob([new Uint8Array([0x4d, 0x54, 0x68, 0x64])]));
    expect(Array.from(new Uint8Array(buffer))).toEqual([0x4d, 0x54, 0x68, 0x64]);
  });

  it('refuses a reader result that is text', async () => {
    class TextReader {
      result: string | ArrayBuffer | null = null;
      onload: (() => void) | null = null;
      readAsArrayBuffer() {
        this.result = 'MThd';
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('FileReader', TextReader);
    await expect(readBlobAsArrayBuffer(new Blob(['MThd']))).rejects.toThrow(NOT_AN_OBJECT);
  });
});
