import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Release } from '@store/contracts/admin';
import { ApiError } from '#web/lib/api-client.ts';
import { ReleaseForm } from './release-form';

afterEach(cleanup);

const published: Release = {
  id: 3,
  version: '1.4.0',
  releasedAt: '2026-03-01',
  changelogMarkdown: 'Old notes',
  major: false,
  publishedAt: '2026-03-01T10:00:00Z',
  current: true,
  files: [],
};

describe('ReleaseForm', () => {
  it('refuses a version that is not semver beside the field, without calling the store', async () => {
    const onSubmit = vi.fn();
    render(<ReleaseForm currentVersion="1.4.0" onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Version'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use a version like 1.2.0');
    expect(screen.getByLabelText('Version')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ticks Major release when the major number goes up, until the maker decides', async () => {
    render(<ReleaseForm currentVersion="1.4.0" onSubmit={vi.fn()} onCancel={vi.fn()} />);
    const major = screen.getByRole('checkbox', { name: 'Major release' });
    await userEvent.type(screen.getByLabelText('Version'), '2.0.0');
    expect(major).toBeChecked();
    await userEvent.clear(screen.getByLabelText('Version'));
    await userEvent.type(screen.getByLabelText('Version'), '1.5.0');
    expect(major).not.toBeChecked();
    await userEvent.click(major);
    await userEvent.clear(screen.getByLabelText('Version'));
    await userEvent.type(screen.getByLabelText('Version'), '1.6.0');
    expect(major).toBeChecked();
  });

  it('sends today as the default date and shows the notes in Preview', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<ReleaseForm currentVersion={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Version'), '1.0.0');
    await userEvent.type(screen.getByLabelText('Release notes (Markdown)'), '- **Faster** pads');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Faster').tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      version: '1.0.0',
      releasedAt: new Date().toISOString().slice(0, 10),
      changelogMarkdown: '- **Faster** pads',
      major: false,
    });
  });

  it("puts the store's field errors beside their fields", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(409, 'Version 1.4.0 already exists.', 'Version 1.4.0 already exists.', undefined, { version: 'This product already has a version 1.4.0' }),
      );
    render(<ReleaseForm currentVersion="1.4.0" onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Version'), '1.4.0');
    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This product already has a version 1.4.0');
  });

  it('lets only the notes of a published version change', () => {
    render(<ReleaseForm editing={published} currentVersion="1.4.0" onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByLabelText('Version')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Release date')).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Major release' })).toBeDisabled();
    expect(screen.getByLabelText('Release notes (Markdown)')).not.toHaveAttribute('readonly');
  });
});
