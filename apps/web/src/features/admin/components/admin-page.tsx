import type { ReactNode } from 'react';

/** One back-office page: its title (also the document's), a line on what it is for, actions, then the content. */
export function AdminPage({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <title>{`${title} — Back office`}</title>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">{title}</h1>
          {description && <p className="mt-1 max-w-2xl text-secondary">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A white (or dark) card grouping part of a page or a form. */
export function AdminCard({
  title,
  description,
  children,
  className = '',
}: {
  title?: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-xl border border-border/40 bg-background p-4 shadow-sm sm:p-6 dark:border-border/70 ${className}`}>
      {title && <h2 className="text-lg font-semibold text-primary">{title}</h2>}
      {description && <p className="mt-1 text-sm text-secondary">{description}</p>}
      <div className={title || description ? 'mt-4' : ''}>{children}</div>
    </section>
  );
}
