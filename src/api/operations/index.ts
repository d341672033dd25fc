import { eventOperations } from './events';
import { messageOperations } from './messages';
import { peopleOperations } from './people';
import { getServerSettings } from './server';

/**
 * Every operation the client binds, keyed by SPEC.md's own string ("METHOD /path" exactly as
 * SPEC.md writes it). Value: `{ method, path, params, response }` with zod schemas, plus optional
 * hooks. Tools outside the client read this table, so keep its shape.
 */
export const operations = {
  ...messageOperations,
  ...peopleOperations,
  ...eventOperations,
  'GET /server_settings': getServerSettings,
} as const;

export type Operations = typeof operations;
export type OperationKey = keyof Operations;
