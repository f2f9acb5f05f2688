import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_MEDIA_ITEMS, type AdminProduct, type AdminProductInput } from '@store/contracts/admin';
import { Button } from '#web/components/ui/button.tsx';
import { inputClasses } from '../components/form-field';
import { UploadButton } from '../uploads/upload-button';

type ProductForm = UseFormReturn<AdminProductInput, unknown, AdminProduct>;

/**
 * The product's pictures, sounds, videos and MIDI, in the order the product page shows them (the
 * first image is the cover): titles edited in place, removed, and moved by dragging or with the
 * keyboard (focus a handle, Space, arrows, Space).
 */
export function MediaEditor({ form, productId }: { form: ProductForm; productId: number | undefined }) {
  const media = useFieldArray({ control: form.control, name: 'media' });
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const errors = form.formState.errors.media;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = media.fields.findIndex((field) => field.id === active.id);
    const to = media.fields.findIndex((field) => field.id === over.id);
    if (from >= 0 && to >= 0) media.move(from, to);
  };

  return (
    <div className="flex flex-col gap-4">
      {media.fields.length === 0 && <p className="text-sm text-secondary">No media yet. The first image you add becomes the product’s cover.</p>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable: 'To move a media item, press Space, use the arrow keys, then press Space again to drop it or Escape to cancel.',
          },
        }}
      >
        <SortableContext items={media.fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
          <ol className="flex flex-col gap-2">
            {media.fields.map((field, index) => (
              <MediaRow key={field.id} id={field.id} index={index} form={form} onRemove={() => media.remove(index)} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {errors?.message && (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.message}
        </p>
      )}
      {productId === undefined ? (
        <p className="text-sm text-secondary">Save the product once, then add its media here.</p>
      ) : (
        media.fields.length < MAX_MEDIA_ITEMS && (
          <UploadButton
            purpose="product-media"
            target={{ productId }}
            accept="image/jpeg,image/png,image/webp,image/gif,audio/*,video/mp4,video/webm"
            label="Add media"
            onUploaded={(result) => {
              if ('mediaItem' in result) media.append(result.mediaItem);
            }}
          />
        )
      )}
    </div>
  );
}

function MediaRow({ id, index, form, onRemove }: { id: string; index: number; form: ProductForm; onRemove(): void }) {
  const { attributes, listeners, setNodeRef, transform: offset, transition, isDragging } = useSortable({ id });
  const item = form.watch(`media.${index}`);
  const titleError = form.formState.errors.media?.[index]?.title?.message ?? form.formState.errors.media?.[index]?.src?.message;
  const transform = offset ? `translate3d(${offset.x}px, ${offset.y}px, 0)` : undefined;
  const titleId = `media-title-${id}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform, transition }}
      className={`flex flex-col gap-3 rounded-lg border border-border/40 bg-background p-3 sm:flex-row sm:items-center dark:border-border/70 ${
        isDragging ? 'relative z-10 shadow-lg' : ''
      }`}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        className="inline-flex size-11 shrink-0 cursor-grab items-center justify-center rounded-lg text-secondary hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary"
        aria-label={`Move ${item?.title || `media item ${index + 1}`}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
          <circle cx="9" cy="6" r="1.5" />
          <circle cx="15" cy="6" r="1.5" />
          <circle cx="9" cy="12" r="1.5" />
          <circle cx="15" cy="12" r="1.5" />
          <circle cx="9" cy="18" r="1.5" />
          <circle cx="15" cy="18" r="1.5" />
        </svg>
      </button>
      {item?.kind === 'image' ? (
        <img src={item.src} alt="" className="size-14 shrink-0 rounded-md object-cover" />
      ) : (
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-md bg-tertiary text-xs font-semibold uppercase text-secondary">
          {item?.kind}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={titleId} className="text-sm font-semibold text-primary">
          Title {index === 0 && item?.kind === 'image' ? '(cover)' : ''}
        </label>
        <input id={titleId} {...form.register(`media.${index}.title`)} className={inputClasses} aria-invalid={Boolean(titleError)} />
        {titleError && (
          <p role="alert" className="text-sm font-medium text-danger">
            {titleError}
          </p>
        )}
        <p className="truncate font-mono text-xs text-secondary">{item?.src}</p>
      </div>
      <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${item?.title || `media item ${index + 1}`}`}>
        Remove
      </Button>
    </li>
  );
}
