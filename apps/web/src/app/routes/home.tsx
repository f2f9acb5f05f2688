import { useState, type ComponentType, type SVGProps } from 'react';
import { Link, useNavigate, useOutletContext } from 'react-router';
import { CanonicalLink } from '#web/components/canonical-link.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { ProductGrid } from '#web/features/catalog/components/product-grid.tsx';
import { ArrowRightIcon, DownloadIcon, KeyIcon, WaveformIcon } from '#web/features/layout/components/landing-icons.tsx';
import { LandingHeader } from '#web/features/layout/components/landing-header.tsx';
import { LandingVisualizerCanvas, LandingVisualizerStatus, SoundToggle } from '#web/features/visualizer/components/landing-visualizer.tsx';
import { useLandingVisualizer } from '#web/features/visualizer/hooks/use-landing-visualizer.ts';
import { storeConfig } from '#web/lib/store-config.ts';
import type { RootOutletContext } from './root-layout';
import { renderProductCartAction } from '../product-cart-action';
import { paths } from '@store/contracts/paths';

interface ValueProp {
  title: string;
  body: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const VALUE_PROPS: readonly ValueProp[] = [
  {
    title: '3 computers per licence',
    body: 'Every plugin comes with a licence key you can activate on three of your own computers — studio, laptop and a spare.',
    Icon: KeyIcon,
  },
  {
    title: 'Royalty-free sample packs',
    body: 'Use every sound in your releases, beats and client work. No clearances and no extra fees, ever.',
    Icon: WaveformIcon,
  },
  {
    title: 'Try before you buy',
    body: 'Free trials and free downloads, so you can hear how they sit in your own sessions before you spend a cent.',
    Icon: DownloadIcon,
  },
];

export function Component() {
  const { account } = useOutletContext<RootOutletContext>();
  const navigate = useNavigate();
  const visualizer = useLandingVisualizer(storeConfig.visualizer.landingMidiUrl);
  const [sound, setSound] = useState(false);
  // While the sign-in state loads (a stored session being checked), the account page waits for it.
  const onSignup = () => {
    if (account.status === 'unauthenticated') account.onSignup();
    else void navigate(paths.account.getHref());
  };

  return (
    <>
      <title>{`${storeConfig.storeName} — MIDI plugins and sample packs`}</title>
      <meta
        name="description"
        content="MIDI plugins, royalty-free sample packs, free downloads and deals for music producers. Plugin licences work on up to three computers."
      />
      <CanonicalLink path={paths.home.getHref()} />

      <LandingHeader
        onSignup={onSignup}
        signedIn={account.status === 'authenticated'}
        visualizer={visualizer.status === 'ready' ? <LandingVisualizerCanvas state={visualizer} sound={sound} /> : undefined}
        visualizerStatus={<LandingVisualizerStatus state={visualizer} />}
        visualizerControls={
          visualizer.status === 'ready' && visualizer.options.soundOn ? (
            <SoundToggle on={sound} onToggle={() => setSound((on) => !on)} subject="visualization" compact />
          ) : undefined
        }
      />

      <section aria-labelledby="why-heading" className="pt-4 pb-16 sm:pt-6 sm:pb-20">
        <Container>
          <h2 id="why-heading" className="sr-only">
            Why shop with {storeConfig.storeName}
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            {VALUE_PROPS.map(({ title, body, Icon }) => (
              <li key={title} className="rounded-2xl border border-border/40 bg-tertiary p-6 sm:p-7 dark:border-border/70">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent text-black">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-secondary">{body}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="featured-heading" className="pb-20">
        <Container>
          <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
            <div>
              <h2 id="featured-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
                Featured
              </h2>
              <p className="mt-2 text-secondary">Everything in our catalogue, from free downloads to full products.</p>
            </div>
            <Link
              to={paths.productLists.all.getHref()}
              className="group inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent"
            >
              Browse all products
              <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
            </Link>
          </div>
          <div className="mt-8">
            <ProductGrid limit={3} headingLevel="h3" renderAction={renderProductCartAction} />
          </div>
        </Container>
      </section>
    </>
  );
}
