/** Lyra's mark: a note in a green circle (black on the green button) (decorative; the name is always written beside it). */
export function LyraAvatar({ className = 'size-8', tone = 'accent' }: { className?: string; tone?: 'accent' | 'inverse' }) {
  const colours = tone === 'accent' ? 'bg-accent text-black' : 'bg-black text-accent';
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center rounded-full ${colours} ${className}`}>
      <svg viewBox="0 0 24 24" className="size-[60%]" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M9 18V6l10-2v12" />
        <circle cx="6.5" cy="18" r="2.5" />
        <circle cx="16.5" cy="16" r="2.5" />
      </svg>
    </span>
  );
}
