import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content is wider (tables and code on phones). While it
 * overflows it is a named, focusable region, so keyboard users can scroll it too.
 */
export function ScrollArea({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflowing(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent ${className}`}
      {...(overflowing && { tabIndex: 0, role: 'region', 'aria-label': label })}
    >
      {children}
    </div>
  );
}
