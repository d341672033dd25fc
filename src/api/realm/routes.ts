import type { CallOptions, ChatClient, ParamsOf, ResultOf } from '../client';

/** `GET /realm/linkifiers` (SPEC.md operation 18): the linkifiers in processing order. */
export function getLinkifiers(client: ChatClient, options?: CallOptions): Promise<ResultOf<'GET /realm/linkifiers'>> {
  return client.call('GET /realm/linkifiers', {}, options);
}

/** `POST /realm/filters`: adds a linkifier; returns its `id`. */
export function addLinkifier(
  client: ChatClient,
  params: ParamsOf<'POST /realm/filters'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /realm/filters'>> {
  return client.call('POST /realm/filters', params, options);
}

/**
 * `PATCH /realm/filters/{filter_id}` (SPEC.md operation 13): replaces a linkifier's pattern and
 * templates; `example_input` / `reverse_template` null or "" reset them.
 */
export function updateLinkifier(
  client: ChatClient,
  params: ParamsOf<'PATCH /realm/filters/{filter_id}'>,
  options?: CallOptions,
): Promise<ResultOf<'PATCH /realm/filters/{filter_id}'>> {
  return client.call('PATCH /realm/filters/{filter_id}', params, options);
}

/** `DELETE /realm/filters/{filter_id}`: removes a linkifier. */
export function removeLinkifier(
  client: ChatClient,
  params: ParamsOf<'DELETE /realm/filters/{filter_id}'>,
  options?: CallOptions,
): Promise<ResultOf<'DELETE /realm/filters/{filter_id}'>> {
  return client.call('DELETE /realm/filters/{filter_id}', params, options);
}

/** `PATCH /realm/linkifiers`: sets the processing order (`ordered_linkifier_ids`). */
export function reorderLinkifiers(
  client: ChatClient,
  params: ParamsOf<'PATCH /realm/linkifiers'>,
  options?: CallOptions,
): Promise<ResultOf<'PATCH /realm/linkifiers'>> {
  return client.call('PATCH /realm/linkifiers', params, options);
}
