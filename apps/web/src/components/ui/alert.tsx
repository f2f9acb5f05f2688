import type { ReactNode } from 'react';

const tones = {
  error: 'border-danger/60 bg-danger/10',
  success: 'border-success/60 bg-success/10',
  info: 'border-border bg-tertiary',
  warning: 'border-warning/60 bg-warning/10',
};

/** A message block; errors are announced to screen readers. */
export function Alert({ tone = 'info', title, children }: { tone?: keyof typeof tones; title?: string; children?: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-4 text-primary ${tones[tone]}`}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1 text-secondary' : ''}>{children}</div>}
    </div>
  );
}
