type Snapshot = Record<string, unknown> | null;

const IGNORED = new Set(['updatedAt', 'version']);
const MAX_SHOWN = 300;

function shown(value: unknown): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** The fields that differ between a record before and after a change, as text to show side by side. */
export function changedFields(before: Snapshot, after: Snapshot): Array<{ field: string; before: string; after: string }> {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...fields]
    .filter((field) => !IGNORED.has(field) && JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({ field, before: shown(before?.[field]), after: shown(after?.[field]) }));
}
