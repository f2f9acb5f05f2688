import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { shopperStateQueryOptions } from '../api/get-shopper-state';
import { LYRA_NAME } from '../constants';
import type { LyraShopper } from '../types';
import { LyraAvatar } from './lyra-avatar';

interface LyraIntroProps {
  examples: readonly string[];
  onExample(query: string): void;
  /** Who is asking: a signed-in shopper is greeted by Lyra's memory of them. */
  shopper?: LyraShopper;
}

/**
 * What Lyra says before the first question: the greeting of a signed-in shopper (the usual
 * introduction while it loads or if it cannot be had), or the introduction and, signed out, that
 * signing in keeps the sketches.
 */
export function LyraIntro({ shopper, ...props }: LyraIntroProps) {
  if (shopper?.signedIn) return <GreetingIntro subject={shopper.subject} getAccessToken={shopper.getAccessToken} {...props} />;
  return (
    <IntroView {...props}>
      {shopper && (
        <p className="mt-3 text-sm text-secondary">
          {shopper.onLogin ? (
            <button type="button" onClick={shopper.onLogin} className="font-semibold text-primary underline underline-offset-4">
              Sign in
            </button>
          ) : (
            'Sign in'
          )}{' '}
          to keep your sketches.
        </p>
      )}
    </IntroView>
  );
}

function GreetingIntro({ subject, getAccessToken, ...props }: { subject: string; getAccessToken(): Promise<string> } & Omit<LyraIntroProps, 'shopper'>) {
  const greeting = useQuery(shopperStateQueryOptions(subject, getAccessToken)).data?.greeting;
  return <IntroView greeting={greeting} {...props} />;
}

function IntroView({ examples, onExample, greeting, children }: Omit<LyraIntroProps, 'shopper'> & { greeting?: string; children?: ReactNode }) {
  return (
    <div className="flex gap-3">
      <LyraAvatar className="mt-0.5 size-7" />
      <div className="min-w-0 flex-1">
        {greeting ? (
          <p>{greeting}</p>
        ) : (
          <p>
            Hi, I’m {LYRA_NAME}. Ask me about the store’s products, licences and policies — I answer from the store’s own pages and show where I read it. Or
            tell me a wish and I’ll sketch it as MIDI.
          </p>
        )}
        {children}
        <p className="mt-3 text-sm text-secondary">Try:</p>
        <ul className="mt-1.5 flex flex-wrap gap-2">
          {examples.map((example) => (
            <li key={example}>
              <button
                type="button"
                onClick={() => onExample(example)}
                className="min-h-9 rounded-2xl border border-border px-3 py-1.5 text-left text-sm text-primary hover:bg-tertiary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent"
              >
                {example}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
