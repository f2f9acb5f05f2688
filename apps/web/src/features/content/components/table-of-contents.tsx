import { useEffect, useRef, useState } from 'react';
import type { PageHeading } from '#web/components/markdown/headings.ts';

const TITLE = 'On this page';

/** How far below the top of the window a heading counts as the one being read. */
const READING_LINE_PX = 140;

/** The section being read: the last heading that has scrolled past the reading line. */
function useActiveHeading(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join(' ');

  useEffect(() => {
    const sectionIds = key === '' ? [] : key.split(' ');
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | null = null;
      for (const id of sectionIds) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= READING_LINE_PX) current = id;
      }
      // At the very bottom the last short sections can never reach the line: the last one wins.
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom && sectionIds.length > 0 && window.scrollY > 0) current = sectionIds[sectionIds.length - 1] ?? current;
      setActive(current);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [key]);

  return active;
}

function TocLinks({ headings, active, onNavigate }: { headings: readonly PageHeading[]; active?: string | null; onNavigate?: () => void }) {
  return (
    <ol className="space-y-1 text-[0.9375rem] leading-snug">
      {headings.map((heading) => {
        const current = heading.id === active;
        return (
          <li key={heading.id}>
            <a
              href={`#${heading.id}`}
              onClick={onNavigate}
              aria-current={current ? 'location' : undefined}
              className={`-ml-px block rounded-r-md border-l-2 py-1.5 pr-2 pl-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent ${
                current
                  ? 'border-primary font-semibold text-primary dark:border-accent'
                  : 'border-transparent text-secondary hover:border-border hover:text-primary'
              }`}
            >
              {heading.text}
            </a>
          </li>
        );
      })}
    </ol>
  );
}

/** The "On this page" list beside the text on large screens; it stays in view while reading. */
export function TocSidebar({ headings }: { headings: readonly PageHeading[] }) {
  const active = useActiveHeading(headings.map((heading) => heading.id));
  return (
    <nav aria-label={TITLE} className="sticky top-24 max-h-[calc(100dvh-8rem)] overflow-y-auto pb-4">
      <p className="mb-3 text-xs font-semibold tracking-wider text-secondary uppercase">{TITLE}</p>
      <div className="border-l border-border">
        <TocLinks headings={headings} active={active} />
      </div>
    </nav>
  );
}

/** The "On this page" list folded above the text on small screens; it closes after a choice. */
export function TocDisclosure({ headings, className = '' }: { headings: readonly PageHeading[]; className?: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className={`group rounded-lg border border-border bg-tertiary ${className}`}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent [&::-webkit-details-marker]:hidden">
        {TITLE}
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <nav aria-label={TITLE} className="border-t border-border px-4 pt-3 pb-4">
        <div className="border-l border-border">
          <TocLinks
            headings={headings}
            onNavigate={() => {
              if (details.current) details.current.open = false;
            }}
          />
        </div>
      </nav>
    </details>
  );
}
