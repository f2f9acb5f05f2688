import { act, StrictMode, useId } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SERVER_RENDERED_ATTRIBUTE } from '@store/contracts/server-rendering';
import { adoptedServerPage } from './adopt-server-page';

/** A menu button and its menu, linked by an id from useId, as the site header's are. */
function MenuProbe({ ids }: { ids: string[] }) {
  const id = useId();
  ids.push(id);
  return (
    <button type="button" aria-controls={id}>
      Menu
    </button>
  );
}

describe('hydrating a server-rendered page', () => {
  it('gives every useId the value the server rendered, and takes the server mark off once adopted', async () => {
    const serverIds: string[] = [];
    // As the server renders a page: StrictMode around the app.
    const html = renderToString(
      <StrictMode>
        <MenuProbe ids={serverIds} />
      </StrictMode>,
    );
    const root = document.createElement('div');
    root.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    root.innerHTML = html;
    document.body.append(root);

    const browserIds: string[] = [];
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, adoptedServerPage(root, <MenuProbe ids={browserIds} />), { onRecoverableError: (error) => recoverable.push(error) });
    });

    expect(browserIds.length).toBeGreaterThan(0);
    expect(new Set(browserIds)).toEqual(new Set(serverIds));
    expect(root.querySelector('button')?.getAttribute('aria-controls')).toBe(serverIds[0]);
    expect(recoverable).toEqual([]);
    expect(root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)).toBe(false);
    root.remove();
  });
});
