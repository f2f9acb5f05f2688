/**
 * The store's licensing client for a plugin's Node or Electron (main process) code: the HTTP API,
 * offline machine-file checks and a fingerprint suggestion. Built-in Node modules only, so it can be
 * copied into a plugin's own source. See docs/licensing.md.
 */
export { createLicensingClient, LicensingError, LicensingUnreachableError } from './client';
export type { LicensingClient, LicensingClientOptions, UnreachableReason } from './client';
export { verifyMachineFile, importPublicKey, MACHINE_FILE_ALGORITHM, CLOCK_SKEW_MS } from './machine-file';
export type { MachineFileVerification, MachineFileFailure, VerifyOptions } from './machine-file';
export { suggestFingerprint, readMachineId } from './fingerprint';
export type { SuggestedFingerprint, SuggestFingerprintOptions } from './fingerprint';
export type * from './types';
