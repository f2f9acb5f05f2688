import type { ReactNode } from 'react';
import type { Tone } from '../utils/format';

// The hue is in the border, tint and dot; the text stays the primary colour so it is readable in both themes.
const tones: Record<Tone, string> = {
  green: 'border-success bg-success/15 text-primary',
  yellow: 'border-warning bg-warning/15 text-primary',
  red: 'border-danger bg-danger/15 text-primary',
  grey: 'border-border bg-background text-secondary',
};
const dots: Record<Tone, string> = { green: 'bg-success', yellow: 'bg-warning', red: 'bg-danger', grey: 'bg-secondary' };

export function Badge({ tone, pulse = false, children }: { tone: Tone; pulse?: boolean; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]} ${pulse ? 'animate-pulse motion-reduce:animate-none' : ''}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dots[tone]}`} />
      {children}
    </span>
  );
}

export function Panel({ title, id, actions, children }: { title: string; id: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border/40 bg-tertiary p-4 sm:p-6 dark:border-border/70">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
