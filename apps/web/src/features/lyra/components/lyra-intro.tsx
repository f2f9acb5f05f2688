import { LYRA_NAME } from '../constants';
import { LyraAvatar } from './lyra-avatar';

/** What Lyra says before the first question. */
export function LyraIntro({ examples, onExample }: { examples: readonly string[]; onExample(query: string): void }) {
  return (
    <div className="flex gap-3">
      <LyraAvatar className="mt-0.5 size-7" />
      <div className="min-w-0 flex-1">
        <p>
          Hi, I’m {LYRA_NAME}. Ask me about the store’s plugins, sample packs, licences and policies — I answer from the store’s own pages and show where I read
          it. Or tell me a wish and I’ll sketch it as MIDI.
        </p>
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
