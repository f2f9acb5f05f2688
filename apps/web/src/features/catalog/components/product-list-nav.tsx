import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useCategories } from '#web/lib/categories.ts';
import { listViewsInOrder, PRODUCT_LIST_VIEWS } from '../utils/product-list-views';

/**
 * Links to the list views (all, each category, free downloads, deals); the current one is
 * marked for assistive technology and visually. On narrow screens the row scrolls sideways,
 * starting at the current view. The fixed views show at once; the categories join them when
 * `GET /api/categories` answers (preloaded with the page, so usually before the first paint).
 */
export function ProductListNav({ current }: { current: string }) {
  const scroller = useRef<HTMLUListElement>(null);
  const { data: categories } = useCategories();
  const views = listViewsInOrder(categories);

  useEffect(() => {
    // The first view needs no scrolling; for the others, measure after the frame is painted
    // rather than forcing a layout in the middle of rendering the page.
    if (current === PRODUCT_LIST_VIEWS.all.key) return;
    const frame = requestAnimationFrame(() => {
      const list = scroller.current;
      const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!list || !active || list.scrollWidth <= list.clientWidth) return;
      list.scrollLeft = Math.max(0, active.offsetLeft - list.offsetLeft - 16);
    });
    return () => cancelAnimationFrame(frame);
  }, [current, categories]);

  return (
    <nav aria-label="Product categories" className="-mx-4 sm:mx-0">
      <ul ref={scroller} className="flex min-h-13 snap-x gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none] sm:flex-wrap sm:overflow-visible sm:px-0">
        {views.map((info) => {
          const active = info.key === current;
          return (
            <li key={info.key} className="shrink-0 snap-start scroll-ml-4">
              <Link
                to={info.path}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
                  active ? 'border-accent bg-accent text-black' : 'border-border text-primary hover:border-secondary hover:bg-tertiary'
                }`}
              >
                {info.navLabel}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
