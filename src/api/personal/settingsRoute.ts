import type { CallOptions, ChatClient, ParamsOf, ResultOf } from '../client';

/**
 * `PATCH /settings` (SPEC.md operation 2): changes the current user's settings, or with
 * `target_users` (administrators, FL.settingsTargetUsers) other users'. Values outside their
 * allowed sets are refused before sending; see `SETTINGS_DESCRIPTION` for the list.
 */
export function updateSettings(
  client: ChatClient,
  params: ParamsOf<'PATCH /settings'>,
  options?: CallOptions,
): Promise<ResultOf<'PATCH /settings'>> {
  return client.call('PATCH /settings', params, options);
}
