import { useId, useState } from 'react';
import { RELEASE_FILE_FORMATS, RELEASE_FILE_OPERATING_SYSTEMS, type ReleaseFileFormat, type ReleaseFileOs } from '@store/contracts/admin';
import { inputClasses } from '../components/form-field';
import { UploadButton } from '../uploads/upload-button';
import { OS_LABELS } from './file-list';

const FORMAT_LABELS: Record<ReleaseFileFormat, string> = {
  vst3: 'VST3',
  au: 'AU',
  aax: 'AAX',
  standalone: 'Standalone',
  zip: 'ZIP',
  other: 'Other',
};

/** 'Add file': which system and format the file is for, then the upload itself. */
export function AddFile({
  productId,
  versionId,
  taken,
  onUploaded,
}: {
  productId: number;
  versionId: number;
  taken: Array<{ os: string; format: string }>;
  onUploaded(): void;
}) {
  const [os, setOs] = useState<ReleaseFileOs>('mac');
  const [format, setFormat] = useState<ReleaseFileFormat>('zip');
  const id = useId();
  const replaces = taken.some((file) => file.os === os && file.format === format);
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-dashed border-border/60 p-3">
      <legend className="px-1 text-sm font-semibold text-primary">Add file</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-os`} className="text-sm font-semibold text-primary">
            System
          </label>
          <select id={`${id}-os`} value={os} onChange={(event) => setOs(event.target.value as ReleaseFileOs)} className={inputClasses}>
            {RELEASE_FILE_OPERATING_SYSTEMS.map((value) => (
              <option key={value} value={value}>
                {OS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-format`} className="text-sm font-semibold text-primary">
            Format
          </label>
          <select id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as ReleaseFileFormat)} className={inputClasses}>
            {RELEASE_FILE_FORMATS.map((value) => (
              <option key={value} value={value}>
                {FORMAT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <UploadButton
          purpose="release-file"
          target={{ productId, versionId, os, format }}
          label={`Upload the ${OS_LABELS[os]} ${FORMAT_LABELS[format]} file`}
          onUploaded={onUploaded}
        />
      </div>
      {replaces && (
        <p className="text-sm text-secondary">
          This version already has a {OS_LABELS[os]} {FORMAT_LABELS[format]} file; uploading another replaces it.
        </p>
      )}
    </fieldset>
  );
}
