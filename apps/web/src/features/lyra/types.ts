import type { LyraProduct, LyraSketch } from '@store/contracts/lyra';
import type { ReactNode } from 'react';

/**
 * The Add to Cart control of a product Lyra suggests. The cart feature supplies it through the
 * app layer; without one the card shows only the link to the product.
 */
export type RenderLyraProductAction = (product: LyraProduct) => ReactNode;

/** A sketch's MIDI file in the piano roll, with sound once the shopper pressed Play (the visualiser feature, through the app layer). */
export type RenderSketchPlayer = (sketch: { midiUrl: string; title: string; playing: boolean }) => ReactNode;

/** What the app layer hands to Lyra's conversation: the other features' parts. */
export interface LyraRenderProps {
  renderProductAction?: RenderLyraProductAction;
  renderSketchPlayer?: RenderSketchPlayer;
}

/** A question to ask as soon as the conversation is on screen (a pending remix). */
export interface PendingQuestion {
  query: string;
  remix?: string;
}

/**
 * The shopper as Lyra sees them (from the identity feature, through the app layer): signed in, Lyra
 * greets them, keeps their sketches and sends their access token; signed out, `onLogin` starts a sign-in.
 */
export type LyraShopper = { signedIn: true; subject: string; getAccessToken(): Promise<string> } | { signedIn: false; onLogin?(): void };

/** The shopper played or downloaded a sketch (posted to the creative log). */
export type OnSketchEvent = (type: 'sketch_played' | 'sketch_downloaded', sketch: LyraSketch) => void;
