import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELEASE_EMAILS_LABEL, ReleaseEmailsChoice } from './release-emails-choice';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderChoice() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReleaseEmailsChoice subject="u1" getAccessToken={async () => 'token'} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReleaseEmailsChoice', () => {
  it('starts off, saves at once when ticked, and says it saved', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_input, init) => (init?.method === 'PUT' ? json(JSON.parse(String(init.body))) : json({ releaseEmails: false })));
    renderChoice();
    const box = await screen.findByRole('checkbox', { name: RELEASE_EMAILS_LABEL });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(box).toBeChecked();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain('/api/account/preferences');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ releaseEmails: true });
    expect(new Headers(put[1]!.headers).get('authorization')).toBe('Bearer token');
  });

  it('shows the tick the moment it is clicked, while the save is still on its way', async () => {
    let answerPut: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) =>
      init?.method === 'PUT' ? new Promise<Response>((resolve) => (answerPut = resolve)) : Promise.resolve(json({ releaseEmails: false })),
    );
    renderChoice();
    const box = await screen.findByRole('checkbox', { name: RELEASE_EMAILS_LABEL });
    await waitFor(() => expect(box).toBeEnabled());
    fireEvent.click(box);
    // Checked synchronously after the click, as a browser (and Playwright's check()) sees it.
    expect(box).toBeChecked();
    await waitFor(() => expect(answerPut).not.toBe(undefined));
    await act(async () => answerPut(json({ releaseEmails: true })));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('keeps the saved choice when an older load of it answers after the save', async () => {
    let answerSecondGet: (response: Response) => void = () => {};
    let gets = 0;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
      if (init?.method === 'PUT') return Promise.resolve(json(JSON.parse(String(init.body))));
      gets += 1;
      return gets === 1 ? Promise.resolve(json({ releaseEmails: false })) : new Promise<Response>((resolve) => (answerSecondGet = resolve));
    });
    render(
      <QueryClientProvider client={client}>
        <ReleaseEmailsChoice subject="u1" getAccessToken={async () => 'token'} />
      </QueryClientProvider>,
    );
    const box = await screen.findByRole('checkbox', { name: RELEASE_EMAILS_LABEL });
    await waitFor(() => expect(box).toBeEnabled());
    void client.refetchQueries();
    await waitFor(() => expect(gets).toBe(2));
    fireEvent.click(box);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    await act(async () => {
      answerSecondGet(json({ releaseEmails: false }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(client.getQueryData(['account', 'u1', 'preferences'])).toEqual({ releaseEmails: true });
    expect(box).toBeChecked();
  });

  it('says when saving failed and keeps showing what is stored', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) =>
      init?.method === 'PUT' ? json({ error: 'Internal Server Error', message: 'down' }, 500) : json({ releaseEmails: true }),
    );
    renderChoice();
    const box = await screen.findByRole('checkbox', { name: RELEASE_EMAILS_LABEL });
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your choice was not saved');
    expect(box).toBeChecked();
  });
});
