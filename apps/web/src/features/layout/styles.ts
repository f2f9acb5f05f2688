// The accent green is too light to show against the white theme, so light mode rings in the text colour.
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent';

/** Separators: the theme's #575757 border (docs/behaviour/site.md#theme), softened so it doesn't read as a heavy rule on white. */
export const hairline = 'border-border/40 dark:border-border/70';

/** Icon-only header controls: a 44 px touch target. */
export const iconButton = `inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-primary transition-colors hover:bg-primary/10 ${focusRing}`;

// Size-free so callers can add their own height and text size without conflicting utilities.
const menuRow = `flex w-full items-center gap-3 rounded-lg px-3 text-left font-medium text-primary transition-colors hover:bg-primary/10 focus-visible:bg-primary/10 ${focusRing}`;

/** Rows inside dropdown menus. */
export const menuItem = `${menuRow} min-h-11 text-sm`;

/** Rows of the mobile menu: larger, for thumbs. */
export const mobileMenuItem = `${menuRow} min-h-12 text-base`;

export const dropdownPanel = `absolute top-full z-50 mt-2 overflow-hidden rounded-xl border ${hairline} bg-background shadow-xl shadow-black/15 dark:shadow-black/60`;

/** A compact outlined button for the header (the shared Button's sizes are larger or under 44 px). */
export const headerButton = `inline-flex min-h-11 items-center justify-center rounded-lg border border-border px-4 text-sm font-semibold text-primary transition-colors hover:bg-primary/10 ${focusRing}`;
