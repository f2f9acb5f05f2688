import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';

interface RowListProps {
  /** The rows' stable ids (a field array's `fields`). */
  rowIds: readonly string[];
  /** What one row is called, for its legend and its buttons' names ('key fact', 'upgrade price'). */
  rowName: string;
  /** The row's grid columns from md up, e.g. 'md:grid-cols-[1fr_2fr_auto]': the last column holds the buttons. */
  columns: string;
  /** Shown when there are no rows. */
  empty: ReactNode;
  renderRow(index: number): ReactNode;
  /** When given, each row gets ↑ and ↓ buttons. */
  onMove?: (from: number, to: number) => void;
  onRemove(index: number): void;
  addLabel: string;
  canAdd: boolean;
  onAdd(): void;
  /** The message about the list as a whole (too many rows, a repeat). */
  error?: string;
}

/** An editable list of form rows, each a fieldset with Remove (and, if ordered, ↑ ↓), and an Add button below. */
export function RowList({ rowIds, rowName, columns, empty, renderRow, onMove, onRemove, addLabel, canAdd, onAdd, error }: RowListProps) {
  const capitalised = rowName.charAt(0).toUpperCase() + rowName.slice(1);
  return (
    <div className="flex flex-col gap-4">
      {rowIds.length === 0 && <p className="text-sm text-secondary">{empty}</p>}
      <ol className="flex flex-col gap-4">
        {rowIds.map((id, index) => (
          <li key={id} className="rounded-lg border border-border/40 p-3 dark:border-border/70">
            <fieldset className={`grid gap-3 md:items-start ${columns}`}>
              <legend className="sr-only">
                {capitalised} {index + 1}
              </legend>
              {renderRow(index)}
              <div className="flex gap-1 md:mt-7">
                {onMove && (
                  <>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={index === 0}
                      onClick={() => onMove(index, index - 1)}
                      aria-label={`Move ${rowName} ${index + 1} up`}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={index === rowIds.length - 1}
                      onClick={() => onMove(index, index + 1)}
                      aria-label={`Move ${rowName} ${index + 1} down`}
                    >
                      ↓
                    </Button>
                  </>
                )}
                <Button size="sm" variant="ghost" onClick={() => onRemove(index)} aria-label={`Remove ${rowName} ${index + 1}`}>
                  Remove
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <Button variant="secondary" className="self-start" disabled={!canAdd} onClick={onAdd}>
        {addLabel}
      </Button>
    </div>
  );
}
