import { route } from '../route';

/**
 * `POST /typing`: tells the conversation's participants that the user started (`start`) or
 * stopped (`stop`) composing. `{ type: 'direct', to }` or `{ type: 'stream', stream_id, topic }`.
 */
export const setTypingStatus = route('POST /typing');
