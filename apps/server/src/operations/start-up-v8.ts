/**
 * V8 settings for the store's start-up, and V8's own defaults once the work that can wait is
 * done. Node 20's defaults (`node --v8-options`); a flag set at run time applies from then on.
 */
import v8 from 'node:v8';

const DEFAULT_WASM_TIERING_BUDGET = 1_800_000;
const DEFAULT_SEMI_SPACE_GROWTH_FACTOR = 2;

/**
 * Called first of all, before the store's modules load:
 * - PGlite's 9 MB of WebAssembly runs PostgreSQL's start-up hot enough that V8 re-compiled much
 *   of it with its optimising compiler at once: on one core ~1.3 s of a 3.3 s restart and ~140 MB
 *   of compiler memory at the peak. A tiering budget no start-up spends keeps it on the baseline
 *   compiler (V8 refills a function's budget from the flag, so it tiers up later as usual).
 * - Loading the modules and seeding grew the young generation to its 32 MB maximum, which an idle
 *   store then holds for good; at growth factor 1 it stays at 1 MB during start-up.
 */
export function limitStartUpCosts(): void {
  v8.setFlagsFromString('--wasm-tiering-budget=2000000000');
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}

/** Under load the young generation grows, and hot WebAssembly (PGlite, the image rasteriser) is optimised, as V8 does by default. */
export function restoreV8Defaults(): void {
  v8.setFlagsFromString(`--wasm-tiering-budget=${DEFAULT_WASM_TIERING_BUDGET}`);
  v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}`);
}
