import type { ProductCategory } from '@store/contracts';
import type { ProductFields } from '../product-columns';

/**
 * How a downloadable file of the seed catalogue is generated. Every recipe is
 * deterministic: the same recipe always gives the same bytes (and so the same sha256).
 */
export type FileRecipe =
  | {
      kind: 'sample-pack';
      /** Pack title written into the README inside the zip. */
      title: string;
      seed: number;
      bpm: number;
      /** Musical key of the loops, e.g. 'A minor'. */
      key: string;
      /** Number of MIDI loops and of WAV loops . */
      loops: number;
    }
  | {
      kind: 'progression-set';
      title: string;
      seed: number;
      volumes: number;
      progressionsPerVolume: number;
    }
  | {
      kind: 'plugin';
      productName: string;
      version: string;
      os: 'mac' | 'windows';
    };

export interface SeedFile {
  os: 'mac' | 'windows' | 'linux' | 'any';
  /** File extension / packaging, e.g. 'zip'. */
  format: string;
  filename: string;
  recipe: FileRecipe;
}

export interface SeedVersion {
  version: string;
  releasedAt: string;
  major: boolean;
  changelogMarkdown: string;
  files: SeedFile[];
}

/** A category of the seed catalogue (`categories.yaml`), in menu order. */
export interface SeedCategory {
  slug: string;
  name: string;
  intro: string;
  sortOrder: number;
}

/** A product of the seed catalogue as its content file describes it (`catalogue-files.ts`): a product's own fields and what only the seed has. */
export interface SeedProduct extends ProductFields {
  sku: string;
  category: ProductCategory;
  /** The path of the paid product this free trial belongs to. */
  trialOf: string | null;
  /** Cover art: accent colours and a motif for the generated SVG. */
  cover: { motif: 'keys' | 'pads' | 'wave' | 'chords' | 'channels'; from: string; to: string; label?: string };
  versions: SeedVersion[];
}
