import { describe, expect, it } from 'vitest';
import { buildPluginArchive, type PluginRecipe } from './plugin-archive';
import { bytesEqual, text, unzip } from './test-support';

const mac: PluginRecipe = { kind: 'plugin', productName: 'reMIDI 4', version: '4.2.1', os: 'mac' };
const windows: PluginRecipe = { ...mac, os: 'windows' };

describe('buildPluginArchive', () => {
  it('puts a mac release in "<Product> <version> (macOS)/" with VERSION, README, LICENSE and VST3/AU bundles', () => {
    const names = Object.keys(unzip(buildPluginArchive(mac)));
    const root = 'reMIDI 4 4.2.1 (macOS)/';
    expect(names.every((name) => name.startsWith(root))).toBe(true);
    for (const file of ['VERSION.txt', 'README.txt', 'LICENSE.txt', 'reMIDI 4.vst3/Contents/Info.plist', 'reMIDI 4.component/Contents/Info.plist']) {
      expect(names).toContain(root + file);
    }
  });

  it('writes exactly the version on the first line of VERSION.txt', () => {
    for (const recipe of [mac, windows, { ...mac, version: '1.0.2-beta.3' }]) {
      const entries = unzip(buildPluginArchive(recipe));
      const versionFile = Object.keys(entries).find((name) => name.endsWith('/VERSION.txt'))!;
      expect(text(entries[versionFile]).split('\n')[0]).toBe(recipe.version);
    }
  });

  it('sets CFBundleShortVersionString to the version in the mac Info.plist', () => {
    const entries = unzip(buildPluginArchive(mac));
    const plist = text(entries['reMIDI 4 4.2.1 (macOS)/reMIDI 4.vst3/Contents/Info.plist']);
    expect(plist).toMatch(/<key>CFBundleShortVersionString<\/key>\s*<string>4\.2\.1<\/string>/);
    expect(plist).toContain('<!DOCTYPE plist');
  });

  it('lays out a Windows VST3 bundle whose moduleinfo.json carries the version', () => {
    const entries = unzip(buildPluginArchive(windows));
    const root = 'reMIDI 4 4.2.1 (Windows)/';
    expect(Object.keys(entries)).toContain(`${root}reMIDI 4.vst3/Contents/x86_64-win/PLACEHOLDER.txt`);
    const moduleInfo = JSON.parse(text(entries[`${root}reMIDI 4.vst3/Contents/Resources/moduleinfo.json`]));
    expect(moduleInfo.Version).toBe('4.2.1');
    expect(moduleInfo.Classes[0].Version).toBe('4.2.1');
    expect(moduleInfo.Classes[0].CID).toMatch(/^[0-9A-F]{32}$/);
    expect(Object.keys(entries).some((name) => name.includes('.component'))).toBe(false);
  });

  it('gives OS-specific install steps and says it is a demonstration build', () => {
    const macReadme = text(unzip(buildPluginArchive(mac))['reMIDI 4 4.2.1 (macOS)/README.txt']);
    expect(macReadme).toContain('~/Library/Audio/Plug-Ins/VST3/');
    expect(macReadme).toContain('~/Library/Audio/Plug-Ins/Components/');
    expect(macReadme).toMatch(/demonstration build/i);
    expect(macReadme).toMatch(/no executable code/i);
    const winReadme = text(unzip(buildPluginArchive(windows))['reMIDI 4 4.2.1 (Windows)/README.txt']);
    expect(winReadme).toContain('C:\\Program Files\\Common Files\\VST3\\');
    expect(winReadme).toMatch(/demonstration build/i);
  });

  it('has a licence limited to 3 computers', () => {
    expect(text(unzip(buildPluginArchive(mac))['reMIDI 4 4.2.1 (macOS)/LICENSE.txt'])).toMatch(/up to 3 computers/);
  });

  it('contains only text files (no pretend binaries)', () => {
    for (const bytes of Object.values(unzip(buildPluginArchive(mac)))) {
      expect(bytes.includes(0)).toBe(false);
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).not.toThrow();
    }
  });

  it('is deterministic and differs per version and OS', () => {
    expect(bytesEqual(buildPluginArchive(mac), buildPluginArchive(mac))).toBe(true);
    expect(bytesEqual(buildPluginArchive(mac), buildPluginArchive({ ...mac, version: '4.2.2' }))).toBe(false);
    expect(bytesEqual(buildPluginArchive(mac), buildPluginArchive(windows))).toBe(false);
  });
});
