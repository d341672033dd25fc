import { bareRoute, route } from '../route';

/**
 * Message drafts on the server. Every call is refused ("User has disabled synchronizing drafts.")
 * while the user's `enable_drafts_synchronization` is off.
 */

/** `GET /drafts`: the user's drafts, oldest edit first. */
export const getDrafts = bareRoute('GET /drafts');

/** `POST /drafts`: creates drafts; answers their `ids` in the same order. Sends a `drafts` add event. */
export const createDrafts = route('POST /drafts');

/** `PATCH /drafts/{draft_id}`: replaces a draft. 404 "Draft does not exist" when it is gone. */
export const editDraft = route('PATCH /drafts/{draft_id}');

/** `DELETE /drafts/{draft_id}`: deletes a draft. 404 "Draft does not exist" when it is gone. */
export const deleteDraft = route('DELETE /drafts/{draft_id}');
