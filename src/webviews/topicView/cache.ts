/**
 * The messages one open topic view shows, kept current by the session's raw events (`message`,
 * `update_message`, `delete_message`, `reaction`, `update_message_flags`). The store tracks only
 * ids and counts; the content lives here, per panel, for as long as the panel is open.
 * No `vscode` import: unit-testable.
 */
import type { ChatEvent } from '../../api/events/models';
import type { Message } from '../../api/messages/models';

export interface TopicKey {
  readonly streamId: number;
  /** Undefined: every topic of the channel (a channel-wide search). */
  readonly topic?: string;
}

export interface CacheDelta {
  /** Added or changed, in id order. */
  readonly changed: number[];
  readonly removed: number[];
  /** Messages moved into this topic that the cache has never seen (fetch them by id). */
  readonly missing: number[];
}

/** Topic names compare case-insensitively on the server. */
export function sameTopic(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export class MessageCache {
  readonly #messages = new Map<number, Message>();
  #sorted: number[] | undefined;
  #foundOldest = false;

  constructor(readonly key: TopicKey) {}

  get size(): number {
    return this.#messages.size;
  }
  get foundOldest(): boolean {
    return this.#foundOldest;
  }
  set foundOldest(value: boolean) {
    this.#foundOldest = value;
  }

  /** Ids in ascending order. */
  ids(): readonly number[] {
    this.#sorted ??= [...this.#messages.keys()].sort((a, b) => a - b);
    return this.#sorted;
  }

  oldestId(): number | undefined {
    return this.ids()[0];
  }

  get(id: number): Message | undefined {
    return this.#messages.get(id);
  }

  messages(): Message[] {
    return this.ids().map((id) => this.#messages.get(id)!);
  }

  /** Adds fetched messages (a page or a refresh); those not in this topic any more are dropped. */
  put(messages: readonly Message[]): number[] {
    const changed: number[] = [];
    for (const m of messages) {
      if (!this.#belongs(m.stream_id, m.subject)) {
        this.#delete(m.id);
        continue;
      }
      this.#messages.set(m.id, m);
      changed.push(m.id);
    }
    this.#sorted = undefined;
    return changed.sort((a, b) => a - b);
  }

  clear(): void {
    this.#messages.clear();
    this.#sorted = undefined;
    this.#foundOldest = false;
  }

  #belongs(streamId: number | undefined, topic: string): boolean {
    return streamId === this.key.streamId && (this.key.topic === undefined || sameTopic(topic, this.key.topic));
  }

  #delete(id: number): boolean {
    const had = this.#messages.delete(id);
    if (had) this.#sorted = undefined;
    return had;
  }

  #update(id: number, change: (m: Message) => Message): boolean {
    const m = this.#messages.get(id);
    if (!m) return false;
    this.#messages.set(id, change(m));
    return true;
  }

  /** Applies one batch of events; returns what changed for the view. */
  apply(events: readonly ChatEvent[]): CacheDelta {
    const changed = new Set<number>();
    const removed = new Set<number>();
    const missing = new Set<number>();
    for (const event of events) {
      switch (event.type) {
        case 'message': {
          const m = event.message;
          if (m.type !== 'stream' || !this.#belongs(m.stream_id, m.subject)) break;
          this.#messages.set(m.id, { ...m, flags: event.flags });
          this.#sorted = undefined;
          changed.add(m.id);
          removed.delete(m.id);
          break;
        }
        case 'update_message': {
          const contentId = event.message_id;
          if (contentId !== undefined && event.rendered_content !== undefined) {
            const edited = this.#update(contentId, (m) => ({
              ...m,
              content: event.rendered_content!,
              is_me_message: event.is_me_message ?? m.is_me_message,
              last_edit_timestamp: event.rendering_only ? m.last_edit_timestamp : (event.edit_timestamp ?? m.last_edit_timestamp),
              edit_history: undefined,
            }));
            if (edited) changed.add(contentId);
          }
          const moved = event.new_stream_id !== undefined || event.subject !== undefined;
          if (!moved) break;
          for (const id of event.message_ids) {
            const m = this.#messages.get(id);
            const fromStream = m?.stream_id ?? event.stream_id;
            const toStream = event.new_stream_id ?? fromStream;
            const toTopic = event.subject ?? m?.subject ?? event.orig_subject ?? '';
            if (!this.#belongs(toStream, toTopic)) {
              if (this.#delete(id)) {
                removed.add(id);
                changed.delete(id);
              }
              continue;
            }
            if (!m) {
              missing.add(id);
              continue;
            }
            this.#messages.set(id, {
              ...m,
              stream_id: toStream,
              subject: toTopic,
              topic_links: event.topic_links ?? m.topic_links,
              // Resolving and unresolving are not "moves" (the server does not stamp them either).
              last_moved_timestamp: event.edit_timestamp ?? m.last_moved_timestamp,
              edit_history: undefined,
            });
            changed.add(id);
          }
          break;
        }
        case 'delete_message':
          for (const id of event.message_ids) {
            if (this.#delete(id)) {
              removed.add(id);
              changed.delete(id);
            }
          }
          break;
        case 'reaction': {
          const same = (r: Message['reactions'][number]): boolean =>
            r.user_id === event.user_id && r.emoji_code === event.emoji_code && r.reaction_type === event.reaction_type;
          const done = this.#update(event.message_id, (m) => {
            const others = m.reactions.filter((r) => !same(r));
            const reactions =
              event.op === 'add'
                ? [...others, { emoji_name: event.emoji_name, emoji_code: event.emoji_code, reaction_type: event.reaction_type, user_id: event.user_id }]
                : others;
            return { ...m, reactions };
          });
          if (done) changed.add(event.message_id);
          break;
        }
        case 'update_message_flags': {
          if (event.flag !== 'read') break;
          for (const id of event.messages) {
            const done = this.#update(id, (m) => {
              const flags = (m.flags ?? []).filter((f) => f !== 'read');
              return { ...m, flags: event.op === 'add' ? [...flags, 'read'] : flags };
            });
            if (done) changed.add(id);
          }
          break;
        }
        default:
          break;
      }
    }
    const byId = (a: number, b: number): number => a - b;
    return { changed: [...changed].sort(byId), removed: [...removed].sort(byId), missing: [...missing].sort(byId) };
  }
}
