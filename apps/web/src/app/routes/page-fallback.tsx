/**
 * Shown inside the page frame while the first page's code loads: the header and footer
 * paint at once, and the empty page keeps a screen's height so the footer does not jump
 * when the page arrives (no layout shift).
 */
export function PageFallback() {
  return (
    <div className="min-h-dvh" aria-busy="true">
      <span className="sr-only" role="status">
        Loading page…
      </span>
    </div>
  );
}
