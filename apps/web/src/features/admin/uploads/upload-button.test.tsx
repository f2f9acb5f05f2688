import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminApiProvider } from '../api/admin-api-context';
import { UploadButton } from './upload-button';

/** The tus client, replaced: each test drives its callbacks as the real one would. */
const tus = vi.hoisted(() => {
  class FakeUpload {
    static instances: FakeUpload[] = [];
    static previous: Array<{ uploadUrl: string }> = [];
    url: string | null = null;
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn((previous: { uploadUrl: string }) => {
      this.url = previous.uploadUrl;
    });
    findPreviousUploads = vi.fn(async () => FakeUpload.previous);
    constructor(
      readonly file: File,
      readonly options: UploadOptions,
    ) {
      FakeUpload.instances.push(this);
    }
  }
  return { FakeUpload };
});
vi.mock('tus-js-client', () => ({ Upload: tus.FakeUpload }));

const FakeUpload = tus.FakeUpload;
const UPLOAD_URL = '/api/admin/uploads/6f1c2b4e-0c1a-4d3e-9a55-0a4e3c2b1d00';
const FILE_RESULT = { file: { id: 7, os: 'mac', format: 'zip', filename: 'Pad Mapper.zip', sizeBytes: 20, sha256: 'a'.repeat(64) } };

let fetchMock: ReturnType<typeof vi.fn>;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  FakeUpload.instances = [];
  FakeUpload.previous = [];
  fetchMock = vi.fn(async (url: string) => {
    if (url.endsWith('/uploads/limits')) return answer(200, { maxBytes: 100 });
    if (url.endsWith('/complete')) return answer(200, FILE_RESULT);
    return answer(404, { message: 'nothing here' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderButton(onUploaded = vi.fn()) {
  render(
    <AdminApiProvider getAccessToken={async () => 'token-1'}>
      <UploadButton
        purpose="release-file"
        target={{ productId: 3, versionId: 9, os: 'mac', format: 'zip' }}
        accept=".zip"
        label="Upload the Mac zip"
        onUploaded={onUploaded}
      />
    </AdminApiProvider>,
  );
  return onUploaded;
}

const file = (size: number, name = 'Pad Mapper.zip') => new File([new Uint8Array(size)], name, { type: 'application/zip' });

async function chooseFile(size = 20) {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Upload the Mac zip'), file(size));
  return user;
}

async function started() {
  await waitFor(() => expect(FakeUpload.instances[0]?.start).toHaveBeenCalled());
  return FakeUpload.instances[0]!;
}

describe('UploadButton', () => {
  it('refuses a file over the store’s limit before sending a byte, naming the limit and the setting', async () => {
    renderButton();
    await chooseFile(101);
    expect(await screen.findByRole('alert')).toHaveTextContent('File too large: the limit is 100 bytes (UPLOAD_MAX_BYTES)');
    expect(FakeUpload.instances).toHaveLength(0);
  });

  it('uploads in 8 MiB chunks with the target as metadata and the administrator’s token, shows progress, then completes', async () => {
    const onUploaded = renderButton();
    await chooseFile();
    const upload = await started();
    expect(upload.options).toMatchObject({
      endpoint: '/api/admin/uploads',
      chunkSize: 8 * 1024 * 1024,
      metadata: {
        purpose: 'release-file',
        filename: 'Pad Mapper.zip',
        contentType: 'application/zip',
        productId: '3',
        versionId: '9',
        os: 'mac',
        format: 'zip',
      },
    });
    expect(upload.options.retryDelays?.length).toBeGreaterThan(3);
    const request = { setHeader: vi.fn() };
    await upload.options.onBeforeRequest?.(request as never);
    expect(request.setHeader).toHaveBeenCalledWith('Authorization', 'Bearer token-1');

    act(() => upload.options.onProgress?.(10, 20));
    const bar = screen.getByRole('progressbar', { name: 'Uploading Pad Mapper.zip' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText(/10 bytes of 20 bytes · 50%/)).toBeInTheDocument();

    upload.url = UPLOAD_URL;
    act(() => upload.options.onSuccess?.({ lastResponse: {} as never }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(FILE_RESULT));
    expect(fetchMock).toHaveBeenCalledWith(`${UPLOAD_URL}/complete`, expect.objectContaining({ method: 'POST' }));
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded Pad Mapper.zip.');
  });

  it('pauses and resumes where it stopped, and cancels by deleting the upload', async () => {
    renderButton();
    const user = await chooseFile();
    const upload = await started();
    act(() => upload.options.onProgress?.(5, 20));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(upload.abort).toHaveBeenCalledWith();
    expect(screen.getByRole('status')).toHaveTextContent('Paused');
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(upload.start).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(upload.abort).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('resumes an upload of the same file for the same target after a reload', async () => {
    FakeUpload.previous = [{ uploadUrl: UPLOAD_URL }];
    renderButton();
    await chooseFile();
    const upload = await started();
    expect(upload.resumeFromPreviousUpload).toHaveBeenCalledWith({ uploadUrl: UPLOAD_URL });
    const fingerprint = await upload.options.fingerprint?.(upload.file, upload.options);
    expect(fingerprint).toContain('"versionId":9');
  });

  it('says the connection was lost while it retries, and what the store refused when it gives up', async () => {
    renderButton();
    await chooseFile();
    const upload = await started();
    act(() => upload.options.onProgress?.(5, 20));
    const dropped = { originalResponse: null } as never;
    act(() => void upload.options.onShouldRetry?.(dropped, 0, upload.options));
    expect(screen.getByRole('status')).toHaveTextContent('Connection lost — the upload resumes where it stopped');

    const refused = Object.assign(new Error('refused'), { originalResponse: { getStatus: () => 413, getBody: () => '{"message":"too big"}' } });
    act(() => upload.options.onError?.(refused as never));
    expect(screen.getByRole('alert')).toHaveTextContent('File too large: the limit is 100 bytes (UPLOAD_MAX_BYTES)');
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('offers Resume when the connection could not be restored', async () => {
    renderButton();
    await chooseFile();
    const upload = await started();
    act(() => upload.options.onError?.(Object.assign(new Error('network'), { originalResponse: null }) as never));
    expect(screen.getByRole('alert')).toHaveTextContent('Connection lost — the upload stopped');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resume' }));
    expect(upload.start).toHaveBeenCalledTimes(2);
  });

  it('offers to try the completion again when the store could not finish it, without sending the file again', async () => {
    let completions = 0;
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/uploads/limits')) return answer(200, { maxBytes: 100 });
      completions += 1;
      return completions === 1 ? answer(503, { message: 'The database is restarting.' }) : answer(200, FILE_RESULT);
    });
    const onUploaded = renderButton();
    const user = await chooseFile();
    const upload = await started();
    upload.url = UPLOAD_URL;
    act(() => upload.options.onSuccess?.({ lastResponse: {} as never }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is restarting.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(FILE_RESULT));
    expect(upload.start).toHaveBeenCalledTimes(1);
  });

  it('does not offer to try again when the store refused the file itself', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/uploads/limits') ? answer(200, { maxBytes: 100 }) : answer(400, { message: 'This file is not a JPEG, PNG, WebP or GIF image' }),
    );
    renderButton();
    await chooseFile();
    const upload = await started();
    upload.url = UPLOAD_URL;
    act(() => upload.options.onSuccess?.({ lastResponse: {} as never }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a JPEG, PNG, WebP or GIF image');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
