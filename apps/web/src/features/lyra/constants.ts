/** The persona the button and the panel name (docs/behaviour/lyra.md#the-panel-and-the-page). Later personas are configuration. */
export const LYRA_NAME = 'Lyra';

/** Wishes the sketch studio offers as examples. */
export const SKETCH_EXAMPLES = ['melancholic lo-fi in A minor at 80 bpm', 'hopeful pop chords', 'a jazz ii-V-I in Bb'] as const;

/** What the panel suggests before the first question: one about the store, one wish. */
export const PANEL_EXAMPLES = ['How many computers can I use a plugin licence on?', 'What is the refund policy?', SKETCH_EXAMPLES[0]] as const;

/** Both queries of a signed-in shopper's memory (greeting, sketches) start with this key: an answer with a sketch refreshes them together. */
export const lyraMemoryQueryKey = (subject: string) => ['lyra', 'memory', subject] as const;
