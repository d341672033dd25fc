import type { CallOptions, ChatClient, ResultOf } from '../client';

/**
 * `GET /server_settings` (SPEC.md operation 22): the server's version, feature level,
 * authentication methods and organisation facts. Needs no credentials.
 */
export function getServerSettings(client: ChatClient, options?: CallOptions): Promise<ResultOf<'GET /server_settings'>> {
  return client.call('GET /server_settings', {}, options);
}
