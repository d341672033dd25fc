import { channelOperations } from './channels/operations';
import { channelFolderOperations } from './channels/folders';
import { draftOperations } from './drafts/operations';
import { eventOperations } from './events/operations';
import { messageOperations } from './messages/operations';
import { getReadReceipts } from './messages/readReceipts';
import { reportMessage } from './messages/report';
import { personalOperations } from './personal/operations';
import { realmOperations } from './realm/operations';
import { getServerSettings } from './server/operations';
import { typingOperations } from './typing/operations';
import { userOperations } from './users/operations';
import { webhookOperations } from './webhook/operations';

/**
 * Every operation the client binds, keyed by docs/API.md's own string ("METHOD /path" exactly as
 * docs/API.md writes it). Value: `{ method, path, params, response }` with zod schemas, plus optional
 * hooks. Each area (`src/api/<area>/operations.ts`) declares its own; tools outside the client
 * read this table, so keep its shape.
 */
export const operations = {
  ...messageOperations,
  ...personalOperations,
  ...channelOperations,
  ...channelFolderOperations,
  ...userOperations,
  ...realmOperations,
  ...webhookOperations,
  ...typingOperations,
  ...eventOperations,
  ...draftOperations,
  'GET /messages/{message_id}/read_receipts': getReadReceipts,
  'POST /messages/{message_id}/report': reportMessage,
  'GET /server_settings': getServerSettings,
} as const;

export type Operations = typeof operations;
export type OperationKey = keyof Operations;
