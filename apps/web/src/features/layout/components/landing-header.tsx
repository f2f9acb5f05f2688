import { useId, type ReactNode } from 'react';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { paths } from '@store/contracts/paths';

interface Note {
  left: number;
  top: number;
  height: number;
  width: number;
  opacity: string;
  /** Hidden on phones, where the text covers most of the hero. */
  wide?: boolean;
}

// A static piano roll standing in for the falling-notes visualiser (percent positions, px sizes).
const NOTES: readonly Note[] = [
  { left: 5, top: 10, height: 120, width: 14, opacity: 'opacity-50' },
  { left: 13, top: 50, height: 70, width: 14, opacity: 'opacity-30', wide: true },
  { left: 21, top: 16, height: 96, width: 10, opacity: 'opacity-25', wide: true },
  { left: 29, top: 62, height: 130, width: 14, opacity: 'opacity-35', wide: true },
  { left: 38, top: -6, height: 84, width: 10, opacity: 'opacity-20' },
  { left: 58, top: 74, height: 90, width: 10, opacity: 'opacity-25', wide: true },
  { left: 64, top: 2, height: 110, width: 14, opacity: 'opacity-35' },
  { left: 72, top: 54, height: 64, width: 10, opacity: 'opacity-30', wide: true },
  { left: 80, top: 22, height: 110, width: 14, opacity: 'opacity-40', wide: true },
  { left: 88, top: 64, height: 80, width: 10, opacity: 'opacity-25' },
  { left: 93, top: 4, height: 72, width: 14, opacity: 'opacity-40' },
];

export interface LandingHeaderProps {
  onSignup: () => void;
  /** A signed-in shopper has nothing to sign up for: the button takes them to their account instead. */
  signedIn?: boolean;
  /** The falling-notes canvas; it fills the hero behind the text. */
  visualizer?: ReactNode;
  /** One short line under the title (the visualiser's loading or failure text); its line is reserved from the first render, so it shifts nothing. */
  visualizerStatus?: ReactNode;
  /** Controls of the visualiser (the sound toggle), in the hero's corner above everything else. */
  visualizerControls?: ReactNode;
}

/** The home page hero (docs/behaviour/site.md#landing-header). Its height is fixed per breakpoint so the visualiser arriving later shifts nothing. */
export function LandingHeader({ onSignup, signedIn = false, visualizer, visualizerStatus, visualizerControls }: LandingHeaderProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="relative isolate h-[420px] overflow-hidden sm:h-[460px] lg:h-[480px]">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-20">
        <div className="absolute inset-0 bg-[radial-gradient(60%_55%_at_50%_45%,rgb(142_249_113/0.16),transparent_70%)]" />
        {!visualizer &&
          NOTES.map(({ left, top, height, width, opacity, wide }) => (
            <span
              key={`${left}-${top}`}
              className={`absolute rounded-md bg-accent ${opacity} ${wide ? 'max-sm:hidden' : ''}`}
              style={{ left: `${left}%`, top: `${top}%`, height, width }}
            />
          ))}
        <div className="absolute inset-0 bg-[radial-gradient(45%_40%_at_50%_50%,var(--background),transparent)] opacity-80" />
        <div className="absolute inset-x-0 bottom-0 h-24 bg-linear-to-b from-transparent to-background" />
      </div>

      {visualizer && (
        <div className="absolute inset-0 -z-10">
          {visualizer}
          {/* Keeps the title readable over the notes. */}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(50%_45%_at_50%_50%,var(--background),transparent)] opacity-90"
          />
        </div>
      )}

      <Container className="flex h-full flex-col items-center justify-center text-center">
        <h1 id={titleId} className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          One wish — to help songs come true
        </h1>
        {visualizerStatus !== undefined && (
          <div aria-live="polite" className="mt-2 h-5 text-sm leading-5">
            {visualizerStatus}
          </div>
        )}
        <p className={`${visualizerStatus !== undefined ? 'mt-3' : 'mt-5'} text-lg text-secondary sm:text-xl`}>Join thousands of artists worldwide</p>
        {signedIn ? (
          <ButtonLink to={paths.account.getHref()} size="lg" className="mt-8">
            My Account
          </ButtonLink>
        ) : (
          <Button size="lg" onClick={onSignup} className="mt-8">
            Sign Up
          </Button>
        )}
      </Container>

      {visualizerControls && <div className="absolute right-4 bottom-4 z-10 sm:right-6 sm:bottom-6">{visualizerControls}</div>}
    </section>
  );
}
