// The built store's entry (dist/main.js): V8's start-up settings must be in place before any of
// the store's modules load, and static imports would load them first; main.ts runs the store.
import { limitStartUpCosts } from './operations/start-up-v8';

limitStartUpCosts();
await import('./main');
