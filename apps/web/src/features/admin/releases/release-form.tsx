import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { CHANGELOG_MAX_LENGTH, isMajorBump, releaseInputSchema, todayAsReleaseDate, type Release, type ReleaseInput } from '@store/contracts/admin';
import { Markdown } from '#web/components/markdown/markdown.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage, fieldErrors } from '../utils/error-message';

export interface ReleaseFormProps {
  /** The version being edited; absent for a new one. */
  editing?: Release;
  /** The current published version, which decides whether a new number is a major release. */
  currentVersion: string | null;
  onSubmit(body: ReleaseInput): Promise<unknown>;
  onCancel(): void;
}

const FIELDS = ['version', 'releasedAt', 'changelogMarkdown', 'major'] as const satisfies ReadonlyArray<FieldPath<ReleaseInput>>;

/**
 * A new version, or the changes to one: a draft's number, date, notes and major flag; only the
 * notes of a published version (owners have its number already). The notes have a preview.
 */
export function ReleaseForm({ editing, currentVersion, onSubmit, onCancel }: ReleaseFormProps) {
  const published = Boolean(editing?.publishedAt);
  const form = useForm<ReleaseInput>({
    resolver: zodResolver(releaseInputSchema),
    defaultValues: editing
      ? { version: editing.version, releasedAt: editing.releasedAt, changelogMarkdown: editing.changelogMarkdown, major: editing.major }
      : { version: '', releasedAt: todayAsReleaseDate(), changelogMarkdown: '', major: false },
  });
  const [preview, setPreview] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const notes = useWatch({ control: form.control, name: 'changelogMarkdown' }) ?? '';

  const versionField = form.register('version', {
    // Until the maker sets it, 'Major release' follows the number: higher major number than the current version.
    onChange: (event: { target: { value: string } }) => {
      if (!form.getFieldState('major').isDirty) form.setValue('major', isMajorBump(event.target.value.trim(), currentVersion));
    },
  });

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      const fields = fieldErrors(error);
      const placed = FIELDS.filter((field) => fields[field]);
      for (const field of placed) form.setError(field, { message: fields[field] });
      if (placed.length === 0) setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={editing ? `Edit version ${editing.version}` : 'New version'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Version" hint="MAJOR.MINOR.PATCH, e.g. 2.1.0 or 3.0.0-beta.1" error={errors.version?.message}>
          {(control) => <input {...control} {...versionField} className={inputClasses} autoComplete="off" inputMode="decimal" readOnly={published} />}
        </FormField>
        <FormField label="Release date" error={errors.releasedAt?.message}>
          {(control) => <input {...control} {...form.register('releasedAt')} type="date" className={inputClasses} readOnly={published} />}
        </FormField>
      </div>
      <div className="flex flex-col gap-1.5">
        <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-primary">
          <input type="checkbox" {...form.register('major')} disabled={published} className="size-5 accent-accent" />
          Major release
        </label>
        <p className="text-sm text-secondary">Owners of an earlier version see ‘Major Update’ beside it in their account.</p>
        {errors.major?.message && (
          <p className="text-sm font-medium text-danger" role="alert">
            {errors.major.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm font-semibold text-primary">Release notes</span>
          <div role="group" aria-label="Release notes view" className="flex gap-1">
            <Button size="sm" variant={preview ? 'ghost' : 'secondary'} aria-pressed={!preview} onClick={() => setPreview(false)}>
              Write
            </Button>
            <Button size="sm" variant={preview ? 'secondary' : 'ghost'} aria-pressed={preview} onClick={() => setPreview(true)}>
              Preview
            </Button>
          </div>
        </div>
        {preview ? (
          <div className="min-h-40 rounded-lg border border-border/60 p-3 text-primary" aria-label="Release notes preview">
            {notes.trim() ? <Markdown minHeading={3}>{notes}</Markdown> : <p className="text-secondary">Nothing to preview yet.</p>}
          </div>
        ) : (
          <FormField
            label="Release notes (Markdown)"
            hint={`Shown on the product page and in the release email. ${notes.length.toLocaleString('en-US')} / ${CHANGELOG_MAX_LENGTH.toLocaleString('en-US')} characters.`}
            error={errors.changelogMarkdown?.message}
          >
            {(control) => <textarea {...control} {...form.register('changelogMarkdown')} rows={8} className={`${inputClasses} font-mono text-sm`} />}
          </FormField>
        )}
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : editing ? 'Save changes' : 'Create draft'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
