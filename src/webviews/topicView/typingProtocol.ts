/**
 * The conversation view's typing notifications (host ↔ page): the page reports activity in the
 * compose box, the host shows who else is typing. Imported by both sides, like `./protocol`.
 */
import { CommandType, NotificationType } from '../protocol';
import { isRecord } from '../../guards';

/**
 * The compose box changed (`typing: true`: it holds text after an input), or typing ended at once
 * (`false`: the box was emptied or the message sent).
 */
export const ComposeActivityCommand = new CommandType<{ readonly typing: boolean }>(
  'topic/composeActivity',
  (p): p is { typing: boolean } => isRecord(p) && typeof p.typing === 'boolean',
);

/** Who else is typing here, as one line ("Alice is typing…"); empty: nobody. */
export const TypingNotification = new NotificationType<{ readonly text: string }>('topic/typing');
