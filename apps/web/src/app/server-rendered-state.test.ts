import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { QUERY_STATE_SCRIPT_ID } from '@store/contracts/server-rendering';
import { readServerQueryState } from './server-rendered-state';

function pageWith(text: string) {
  const page = document.implementation.createHTMLDocument();
  const script = page.createElement('script');
  script.type = 'application/json';
  script.id = QUERY_STATE_SCRIPT_ID;
  script.textContent = text;
  page.body.append(script);
  return page;
}

describe('the query cache a server-rendered page carries', () => {
  it('counts its answers as fetched on arrival, so a page the server kept for minutes is not asked again at once', () => {
    const server = new QueryClient();
    // Rendered ten minutes ago.
    server.setQueryData(['products', 'list'], [{ path: 'a' }], { updatedAt: Date.UTC(2026, 10, 29, 12, 0) });
    const arrival = Date.UTC(2026, 10, 29, 12, 10);
    const state = readServerQueryState(pageWith(JSON.stringify(dehydrate(server))), arrival);
    expect(state.queries).toHaveLength(1);
    expect(state.queries[0]!.state.data).toEqual([{ path: 'a' }]);
    expect(state.queries[0]!.state.dataUpdatedAt).toBe(arrival);
  });

  it('is empty when the page has none or it is unreadable', () => {
    expect(readServerQueryState(document).queries).toEqual([]);
    expect(readServerQueryState(pageWith('{not json')).queries).toEqual([]);
  });
});
