import { useCallback, useEffect, useRef, useState } from 'react';
import {
  completeUploadResponseSchema,
  uploadLimitsSchema,
  uploadMetadata,
  type CompleteUploadResponse,
  type UploadPurpose,
  type UploadTargets,
} from '@store/contracts/admin';
import { Upload } from 'tus-js-client';
import { API_BASE_URL, ApiError } from '#web/lib/api-client.ts';
import { ADMIN_API, useAdminApi } from '../api/admin-api-context';
import { errorMessage } from '../utils/error-message';
import { tooLarge, uploadFailure } from './upload-failure';
import { addSample, speedOf, type ProgressSample } from './upload-progress';

/** Big enough that a fast connection is not slowed by requests, small enough that a drop loses little. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** After a dropped connection: try again at once, then after growing pauses (about a minute in all). */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'checking'; file: File }
  | { phase: 'uploading' | 'paused' | 'reconnecting'; file: File; sent: number; total: number; speed?: number }
  | { phase: 'finishing'; file: File; total: number }
  | { phase: 'done'; file: File }
  | { phase: 'failed'; file: File; message: string; resumable: boolean; completable?: boolean };

/**
 * One file sent with the tus protocol: resumable after a dropped connection (the client retries)
 * and after a reload (it finds the upload by the file and target, and asks the store where it
 * stopped), then completed into what it is for.
 */
export function useResumableUpload<P extends UploadPurpose>(options: {
  purpose: P;
  target: UploadTargets[P];
  onUploaded: (result: CompleteUploadResponse) => void;
}) {
  const api = useAdminApi();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const upload = useRef<Upload | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // Leaving the page pauses the upload; it can be resumed from where it stopped later.
  useEffect(() => () => void upload.current?.abort(), []);

  const complete = useCallback(
    async (file: File, url: string | null) => {
      setState({ phase: 'finishing', file, total: file.size });
      try {
        const id = (url ?? '').split('/').pop() ?? '';
        const result = completeUploadResponseSchema.parse(await api.send('POST', `/uploads/${id}/complete`));
        upload.current = null;
        setState({ phase: 'done', file });
        latest.current.onUploaded(result);
      } catch (error) {
        // The bytes are all there: trying again completes them, unless the store refused the file itself.
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        setState({ phase: 'failed', file, message: errorMessage(error), resumable: false, completable: !refused });
      }
    },
    [api],
  );

  const begin = useCallback(
    async (file: File, maxBytes: number) => {
      const { purpose, target } = latest.current;
      let samples: ProgressSample[] = [];
      const tus: Upload = new Upload(file, {
        endpoint: `${API_BASE_URL}${ADMIN_API}/uploads`,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: uploadMetadata(purpose, target, file),
        // The same file for another target (another version, OS or format) is another upload.
        fingerprint: async () => ['songwish-upload', purpose, JSON.stringify(target), file.name, file.size, file.lastModified].join('|'),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onBeforeRequest: async (request) => request.setHeader('Authorization', `Bearer ${await api.accessToken()}`),
        onProgress: (sent, total) => {
          samples = addSample(samples, { at: Date.now(), bytes: sent });
          setState({ phase: 'uploading', file, sent, total, speed: speedOf(samples) });
        },
        onShouldRetry: (error) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          const retry = status === 0 || status >= 500 || status === 409 || status === 423;
          if (retry) setState((now) => (now.phase === 'uploading' ? { ...now, phase: 'reconnecting', speed: undefined } : now));
          return retry;
        },
        onSuccess: () => void complete(file, tus.url),
        onError: (error) => setState({ phase: 'failed', file, ...uploadFailure(error, maxBytes) }),
      });
      upload.current = tus;
      const previous = await tus.findPreviousUploads();
      if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
      setState({ phase: 'uploading', file, sent: 0, total: file.size });
      tus.start();
    },
    [api, complete],
  );

  /** Checks the size against the store's limit, then starts (or resumes) the upload. */
  const choose = useCallback(
    async (file: File) => {
      setState({ phase: 'checking', file });
      try {
        const { maxBytes } = uploadLimitsSchema.parse(await api.get('/uploads/limits'));
        if (file.size > maxBytes) return setState({ phase: 'failed', file, message: tooLarge(maxBytes), resumable: false });
        if (file.size === 0) return setState({ phase: 'failed', file, message: 'This file is empty. Choose the file you meant to upload.', resumable: false });
        await begin(file, maxBytes);
      } catch (error) {
        setState({ phase: 'failed', file, message: errorMessage(error), resumable: false });
      }
    },
    [api, begin],
  );

  const pause = useCallback(() => {
    void upload.current?.abort();
    setState((now) => (now.phase === 'uploading' || now.phase === 'reconnecting' ? { ...now, phase: 'paused', speed: undefined } : now));
  }, []);

  const resume = useCallback(() => {
    const current = upload.current;
    if (!current) return;
    setState((now) =>
      now.phase === 'paused'
        ? { ...now, phase: 'uploading' }
        : now.phase === 'failed'
          ? { phase: 'uploading', file: now.file, sent: 0, total: now.file.size }
          : now,
    );
    current.start();
  }, []);

  /** Completes again an upload whose bytes all arrived but whose completion failed. */
  const retryComplete = useCallback(() => {
    const current = upload.current;
    if (current && state.phase === 'failed') void complete(state.file, current.url);
  }, [complete, state]);

  /** Stops the upload and deletes what the store received of it. */
  const cancel = useCallback(async () => {
    const current = upload.current;
    upload.current = null;
    setState({ phase: 'idle' });
    await current?.abort(true).catch(() => undefined);
  }, []);

  return { state, choose, pause, resume, retryComplete, cancel };
}
