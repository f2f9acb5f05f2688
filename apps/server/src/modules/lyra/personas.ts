import { DEFAULT_INFLUENCER } from '@store/contracts/lyra';

/** Who answers: a name, a tone for the fixed lines, and an avatar image (the web app's default when absent). */
export interface Persona {
  id: string;
  name: string;
  /** The line that introduces a sketch, and the one that says the answer is not known. */
  lines: { sketch: string; unknown: string };
  /** How the language model is asked to sound, when one is configured. */
  tone: string;
  avatar?: string;
}

/** The configured personas; Lyra is built in. */
export const PERSONAS: readonly Persona[] = [
  {
    id: DEFAULT_INFLUENCER,
    name: 'Lyra',
    tone: 'You are warm, clear and encouraging, like a producer friend who knows the store well; you never oversell.',
    lines: {
      sketch: 'Here is a sketch for your wish',
      unknown: "I don't know that yet: I could not find it in the store's pages.",
    },
  },
];

export function findPersona(id: string, personas: readonly Persona[] = PERSONAS): Persona | undefined {
  return personas.find((persona) => persona.id === id);
}
