import * as l10n from '@vscode/l10n';
import { ValidationError } from './errors';
import type { ServerInfo } from './features';
import type { CallContext, Operation, RealmLimits } from './operation';
import { operations, type OperationKey } from './operations';
import { parseOrRefuse, REFUSED } from './parse';
import { formatZodError } from './validation';

/**
 * The first of `call()`'s checks: no parameter the operation does not know, and the parameters'
 * schema (the compiled parse alone; zod parses again only to report a refusal, parseWith's rule).
 * Returns the parsed values; throws `ValidationError`.
 */
export function parseParams(op: Operation, key: string, params: unknown, some = false): Record<string, unknown> {
  const input = (params ?? {}) as Record<string, unknown>;
  const shape = op.params.shape as Record<string, unknown>;
  for (const name of Object.keys(input)) {
    if (!(name in shape) && input[name] !== undefined) {
      throw new ValidationError(l10n.t('"{0}" is not a parameter of {1}.', name, key), key, name);
    }
  }
  const schema = some ? op.params.partial() : op.params;
  if (!some) {
    const values = parseOrRefuse(schema, input) as Record<string, unknown> | typeof REFUSED;
    if (values !== REFUSED) return values;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const { message, field } = formatZodError(parsed.error);
    throw new ValidationError(message, key, field);
  }
  return parsed.data as Record<string, unknown>;
}

/** Thrown by the context's `server` while it is not known; never leaves {@link validateParams}. */
const SERVER_UNKNOWN = Symbol('server unknown');

/**
 * Every check `call()` makes before sending, with nothing sent: throws the `ValidationError` that
 * `call()` would throw for `params`. A check that reads the server's version while `known.server`
 * is undefined (a client that has not reached its server yet) is left to `call()`; the checks
 * that need only the organisation's limits (message length, topics) always run. With `some`, only
 * the parameters given are checked (the schema's and the operation's rules on them): a command
 * refuses one field before asking for the rest.
 */
export function validateParams(
  key: OperationKey,
  params: unknown,
  known: { readonly server?: ServerInfo; readonly limits: RealmLimits },
  some = false,
): void {
  const op = operations[key] as unknown as Operation;
  const values = parseParams(op, key, params, some);
  if (!op.check) return;
  const server = known.server;
  const ctx: CallContext = {
    route: key,
    limits: known.limits,
    get server(): ServerInfo {
      if (server) return server;
      throw SERVER_UNKNOWN;
    },
  };
  try {
    op.check(values, ctx);
  } catch (error) {
    if (error !== SERVER_UNKNOWN) throw error;
  }
}
