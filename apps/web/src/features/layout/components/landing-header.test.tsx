import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LandingHeader } from './landing-header';

describe('LandingHeader', () => {
  it('shows the tagline, the line and a Sign Up button', async () => {
    const onSignup = vi.fn();
    render(<LandingHeader onSignup={onSignup} />);
    expect(screen.getByRole('heading', { level: 1, name: 'One wish — to help songs come true' })).toBeInTheDocument();
    expect(screen.getByText('Join thousands of artists worldwide')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(onSignup).toHaveBeenCalledOnce();
  });

  it('offers a signed-in shopper their account instead of Sign Up (storefront spec §2)', async () => {
    const onSignup = vi.fn();
    render(
      <MemoryRouter>
        <LandingHeader onSignup={onSignup} signedIn />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    const account = screen.getByRole('link', { name: 'My Account' });
    expect(account).toHaveAttribute('href', '/account');
    await userEvent.click(account);
    expect(onSignup).not.toHaveBeenCalled();
  });

  it('mounts the visualiser behind the text', () => {
    render(<LandingHeader onSignup={() => {}} visualizer={<canvas data-testid="visualizer" />} />);
    expect(screen.getByTestId('visualizer')).toBeInTheDocument();
  });

  it('shows the visualiser status under the title and its controls', () => {
    render(<LandingHeader onSignup={() => {}} visualizerStatus={<p>Loading visualization...</p>} visualizerControls={<button type="button">Unmute</button>} />);
    const title = screen.getByRole('heading', { level: 1 });
    const status = screen.getByText('Loading visualization...');
    expect(title.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(status.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
  });

  it('keeps a fixed height at every breakpoint so nothing shifts', () => {
    render(<LandingHeader onSignup={() => {}} />);
    const hero = screen.getByRole('region', { name: 'One wish — to help songs come true' });
    expect(hero.className).toMatch(/\bh-\[\d+px\]/);
    expect(hero.className).toMatch(/\bsm:h-\[\d+px\]/);
  });
});
