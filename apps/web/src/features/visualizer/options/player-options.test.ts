import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_OPTIONS, loadPlayerOptions, PLAYER_OPTIONS_KEY } from './player-options';

const stored = () => JSON.parse(localStorage.getItem(PLAYER_OPTIONS_KEY) ?? 'null') as unknown;

describe('loadPlayerOptions', () => {
  beforeEach(() => localStorage.clear());

  it('has the documented keys and defaults', () => {
    expect(DEFAULT_PLAYER_OPTIONS).toMatchObject({
      Color: '#8EF971',
      OctaveLines: true,
      RandomColors: false,
      IsEffects: false,
      backgroundImage: '',
      speed: 35,
      playSpeed: 5,
      watermark: false,
      soundOn: true,
      renderMethod: 'animationFrame',
      Effect: 'fountain',
      blockRadius: 10,
      blockShadowRadius: 6,
      GameMode: false,
      GradientBlocks: false,
    });
    expect(Object.keys(DEFAULT_PLAYER_OPTIONS).sort()).toEqual(
      [
        'Color',
        'OctaveLines',
        'KeyPressColor',
        'RandomColors',
        'IsEffects',
        'backgroundImage',
        'speed',
        'playSpeed',
        'watermark',
        'soundOn',
        'renderMethod',
        'Effect',
        'blockRadius',
        'ShadowColor',
        'blockShadowRadius',
        'EffectsBlockColor',
        'randomEffectColors',
        'EffectsKeyColor',
        'EffectsColor',
        'GameMode',
        'ThinerBlockColor',
        'GradientColor',
        'GradientBlocks',
        'GradientBlocksColor',
      ].sort(),
    );
    expect(DEFAULT_PLAYER_OPTIONS.GradientBlocksColor).toHaveLength(2);
  });

  it('stores the defaults when nothing is stored', () => {
    expect(loadPlayerOptions()).toEqual({ options: DEFAULT_PLAYER_OPTIONS, reset: false });
    expect(stored()).toEqual(DEFAULT_PLAYER_OPTIONS);
  });

  it('keeps a complete stored object as it is', () => {
    const mine = { ...DEFAULT_PLAYER_OPTIONS, Color: '#ff0000', speed: 50 };
    localStorage.setItem(PLAYER_OPTIONS_KEY, JSON.stringify(mine));
    expect(loadPlayerOptions()).toEqual({ options: mine, reset: false });
    expect(stored()).toEqual(mine);
  });

  it('resets everything to the defaults when a key is missing', () => {
    const { speed: _speed, ...missingSpeed } = { ...DEFAULT_PLAYER_OPTIONS, Color: '#ff0000' };
    localStorage.setItem(PLAYER_OPTIONS_KEY, JSON.stringify(missingSpeed));
    expect(loadPlayerOptions()).toEqual({ options: DEFAULT_PLAYER_OPTIONS, reset: true });
    expect(stored()).toEqual(DEFAULT_PLAYER_OPTIONS);
  });

  it('resets junk and wrongly typed values too', () => {
    localStorage.setItem(PLAYER_OPTIONS_KEY, '{not json');
    expect(loadPlayerOptions().reset).toBe(true);
    expect(stored()).toEqual(DEFAULT_PLAYER_OPTIONS);
    localStorage.setItem(PLAYER_OPTIONS_KEY, JSON.stringify({ ...DEFAULT_PLAYER_OPTIONS, speed: 'fast' }));
    expect(loadPlayerOptions()).toEqual({ options: DEFAULT_PLAYER_OPTIONS, reset: true });
  });
});
