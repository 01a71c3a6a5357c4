/**
 * Menu items and their one level of children, exposed as `fastify.menuItems`.
 *
 * The hierarchy rules of spec §4 hold on the server: an item with children cannot get a parent,
 * an item with a parent cannot get children, and no item is its own parent. Every write that can
 * change the hierarchy takes a lock on the table first, so two concurrent saves cannot together
 * build a second level (A under B while B goes under C). Menu edits are rare; reads are not blocked.
 */
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { CMS_MESSAGES, type AssignedMenuItem, type MenuItem, type SortItems } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { menuItems, pages } from '../../db/schema.js';
import { fieldError, HttpError } from '../../errors.js';
import { auditedSort, created, deleted, updated, type AuditTrail } from './audit.js';
import { writeSortOrders } from '../../db/sort-orders.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The fields of a create or update, normalised by the route (a page clears the custom link). */
export interface MenuItemFields {
  name: string;
  pageId: number | null;
  customLink: string | null;
  /** Undefined keeps the stored value (or the default on create). */
  openInNewTab: boolean | undefined;
  isActive: boolean | undefined;
  /** Undefined keeps the current parent; null makes the item top-level. */
  parentMenuItemId: number | null | undefined;
}

const notFound = () => new HttpError(404, CMS_MESSAGES.menuItemNotFound);

const rowColumns = {
  id: menuItems.id,
  name: menuItems.name,
  pageId: menuItems.pageId,
  pageName: pages.name,
  pageUrl: pages.url,
  parentMenuItemId: menuItems.parentMenuItemId,
  customLink: menuItems.customLink,
  openInNewTab: menuItems.openInNewTab,
  isActive: menuItems.isActive,
  sortOrder: menuItems.sortOrder,
};

/** Menu rows in menu order, with their page's name and url; callers add the where. */
const selectRows = (db: Database) =>
  db.select(rowColumns).from(menuItems).leftJoin(pages, eq(pages.id, menuItems.pageId)).orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
type MenuRow = Awaited<ReturnType<typeof selectRows>>[number];

/**
 * Builds the answer shape from rows in menu order: parent names and children come from the same
 * rows, so a fetch must include the parents and children of the items it answers.
 */
function assemble(rows: MenuRow[]): MenuItem[] {
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const children = new Map<number, AssignedMenuItem[]>();
  for (const row of rows) {
    if (row.parentMenuItemId === null) continue;
    const list = children.get(row.parentMenuItemId) ?? [];
    list.push({ id: row.id, name: row.name, pageName: row.pageName, isActive: row.isActive });
    children.set(row.parentMenuItemId, list);
  }
  const items = rows.map((row) => ({
    ...row,
    parentMenuItem: row.parentMenuItemId === null ? null : (names.get(row.parentMenuItemId) ?? null),
    assignedMenuItems: children.get(row.id) ?? [],
  }));
  // Menu order: each top-level item followed by its children (rows arrive sorted by sort order,
  // and top level and children number their sort orders separately).
  const byParent = new Map<number, MenuItem[]>();
  for (const item of items) {
    if (item.parentMenuItemId !== null && names.has(item.parentMenuItemId)) byParent.set(item.parentMenuItemId, [...(byParent.get(item.parentMenuItemId) ?? []), item]);
  }
  return items
    .filter((item) => item.parentMenuItemId === null || !names.has(item.parentMenuItemId))
    .flatMap((item) => [item, ...(byParent.get(item.id) ?? [])]);
}

async function lockMenu(tx: Tx): Promise<void> {
  await tx.execute(sql`LOCK TABLE menu_items IN SHARE ROW EXCLUSIVE MODE`);
}

async function checkPage(tx: Tx, pageId: number | null): Promise<void> {
  if (pageId === null) return;
  const [page] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.id, pageId)).for('share');
  if (!page) throw fieldError('pageId', CMS_MESSAGES.menuPageNotFound);
}

/** The chosen parent exists and is top-level; the child (when it exists already) has no children. */
async function checkParent(tx: Tx, parentId: number, childId: number | null): Promise<void> {
  if (parentId === childId) throw fieldError('parentMenuItemId', CMS_MESSAGES.menuOwnParent);
  const [parent] = await tx.select({ parentId: menuItems.parentMenuItemId }).from(menuItems).where(eq(menuItems.id, parentId));
  if (!parent) throw fieldError('parentMenuItemId', CMS_MESSAGES.menuParentNotFound);
  if (parent.parentId !== null) throw fieldError('parentMenuItemId', CMS_MESSAGES.menuParentHasParent);
  if (childId !== null) {
    const [child] = await tx.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.parentMenuItemId, childId)).limit(1);
    if (child) throw fieldError('parentMenuItemId', CMS_MESSAGES.menuHasChildren);
  }
}

/** The next sort order among the siblings under `parentId` (top level when null). */
async function nextSortOrder(tx: Tx, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${menuItems.sortOrder}) + 1, 0)`.mapWith(Number) })
    .from(menuItems)
    .where(parentId === null ? isNull(menuItems.parentMenuItemId) : eq(menuItems.parentMenuItemId, parentId));
  return row?.next ?? 0;
}

export function createMenuItemsRepository(db: Database) {
  const select = () => selectRows(db);

  return {
    /** Every item (parents and children) in menu order; `isActive` undefined lists all. */
    async list(isActive: boolean | undefined): Promise<MenuItem[]> {
      // A menu is tens of rows: one query for all of them gives every parent name and child list.
      const items = assemble(await select());
      return isActive === undefined ? items : items.filter((item) => item.isActive === isActive);
    },

    async get(id: number): Promise<MenuItem | null> {
      // The item, its children and its parent: enough rows to assemble it.
      const parentOf = db.select({ id: menuItems.parentMenuItemId }).from(menuItems).where(eq(menuItems.id, id));
      const rows = await select().where(or(eq(menuItems.id, id), eq(menuItems.parentMenuItemId, id), inArray(menuItems.id, parentOf)));
      return assemble(rows).find((item) => item.id === id) ?? null;
    },

    /** Candidates for Assign New: items with neither a parent nor children. */
    async withNoParentOrChild(): Promise<MenuItem[]> {
      const parents = db.select({ id: menuItems.parentMenuItemId }).from(menuItems).where(isNotNull(menuItems.parentMenuItemId));
      const rows = await select().where(and(isNull(menuItems.parentMenuItemId), notInArray(menuItems.id, parents)));
      return assemble(rows);
    },

    /** Appends the item at the end of its level; answers its id. */
    async create(fields: MenuItemFields, audit: AuditTrail): Promise<number> {
      return db.transaction(async (tx) => {
        await lockMenu(tx);
        await checkPage(tx, fields.pageId);
        const parentId = fields.parentMenuItemId ?? null;
        if (parentId !== null) await checkParent(tx, parentId, null);
        const [row] = await tx
          .insert(menuItems)
          .values({
            name: fields.name,
            pageId: fields.pageId,
            customLink: fields.customLink,
            openInNewTab: fields.openInNewTab ?? false,
            isActive: fields.isActive ?? true,
            parentMenuItemId: parentId,
            sortOrder: await nextSortOrder(tx, parentId),
          })
          .returning();
        if (!row) throw new Error('menu item insert returned nothing');
        await audit(tx, created('menuItem', row));
        return row.id;
      });
    },

    async update(id: number, fields: MenuItemFields, audit: AuditTrail): Promise<void> {
      await db.transaction(async (tx) => {
        await lockMenu(tx);
        const [current] = await tx.select().from(menuItems).where(eq(menuItems.id, id));
        if (!current) throw notFound();
        await checkPage(tx, fields.pageId);
        const parentId = fields.parentMenuItemId === undefined ? current.parentMenuItemId : fields.parentMenuItemId;
        if (parentId !== null) await checkParent(tx, parentId, id);
        const set = {
          name: fields.name,
          pageId: fields.pageId,
          customLink: fields.customLink,
          parentMenuItemId: parentId,
          openInNewTab: fields.openInNewTab,
          isActive: fields.isActive,
          // A new parent puts the item at the end of its new siblings.
          ...(parentId === current.parentMenuItemId ? {} : { sortOrder: await nextSortOrder(tx, parentId) }),
        };
        await tx.update(menuItems).set(set).where(eq(menuItems.id, id));
        await audit(tx, updated('menuItem', current, set));
      });
    },

    /** Deletes the item; its children become top-level items (the foreign key sets their parent to null). */
    async remove(id: number, audit: AuditTrail): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(menuItems).where(eq(menuItems.id, id)).returning();
        if (!row) throw notFound();
        await audit(tx, deleted('menuItem', row));
      });
    },

    /** Makes the item top-level again (at the end of the top level). */
    async removeParent(id: number, audit: AuditTrail): Promise<void> {
      await db.transaction(async (tx) => {
        await lockMenu(tx);
        const [current] = await tx.select().from(menuItems).where(eq(menuItems.id, id));
        if (!current) throw notFound();
        const set = current.parentMenuItemId === null ? null : { parentMenuItemId: null, sortOrder: await nextSortOrder(tx, null) };
        if (set) await tx.update(menuItems).set(set).where(eq(menuItems.id, id));
        await audit(tx, { ...updated('menuItem', current, set ?? {}), action: 'unassign' });
      });
    },

    /** Makes `childIds` children of `parentId`, appended in the given order. */
    async assignParent(parentId: number, childIds: number[], audit: AuditTrail): Promise<void> {
      const ids = [...new Set(childIds)];
      await db.transaction(async (tx) => {
        await lockMenu(tx);
        if (ids.includes(parentId)) throw fieldError('childMenuItemIds', CMS_MESSAGES.menuOwnParent);
        const [parent] = await tx.select({ parentId: menuItems.parentMenuItemId }).from(menuItems).where(eq(menuItems.id, parentId));
        if (!parent) throw fieldError('parentId', CMS_MESSAGES.menuParentNotFound);
        if (parent.parentId !== null) throw fieldError('parentId', CMS_MESSAGES.menuParentHasParent);
        const found = await tx.select({ id: menuItems.id }).from(menuItems).where(inArray(menuItems.id, ids));
        if (found.length !== ids.length) throw fieldError('childMenuItemIds', CMS_MESSAGES.menuItemNotFound);
        const [withChildren] = await tx.select({ id: menuItems.id }).from(menuItems).where(inArray(menuItems.parentMenuItemId, ids)).limit(1);
        if (withChildren) throw fieldError('childMenuItemIds', CMS_MESSAGES.menuHasChildren);

        const first = await nextSortOrder(tx, parentId);
        await tx.update(menuItems).set({ parentMenuItemId: parentId }).where(inArray(menuItems.id, ids));
        await writeSortOrders(
          tx,
          menuItems,
          ids.map((id, index) => ({ id, sortOrder: first + index })),
        );
        await audit(tx, { action: 'assign', recordType: 'menuItem', recordId: parentId, changes: { childMenuItemIds: { from: null, to: ids } } });
      });
    },

    /** New order in one transaction; an unknown id writes nothing. */
    async sort(items: SortItems, audit: AuditTrail): Promise<void> {
      await db.transaction((tx) => auditedSort(tx, audit, menuItems, 'menuItem', items, () => writeSortOrders(tx, menuItems, items)));
    },
  };
}

export type MenuItemsRepository = ReturnType<typeof createMenuItemsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    menuItems: MenuItemsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('menuItems', createMenuItemsRepository(fastify.db));
  },
  { name: 'menu-items', dependencies: ['database'] },
);
