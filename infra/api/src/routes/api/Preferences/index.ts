/**
 * The signed-in staff member's own back-office settings: which columns an admin table shows, in
 * what order, which are pinned. Each person reads and writes only their own.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MessageResponseSchema,
  PREFERENCE_MESSAGES,
  SaveTableColumnsBodySchema,
  TableColumnsQuerySchema,
  TableColumnsResponseSchema,
} from '@deals/contract';
import { staffViewer } from '../../../plugins/app/viewer.js';

const preferences: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetTableColumns',
    {
      config: { access: 'staff', rule: 'own settings only' },
      schema: {
        description: "The caller's column setting of an admin table (shown, order, pinned), or `columns: null` when they kept the screen's defaults.",
        querystring: TableColumnsQuerySchema,
        response: { 200: TableColumnsResponseSchema },
      },
    },
    async (request) => {
      const { table } = request.query;
      return { table, columns: await fastify.userPreferences.tableColumns(staffViewer(request).userId, table) };
    },
  );

  fastify.put(
    '/SaveTableColumns',
    {
      config: { access: 'staff', rule: 'own settings only', personal: true },
      schema: {
        description: "Saves the caller's column setting of an admin table; `columns: null` goes back to the screen's defaults. Changes nothing anyone else sees.",
        body: SaveTableColumnsBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { table, columns } = request.body;
      await fastify.userPreferences.saveTableColumns(staffViewer(request).userId, table, columns);
      return { message: PREFERENCE_MESSAGES.saved };
    },
  );
};

export default preferences;
