import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';

/**
 * A back-office list (TanStack Table): sortable columns on wide screens; on a phone each row is a
 * card of label/value pairs, so nothing scrolls sideways.
 */
export function DataTable<Row>({
  columns,
  data,
  caption,
  empty,
  rowKey,
}: {
  columns: ColumnDef<Row, unknown>[];
  data: Row[];
  /** Read by screen readers: what the table lists. */
  caption: string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  rowKey: (row: Row) => string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  // TanStack Table returns functions React Compiler cannot memoise; that is expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowKey,
  });
  if (data.length === 0) return <div className="rounded-xl border border-dashed border-border/60 p-8 text-center text-secondary">{empty}</div>;
  return (
    <div className="overflow-hidden rounded-xl border border-border/40 dark:border-border/70">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-tertiary/60 md:table-header-group">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-4 py-3 font-semibold text-primary"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded hover:underline"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true" className="text-secondary">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="block border-t border-border/40 first:border-t-0 md:table-row md:first:border-t dark:border-border/70">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="flex items-baseline justify-between gap-4 px-4 py-2 align-middle md:table-cell md:py-3">
                  <span className="text-secondary md:hidden" aria-hidden="true">
                    {typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : ''}
                  </span>
                  <span className="min-w-0 text-right text-primary md:text-left">{flexRender(cell.column.columnDef.cell, cell.getContext())}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
