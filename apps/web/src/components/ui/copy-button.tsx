import { useEffect, useState } from 'react';
import { Button, type ButtonVariant } from './button';

/** Copies a value (a licence key, a checksum); says 'Copied!' (announced) for 2 s, or that copying failed. */
export function CopyButton({
  value,
  label,
  variant = 'secondary',
  className = '',
}: {
  value: string;
  label: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Button variant={variant} size="sm" onClick={() => void copy()} aria-label={`Copy ${label}`} className={className}>
      <span aria-live="polite">{state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </Button>
  );
}
