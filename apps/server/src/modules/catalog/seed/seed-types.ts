import type { MediaItem, ProductCategory } from '@store/contracts';

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
      /** Number of MIDI loops and of WAV loops (the store's packs have 16 of each: docs/behaviour/catalogue.md#product-facts). */
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
  changelogMarkdown: string;
  files: SeedFile[];
}

export interface SeedProduct {
  path: string;
  sku: string;
  displayName: string;
  category: ProductCategory;
  priceMinor: number;
  discountPercent?: number;
  discountPercentStyle?: 'number' | 'text';
  discountReason?: string;
  live: boolean;
  downloadable: boolean;
  licenceSeats: number | null;
  summaryHtml: string;
  descriptionMarkdown: string;
  /** Cover art: accent colours and a motif for the generated SVG. */
  cover: { motif: 'keys' | 'pads' | 'wave' | 'chords' | 'channels'; from: string; to: string; label?: string };
  media: MediaItem[];
  relatedPaths: string[];
  sortOrder: number;
  versions: SeedVersion[];
}
