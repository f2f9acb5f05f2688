import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

// The server writes the page's title and description for link previews and first paint;
// from here on each page renders its own (React 19 <title>/<meta>), so hand over to them.
document.head.querySelectorAll('title, meta[name="description"]').forEach((node) => node.remove());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// A transition lets React yield to the browser while it builds the first page, instead of
// blocking the main thread in one long task (measured by Lighthouse's Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
