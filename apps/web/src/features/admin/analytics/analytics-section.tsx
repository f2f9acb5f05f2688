import { useId, type ReactNode } from 'react';

/** A card of the page, named by its heading so it is a region screen readers (and tests) can jump to. */
export function AnalyticsSection({
  title,
  description,
  children,
  className = '',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl border border-border/40 bg-background p-4 shadow-sm sm:p-6 dark:border-border/70 ${className}`.trim()}
    >
      <h2 id={headingId} className="text-lg font-semibold text-primary">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-secondary">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
