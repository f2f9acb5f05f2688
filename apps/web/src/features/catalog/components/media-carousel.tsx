import type { MediaItem } from '@store/contracts';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { API_BASE_URL, apiAssetUrl } from '#web/lib/api-client.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { narrowestSrc } from '../utils/image-srcset';
import { isSelfHostedUrl } from '../utils/self-hosted-url';

const SWIPE_DISTANCE = 40;

function allowedOrigins(): string[] {
  if (typeof window === 'undefined') return [];
  const origins = [window.location.origin];
  try {
    origins.push(new URL(API_BASE_URL || '/', window.location.href).origin);
  } catch {
    // An unreadable API base URL adds nothing.
  }
  return origins;
}

/**
 * Playable, self-hosted items only: no third-party hosts, no embeds, and no MIDI (browsers
 * cannot play it). A poster or image variant from another host is dropped from its item.
 */
export function playableMedia(items: readonly MediaItem[]): MediaItem[] {
  const origins = allowedOrigins();
  return items
    .filter((item) => item.kind !== 'midi' && isSelfHostedUrl(item.src, origins))
    .map((item) => {
      const variants = item.variants?.filter((variant) => isSelfHostedUrl(variant.src, origins));
      const checked = variants === undefined ? item : { ...item, variants };
      if (checked.poster === undefined || isSelfHostedUrl(checked.poster, origins)) return checked;
      const { poster: _poster, ...rest } = checked;
      return rest;
    });
}

export interface MediaCarouselProps {
  items: readonly MediaItem[];
  /** What the media shows, e.g. the product name; names the carousel and untitled images. */
  label: string;
  /** An audio preview started playing. */
  onAudioPlay?: () => void;
}

/**
 * Product images, audio and video. Several items get a carousel (WAI-ARIA pattern):
 * previous/next buttons, thumbnails, ArrowLeft/ArrowRight while focus is inside, and swipe.
 * A single item is shown on its own.
 */
export function MediaCarousel({ items, label, onAudioPlay }: MediaCarouselProps) {
  const media = playableMedia(items);
  const [current, setCurrent] = useState(0);
  const hydrated = useHydrated();
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const slidesId = useId();

  if (media.length === 0) return null;
  if (media.length === 1) {
    return (
      <figure className="overflow-hidden rounded-xl border border-border bg-tertiary">
        <Slide item={media[0]!} label={label} index={0} onAudioPlay={onAudioPlay} />
      </figure>
    );
  }

  const count = media.length;
  const index = Math.min(current, count - 1);
  const show = (next: number) => setCurrent(((next % count) + count) % count);
  const active = media[index]!;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    // Arrow keys inside an audio or video player seek; leave them to the player.
    if (event.target instanceof HTMLMediaElement) return;
    event.preventDefault();
    const next = (((event.key === 'ArrowRight' ? index + 1 : index - 1) % count) + count) % count;
    setCurrent(next);
    if (event.target instanceof HTMLElement && event.target.dataset.thumb !== undefined) thumbs.current[next]?.focus();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLMediaElement || (event.pointerType === 'mouse' && event.button !== 0)) return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) show(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${label} media`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
    >
      <div className="relative">
        <div
          id={slidesId}
          className="touch-pan-y overflow-hidden rounded-xl border border-border bg-tertiary select-none"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
        >
          <div className="flex transition-transform duration-300 ease-out motion-reduce:transition-none" style={{ transform: `translateX(-${index * 100}%)` }}>
            {media.map((item, i) => (
              <div
                key={`${item.src}-${i}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={i !== index}
                inert={i !== index}
                className="w-full shrink-0"
              >
                <Slide item={item} label={label} index={i} onAudioPlay={onAudioPlay} />
              </div>
            ))}
          </div>
        </div>
        <ArrowButton direction="previous" controls={slidesId} onClick={() => show(index - 1)} />
        <ArrowButton direction="next" controls={slidesId} onClick={() => show(index + 1)} />
        <p className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-background/85 px-3 py-1 text-sm font-medium text-primary">
          {index + 1} / {count}
        </p>
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {`Slide ${index + 1} of ${count}${active.title ? `: ${active.title}` : ''}`}
      </p>
      <ul className="mt-4 flex gap-3 overflow-x-auto p-1" aria-label="Choose a slide">
        {media.map((item, i) => (
          <li key={`${item.src}-${i}`} className="shrink-0">
            <button
              ref={(element) => {
                thumbs.current[i] = element;
              }}
              type="button"
              data-thumb=""
              aria-label={`Show slide ${i + 1} of ${count}${item.title ? `: ${item.title}` : ''}`}
              aria-current={i === index ? 'true' : undefined}
              aria-controls={slidesId}
              disabled={!hydrated}
              onClick={() => setCurrent(i)}
              className={`block size-16 overflow-hidden rounded-lg border-2 bg-tertiary transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:size-20 ${
                i === index ? 'border-primary dark:border-accent' : 'border-border opacity-70 hover:opacity-100'
              }`}
            >
              <Thumbnail item={item} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArrowButton({ direction, controls, onClick }: { direction: 'previous' | 'next'; controls: string; onClick: () => void }) {
  const previous = direction === 'previous';
  // The server's HTML cannot change slides: disabled until React adopts it.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      aria-label={previous ? 'Previous slide' : 'Next slide'}
      aria-controls={controls}
      onClick={onClick}
      className={`absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-background/90 text-primary shadow-md transition-colors hover:bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
        previous ? 'left-3' : 'right-3'
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={previous ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
      </svg>
    </button>
  );
}

function Slide({ item, label, index, onAudioPlay }: { item: MediaItem; label: string; index: number; onAudioPlay?: () => void }) {
  const width = item.width ?? 800;
  const height = item.height ?? 800;
  const title = item.title || `${label}, item ${index + 1}`;
  if (item.kind === 'video') {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        src={apiAssetUrl(item.src)}
        poster={item.poster ? apiAssetUrl(item.poster) : undefined}
        width={width}
        height={height}
        aria-label={title}
        className="aspect-square w-full bg-black object-contain"
      />
    );
  }
  if (item.kind === 'audio') {
    return (
      <div className="flex aspect-square w-full flex-col items-center justify-center gap-6 p-6 sm:p-10">
        {item.poster ? (
          <img
            src={apiAssetUrl(item.poster)}
            alt=""
            width={width}
            height={height}
            loading={index === 0 ? 'eager' : 'lazy'}
            draggable={false}
            className="min-h-0 w-full max-w-sm flex-1 rounded-lg object-contain"
          />
        ) : (
          <span aria-hidden="true" className="text-6xl text-secondary">
            ♪
          </span>
        )}
        <p className="text-center font-semibold">{title}</p>
        <audio controls preload="none" src={apiAssetUrl(item.src)} aria-label={title} onPlay={onAudioPlay} className="w-full max-w-md" />
      </div>
    );
  }
  return (
    <img
      src={apiAssetUrl(item.src)}
      alt={title}
      width={width}
      height={height}
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : undefined}
      decoding="async"
      draggable={false}
      className="aspect-square w-full object-contain"
    />
  );
}

function Thumbnail({ item }: { item: MediaItem }) {
  // An 80 px button: the narrowest stored width of the image is plenty.
  const src = item.kind === 'image' ? narrowestSrc(item.src, item.variants) : item.poster;
  if (src) return <img src={apiAssetUrl(src)} alt="" width={80} height={80} loading="lazy" draggable={false} className="size-full object-cover" />;
  return (
    <span aria-hidden="true" className="flex size-full items-center justify-center text-2xl text-secondary">
      {item.kind === 'video' ? '▶' : '♪'}
    </span>
  );
}
