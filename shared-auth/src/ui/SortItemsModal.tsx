import { useEffect, useState, type ReactNode } from 'react';
import { Empty, Modal, Spin } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { toast, useGuardedClose } from '@deals/shared-auth';
import './sort-items.css';

export interface SortableItem {
  id: number;
}

/** What a Sort… call takes: every item with its new position. */
export type SortOrderList = { id: number; sortOrder: number }[];

/** The spec's renumbering after a drag: each item's sortOrder becomes its position, from 1. */
export function renumberByPosition(items: readonly SortableItem[]): SortOrderList {
  return items.map((item, index) => ({ id: item.id, sortOrder: index + 1 }));
}

interface SortItemsModalProps<Item extends SortableItem> {
  title: string;
  /** Loads the whole list in its current order (the table may show a filtered page of it). */
  load: () => Promise<Item[]>;
  /** How a row reads in the list. */
  render: (item: Item) => ReactNode;
  /** Plain text of a row, for the screen-reader announcements. */
  label: (item: Item) => string;
  /** The one Sort… call; its `{ message }` is the success toast. */
  save: (order: SortOrderList) => Promise<{ message: string }>;
  /** `saved` when the caller should reload its list. */
  onClose: (saved: boolean) => void;
}

function SortableRow({ id, children }: { id: number; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  // The list item stays a list item for screen readers; the draggable button (dnd-kit's role and
  // keyboard handling) is inside it.
  return (
    <li className="deals-sort-item">
      <div
        ref={setNodeRef}
        className={`deals-sort-row${isDragging ? ' deals-sort-row--dragging' : ''}`}
        style={{ transform: CSS.Transform.toString(transform), transition }}
        data-sort-id={id}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined aria-hidden className="deals-sort-handle" />
        {children}
      </div>
    </li>
  );
}

/**
 * The drag-and-drop reorder modal of every sortable list (stores, categories, sections, menus…):
 * drag with the mouse or touch, or focus a row and use Space and the arrow keys. Saving sends the
 * renumbered list in one call; an empty list reads No Items Available.
 */
export function SortItemsModal<Item extends SortableItem>({ title, load, render, label, save, onClose }: SortItemsModalProps<Item>) {
  const [items, setItems] = useState<Item[] | null>(null);
  const [moved, setMoved] = useState(false);
  const [saving, setSaving] = useState(false);
  // A new order not saved: closing asks first.
  const cancel = useGuardedClose(moved && !saving, () => onClose(false));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  useEffect(() => {
    let current = true;
    load()
      .then((loaded) => current && setItems(loaded))
      .catch((error: unknown) => {
        toast.failure(error);
        if (current) onClose(false);
      });
    return () => {
      current = false;
    };
  }, [load, onClose]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!items || !over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    setItems(arrayMove(items, from, to));
    setMoved(true);
  };

  const submit = async () => {
    if (!items) return;
    setSaving(true);
    try {
      const { message } = await save(renumberByPosition(items));
      toast.success(message);
      onClose(true);
    } catch (error) {
      toast.failure(error);
      setSaving(false);
    }
  };

  const nameOf = (id: string | number) => {
    const item = items?.find((candidate) => candidate.id === id);
    return item ? label(item) : String(id);
  };
  const positionOf = (id: string | number | undefined) => (items?.findIndex((item) => item.id === id) ?? -1) + 1;

  return (
    <Modal
      open
      title={title}
      okText="Save Order"
      onOk={() => void submit()}
      onCancel={cancel}
      okButtonProps={{ disabled: !moved || saving, loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      maskClosable={false}
      destroyOnHidden
    >
      {items === null ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty description="No Items Available" />
      ) : (
        <>
          <p className="deals-sort-hint">Drag the rows into the order you want, or focus one and use Space and the arrow keys.</p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements: {
                onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
                onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${positionOf(over.id)}.` : undefined),
                onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)}.` : `${nameOf(active.id)} dropped.`),
                onDragCancel: ({ active }) => `Sorting cancelled; ${nameOf(active.id)} is back in place.`,
              },
            }}
          >
            <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
              <ol className="deals-sort-list" aria-label={title}>
                {items.map((item) => (
                  <SortableRow key={item.id} id={item.id}>
                    {render(item)}
                  </SortableRow>
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
    </Modal>
  );
}
