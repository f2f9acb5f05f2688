import { LYRA_QUERY_MAX_CHARS } from '@store/contracts/lyra';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { SKETCH_EXAMPLES } from '../constants';
import { useTurns, type LyraConversation } from '../conversation/lyra-conversation';

/** The /lyra page's wish box: a wish (or one of the examples) becomes a question to Lyra, answered with a sketch. */
export function SketchStudio({ conversation }: { conversation: LyraConversation }) {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const [wish, setWish] = useState('');
  const asking = useTurns(conversation).at(-1)?.state === 'asking';
  const make = (text: string) => {
    if (conversation.send({ query: text })) setWish('');
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-tertiary p-5 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        Sketch studio
      </h2>
      <p id={hintId} className="mt-1 text-secondary">
        Describe the song you wish for — a mood, a style, a key, a tempo. Lyra writes chords, a bass line and a melody as a MIDI file you can play here and take
        into your DAW.
      </p>
      <form
        className="mt-4 flex flex-col items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (wish.trim()) make(wish);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Your wish
        </label>
        <input
          id={inputId}
          value={wish}
          maxLength={LYRA_QUERY_MAX_CHARS}
          aria-describedby={hintId}
          placeholder="e.g. dreamy synthwave in F# minor at 100 bpm"
          onChange={(event) => setWish(event.target.value)}
          className="min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base text-primary placeholder:text-secondary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary dark:focus-visible:outline-accent"
        />
        <Button type="submit" disabled={asking || wish.trim() === ''}>
          Make a sketch
        </Button>
      </form>
      <p className="mt-4 text-sm text-secondary">Or start from an example:</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {SKETCH_EXAMPLES.map((example) => (
          <li key={example}>
            <button
              type="button"
              disabled={asking}
              onClick={() => make(example)}
              className="min-h-11 rounded-2xl border border-border bg-background px-4 py-2 text-left text-sm font-semibold text-primary hover:border-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60 dark:focus-visible:outline-accent"
            >
              {example}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
