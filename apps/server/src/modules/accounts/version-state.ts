import semver from 'semver';

export interface VersionState {
  user_version: string | null;
  current_version: string | null;
  first_download: boolean;
  has_update: boolean;
  is_major_update: boolean;
}

/**
 * Where the customer stands against the current release of a product (docs/behaviour/downloads.md#version-state):
 * no tracked download yet is a first download; an older version is an update, and an older
 * major version a major update, as is any update that passes a release the maker marked major
 * (`majorReleases`). Versions are compared as semver, leniently ('4.2' is 4.2.0); two versions
 * that cannot be read as semver are only compared for equality.
 */
export function versionState(
  userVersion: string | null | undefined,
  currentVersion: string | null | undefined,
  majorReleases: readonly string[] = [],
): VersionState {
  const user = userVersion ?? null;
  const current = currentVersion ?? null;
  const state: VersionState = { user_version: user, current_version: current, first_download: user === null, has_update: false, is_major_update: false };
  if (user === null || current === null) return state;
  const userSemver = semver.coerce(user);
  const currentSemver = semver.coerce(current);
  if (!userSemver || !currentSemver) {
    state.has_update = user !== current;
    return state;
  }
  state.has_update = semver.gt(currentSemver, userSemver);
  state.is_major_update =
    state.has_update && (semver.major(currentSemver) > semver.major(userSemver) || passesMajorRelease(userSemver, currentSemver, majorReleases));
  return state;
}

/** Whether a release marked major lies after what the customer has, up to the current version. */
function passesMajorRelease(user: semver.SemVer, current: semver.SemVer, majorReleases: readonly string[]) {
  return majorReleases.some((version) => {
    const major = semver.coerce(version);
    return major !== null && semver.gt(major, user) && semver.lte(major, current);
  });
}
