import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { FL } from '../features';
import { defineOperation, envelope } from '../operation';
import { idParam } from '../params';

const TypingOp = z.enum(['start', 'stop'], { error: () => l10n.t('The typing operation must be "start" or "stop".') });
const TypingType = z.enum(['direct', 'stream'], {
  error: () => l10n.t('The conversation type must be "direct" or "stream".'),
});

/**
 * `POST /typing` — the user started or stopped composing in a conversation: `direct` with `to`
 * (the other participants' ids), or `stream` with `stream_id` and `topic`. The server sends
 * `typing` events to the conversation's participants and keeps no state, so the client repeats
 * `start` while typing goes on (docs/API.md, https://zulip.com/api/set-typing-status).
 */
export const setTypingStatus = defineOperation({
  method: 'POST',
  path: '/typing',
  params: z.object({
    op: TypingOp,
    type: TypingType,
    to: z
      .array(idParam('to'))
      .min(1, { error: () => l10n.t('Choose at least one recipient.') })
      .optional(),
    stream_id: idParam('stream_id').optional(),
    topic: z.string().optional(),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    if (p.type === 'direct' && p.to === undefined)
      throw new ValidationError(l10n.t('Direct typing notifications need the recipients ("to").'), ctx.route, 'to');
    if (p.type === 'stream') {
      if (p.stream_id === undefined)
        throw new ValidationError(
          l10n.t('Channel typing notifications need the channel ("stream_id").'),
          ctx.route,
          'stream_id',
        );
      if (p.topic === undefined)
        throw new ValidationError(l10n.t('Channel typing notifications need the topic.'), ctx.route, 'topic');
      // Before this level the channel went in `to`; no client used that form (the API's changelog).
      if (ctx.server.featureLevel < FL.streamTypingById)
        throw new ValidationError(
          l10n.t('This server does not support typing notifications in channels.'),
          ctx.route,
          'type',
        );
    }
  },
  // `direct` from FL.directMessageType (before: `private`); `stream` is understood at every level that has `stream_id`.
  encode: (p, ctx) => {
    const type =
      p.type === 'stream' ? 'stream' : ctx.server.featureLevel >= FL.directMessageType ? 'direct' : 'private';
    return p.type === 'stream'
      ? { op: p.op, type, stream_id: p.stream_id, topic: p.topic }
      : { op: p.op, type, to: p.to };
  },
});

export const typingOperations = {
  'POST /typing': setTypingStatus,
} as const;
