/**
 * Route functions: one per operation, named after it, bound to its key in the `operations`
 * table. `route(key)` gives `(client, params, options?)`; parameters that are all optional may be
 * left out. `bareRoute(key)` gives `(client, options?)` for operations without parameters.
 */
import type { CallOptions, ChatClient, ParamsOf, ResultOf } from './client';
import type { OperationKey } from './operations';

type ParamsArgs<K extends OperationKey> =
  object extends ParamsOf<K>
    ? [params?: ParamsOf<K>, options?: CallOptions]
    : [params: ParamsOf<K>, options?: CallOptions];

export type Route<K extends OperationKey> = (client: ChatClient, ...args: ParamsArgs<K>) => Promise<ResultOf<K>>;
export type BareRoute<K extends OperationKey> = (client: ChatClient, options?: CallOptions) => Promise<ResultOf<K>>;

export function route<K extends OperationKey>(key: K): Route<K> {
  return (client, ...[params, options]) => client.call(key, (params ?? {}) as ParamsOf<K>, options);
}

export function bareRoute<K extends OperationKey>(key: K): BareRoute<K> {
  return (client, options) => client.call(key, {} as ParamsOf<K>, options);
}
