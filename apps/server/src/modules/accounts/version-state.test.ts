import { describe, expect, it } from 'vitest';
import { versionState } from './version-state';

describe('versionState', () => {
  it('is a first download until a download is tracked', () => {
    expect(versionState(null, '4.2.1')).toEqual({
      user_version: null,
      current_version: '4.2.1',
      first_download: true,
      has_update: false,
      is_major_update: false,
    });
  });

  it('is up to date on the current version', () => {
    expect(versionState('4.2.1', '4.2.1')).toMatchObject({ first_download: false, has_update: false, is_major_update: false });
  });

  it('is a minor update behind a minor or patch release, a major one behind a new major version', () => {
    expect(versionState('4.0.0', '4.2.1')).toMatchObject({ has_update: true, is_major_update: false });
    expect(versionState('4.2.0', '4.2.1')).toMatchObject({ has_update: true, is_major_update: false });
    expect(versionState('3.9.9', '4.0.0')).toMatchObject({ has_update: true, is_major_update: true });
  });

  it('compares numerically, not as text', () => {
    expect(versionState('1.9.0', '1.10.0')).toMatchObject({ has_update: true, is_major_update: false });
    expect(versionState('10.0.0', '9.9.9')).toMatchObject({ has_update: false });
  });

  it('reads short versions leniently and falls back to equality for unreadable ones', () => {
    expect(versionState('4.2', '4.2.0')).toMatchObject({ has_update: false });
    expect(versionState('4', '5.0')).toMatchObject({ has_update: true, is_major_update: true });
    expect(versionState('beta', 'gamma')).toMatchObject({ has_update: true, is_major_update: false });
    expect(versionState('beta', 'beta')).toMatchObject({ has_update: false });
  });

  it('has no current version for a product without releases', () => {
    expect(versionState('1.0.0', null)).toMatchObject({ current_version: null, has_update: false });
  });

  it('is a major update when the update passes a release the maker marked major, and only then', () => {
    expect(versionState('1.4.0', '1.6.0', ['1.5.0'])).toMatchObject({ has_update: true, is_major_update: true });
    expect(versionState('1.4.0', '1.6.0', ['1.6.0'])).toMatchObject({ is_major_update: true });
    expect(versionState('1.5.0', '1.6.0', ['1.5.0'])).toMatchObject({ has_update: true, is_major_update: false });
    expect(versionState('1.4.0', '1.6.0', ['1.7.0'])).toMatchObject({ is_major_update: false });
    expect(versionState('1.6.0', '1.6.0', ['1.6.0'])).toMatchObject({ has_update: false, is_major_update: false });
  });
});
