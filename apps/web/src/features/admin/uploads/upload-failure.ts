import { formatBytes } from '@store/contracts/admin';
import type { DetailedError } from 'tus-js-client';

export const CONNECTION_LOST = 'Connection lost — the upload resumes where it stopped';

export interface UploadFailure {
  message: string;
  /** Whether Resume can continue it (the bytes received so far are kept for 24 hours). */
  resumable: boolean;
}

/** 'File too large: the limit is 2 GB (UPLOAD_MAX_BYTES)', as said before a byte is sent and by the server's 413. */
export const tooLarge = (maxBytes: number) =>
  `File too large: the limit is ${formatBytes(maxBytes)} (UPLOAD_MAX_BYTES). Make the file smaller, or ask whoever runs the store to raise the limit.`;

/** What happened to an upload the tus client gave up on, and what to do about it. */
export function uploadFailure(error: Error | DetailedError, maxBytes: number): UploadFailure {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (status === 0) {
    return { message: 'Connection lost — the upload stopped. Check your connection, then press Resume: it goes on where it stopped.', resumable: true };
  }
  if (status === 413) return { message: tooLarge(maxBytes), resumable: false };
  if (status === 401) return { message: 'Your session has ended. Sign in again in another tab, then press Resume.', resumable: true };
  const serverMessage = messageIn(response?.getBody() ?? '');
  if (status >= 500) {
    return { message: serverMessage ?? 'The store could not take the file right now. Press Resume in a moment: it goes on where it stopped.', resumable: true };
  }
  return { message: serverMessage ?? `The store refused the upload (${status}). Choose the file again.`, resumable: false };
}

/** The `message` of the store's JSON error body, when there is one. */
export function messageIn(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return body.trim() || undefined;
  }
}
