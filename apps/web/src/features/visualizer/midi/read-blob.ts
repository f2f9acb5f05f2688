import { NOT_AN_OBJECT } from '../constants';

/** Reads a fetched file's bytes with a FileReader; a text result is refused (docs/behaviour/visualiser.md#landing-midi-file). */
export function readBlobAsArrayBuffer(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const { result } = reader;
      if (typeof result === 'string' || result === null) reject(new Error(NOT_AN_OBJECT));
      else resolve(result);
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}
