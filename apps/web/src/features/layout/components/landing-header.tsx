import { useId, type ReactNode } from 'react';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { paths } from '@store/contracts/paths';

interface Note {
  /** Position and size as whole class names (percent positions, px sizes): no inline style, which the CSP refuses in server-rendered HTML. */
  place: string;
  opacity: string;
  /** Hidden on phones, where the text covers most of the hero. */
  wide?: boolean;
}

// A static piano roll standing in for the falling-notes visualiser.
const NOTES: readonly Note[] = [
  { place: 'left-[5%] top-[10%] h-[120px] w-[14px]', opacity: 'opacity-50' },
  { place: 'left-[13%] top-[50%] h-[70px] w-[14px]', opacity: 'opacity-30', wide: true },
  { place: 'left-[21%] top-[16%] h-[96px] w-[10px]', opacity: 'opacity-25', wide: true },
  { place: 'left-[29%] top-[62%] h-[130px] w-[14px]', opacity: 'opacity-35', wide: true },
  { place: 'left-[38%] top-[-6%] h-[84px] w-[10px]', opacity: 'opacity-20' },
  { place: 'left-[58%] top-[74%] h-[90px] w-[10px]', opacity: 'opacity-25', wide: true },
  { place: 'left-[64%] top-[2%] h-[110px] w-[14px]', opacity: 'opacity-35' },
  { place: 'left-[72%] top-[54%] h-[64px] w-[10px]', opacity: 'opacity-30', wide: true },
  { place: 'left-[80%] top-[22%] h-[110px] w-[14px]', opacity: 'opacity-40', wide: true },
  { place: 'left-[88%] top-[64%] h-[80px] w-[10px]', opacity: 'opacity-25' },
  { place: 'left-[93%] top-[4%] h-[72px] w-[14px]', opacity: 'opacity-40' },
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
          NOTES.map(({ place, opacity, wide }) => (
            <span key={place} className={`absolute rounded-md bg-accent ${place} ${opacity} ${wide ? 'max-sm:hidden' : ''}`} />
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
