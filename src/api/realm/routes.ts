import { bareRoute, route } from '../route';

/** `GET /realm/linkifiers` (docs/API.md operation 18): the linkifiers in processing order. */
export const getLinkifiers = bareRoute('GET /realm/linkifiers');

/** `POST /realm/filters`: adds a linkifier; returns its `id`. */
export const addLinkifier = route('POST /realm/filters');

/**
 * `PATCH /realm/filters/{filter_id}` (docs/API.md operation 13): replaces a linkifier's pattern and
 * templates; `example_input` / `reverse_template` null or "" reset them.
 */
export const updateLinkifier = route('PATCH /realm/filters/{filter_id}');

/** `DELETE /realm/filters/{filter_id}`: removes a linkifier. */
export const removeLinkifier = route('DELETE /realm/filters/{filter_id}');

/** `POST /realm/playgrounds` (administrators): adds a code playground; returns its `id`. */
export const addPlayground = route('POST /realm/playgrounds');

/** `DELETE /realm/playgrounds/{playground_id}` (administrators): removes a code playground. */
export const removePlayground = route('DELETE /realm/playgrounds/{playground_id}');

/** `PATCH /realm/linkifiers`: sets the processing order (`ordered_linkifier_ids`). */
export const reorderLinkifiers = route('PATCH /realm/linkifiers');
