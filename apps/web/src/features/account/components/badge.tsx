import type { ReactNode } from 'react';
import type { Tone } from '../utils/format';

// Text colours meet 4.5:1 on the panel background in both themes; the dot carries the hue too.
const tones: Record<Tone, string> = {
  green: 'border-success/60 bg-success/10 text-success',
  yellow: 'border-warning/60 bg-warning/10 text-warning',
  red: 'border-danger/60 bg-danger/10 text-danger',
  grey: 'border-border bg-background text-secondary',
};

export function Badge({ tone, pulse = false, children }: { tone: Tone; pulse?: boolean; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]} ${pulse ? 'animate-pulse motion-reduce:animate-none' : ''}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
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
