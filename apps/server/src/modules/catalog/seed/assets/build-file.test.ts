import { describe, expect, it } from 'vitest';
import { buildFile } from './build-file';
import { buildPluginArchive } from './plugin-archive';
import { buildProgressionSet } from './progression-set';
import { buildSamplePack } from './sample-pack';
import { bytesEqual, unzip } from './test-support';
import type { FileRecipe } from '../seed-types';

describe('buildFile', () => {
  it('dispatches each recipe kind to its builder', () => {
    const pack: FileRecipe = { kind: 'sample-pack', title: 'Tiny', seed: 1, bpm: 120, key: 'C major', loops: 2 };
    const set: FileRecipe = { kind: 'progression-set', title: 'Set', seed: 1, volumes: 1, progressionsPerVolume: 3 };
    const plugin: FileRecipe = { kind: 'plugin', productName: 'reChannel', version: '1.0.2', os: 'windows' };
    expect(bytesEqual(buildFile(pack), buildSamplePack(pack))).toBe(true);
    expect(bytesEqual(buildFile(set), buildProgressionSet(set))).toBe(true);
    expect(bytesEqual(buildFile(plugin), buildPluginArchive(plugin))).toBe(true);
    for (const recipe of [pack, set, plugin]) {
      const bytes = buildFile(recipe);
      expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
      expect(Object.keys(unzip(bytes)).length).toBeGreaterThan(0);
    }
  });

  it('throws on an unknown kind', () => {
    expect(() => buildFile({ kind: 'font' } as unknown as FileRecipe)).toThrow(/Unknown file recipe/);
  });
});
