import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { CART_FEEDBACK_MS } from '../constants';

export interface ProductCartButtonProps {
  /** For the screen-reader announcements ('Added Pad Mapper to your cart'). */
  productName: string;
  /** False until the payment provider has loaded: a disabled 'Loading...'. */
  ready: boolean;
  /** How many of this product are in the cart (0: not in the cart). */
  quantity: number;
  onAdd(): Promise<boolean>;
  onRemove(): Promise<boolean>;
  className?: string;
}

type Phase = 'idle' | 'processing' | 'added' | 'removed';

/** The label for each state of the button (docs/behaviour/cart.md#product-card-button). */
export function productCartButtonLabel({ ready, quantity, phase }: { ready: boolean; quantity: number; phase: Phase }): string {
  if (!ready) return 'Loading...';
  if (phase === 'processing') return 'Processing...';
  if (phase === 'removed') return 'Removed!';
  if (phase === 'added') return 'Added!';
  if (quantity <= 0) return 'Add to Cart';
  return quantity > 1 ? `Remove from Cart (${quantity})` : 'Remove from Cart';
}

/**
 * A product card's or page's cart button (docs/behaviour/cart.md#product-card-button): 'Loading...' until the
 * provider is ready, then 'Add to Cart' or 'Remove from Cart'; 'Processing...' while the
 * provider works; 'Added!' or 'Removed!' for 2 s afterwards. A failed change says so below
 * the button instead of quietly going back.
 */
export function ProductCartButton({ productName, ready, quantity, onAdd, onRemove, className = 'w-full' }: ProductCartButtonProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState('');
  const feedbackTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  // Disabled in the server's HTML until React runs it: a click before then would do nothing.
  const hydrated = useHydrated();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(feedbackTimer.current);
    };
  }, []);

  const showFeedback = (next: 'added' | 'removed') => {
    setPhase(next);
    clearTimeout(feedbackTimer.current);
    feedbackTimer.current = setTimeout(() => setPhase('idle'), CART_FEEDBACK_MS);
  };

  const inCart = quantity > 0;
  const onClick = async () => {
    clearTimeout(feedbackTimer.current);
    setPhase('processing');
    setError('');
    setAnnouncement('');
    const removing = inCart;
    const ok = await (removing ? onRemove() : onAdd());
    if (!mounted.current) return;
    if (ok) {
      showFeedback(removing ? 'removed' : 'added');
      setAnnouncement(removing ? `Removed ${productName} from your cart.` : `Added ${productName} to your cart.`);
    } else {
      setPhase('idle');
      setError(
        removing ? `We couldn't remove ${productName} from your cart. Please try again.` : `We couldn't add ${productName} to your cart. Please try again.`,
      );
    }
  };

  const label = productCartButtonLabel({ ready, quantity, phase });
  const busy = phase === 'processing';
  const variant = !ready || (!inCart && phase !== 'removed') || phase === 'added' ? 'primary' : 'secondary';

  return (
    <div>
      <Button
        variant={variant}
        className={className}
        disabled={!ready || !hydrated || busy}
        aria-busy={busy || undefined}
        data-state={ready ? phase : 'loading'}
        onClick={() => void onClick()}
      >
        {phase === 'added' && ready && <CheckIcon />}
        {label}
      </Button>
      <p aria-live="polite" className={error ? 'mt-2 text-sm text-danger' : 'sr-only'}>
        {error || announcement}
      </p>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
    </svg>
  );
}
