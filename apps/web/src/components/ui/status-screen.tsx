import type { ReactNode } from 'react';
import { Container } from './container';

const tones = {
  progress: 'border-border',
  error: 'border-danger/60',
  warning: 'border-warning/60',
};

/** A centred full-page message (sign-in callback, route guard): heading, text and actions. */
export function StatusScreen({
  title,
  tone = 'progress',
  role,
  children,
  actions,
  documentTitle,
}: {
  title: string;
  /** The page's <title>, when the screen is the whole page. */
  documentTitle?: string;
  tone?: keyof typeof tones;
  role?: 'alert' | 'status';
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Container className="flex justify-center py-16 sm:py-24">
      {documentTitle && <title>{documentTitle}</title>}
      <section
        role={role}
        aria-labelledby="status-screen-title"
        className={`w-full max-w-lg rounded-2xl border bg-tertiary px-6 py-10 text-center sm:px-10 ${tones[tone]}`}
      >
        {tone === 'progress' && (
          <span
            aria-hidden="true"
            className="mx-auto mb-6 block size-10 animate-spin rounded-full border-4 border-border border-t-accent motion-reduce:animate-none"
          />
        )}
        <h1 id="status-screen-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {title}
        </h1>
        {children && <div className="mt-4 space-y-2 text-secondary">{children}</div>}
        {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
      </section>
    </Container>
  );
}
