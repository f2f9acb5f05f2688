import * as tonejsMidiNamespace from '@tonejs/midi';

type TonejsMidiModule = typeof tonejsMidiNamespace;
/**
 * @tonejs/midi ships CommonJS only. Node's ESM loader cannot detect its named
 * exports and offers them only as `default` (module.exports), while bundlers
 * and CJS loaders expose them directly; accept both shapes.
 */
const tonejsMidi: TonejsMidiModule = (tonejsMidiNamespace as TonejsMidiModule & { default?: TonejsMidiModule }).default ?? tonejsMidiNamespace;

/** @tonejs/midi's file class, the same under every loader. */
export const { Midi } = tonejsMidi;
