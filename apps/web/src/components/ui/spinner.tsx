/** An accessible progress indicator with a visible label. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-10 text-secondary ${className}`}>
      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-2 border-border border-t-accent motion-reduce:animate-none" />
      <span>{label}</span>
    </div>
  );
}
