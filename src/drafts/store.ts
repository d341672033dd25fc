/**
 * Unsent drafts (message edits and scheduled-message contents), persisted from the moment editing
 * starts until they are sent or explicitly discarded, so a window reload never loses the user's
 * text. Pure logic over a Memento-like key/value store: no `vscode` import, unit-tested in Node.
 */

/** The part of `vscode.Memento` the store needs. */
export interface DraftMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export type DraftKind = 'edit' | 'scheduled';

export interface Draft {
  /** `${kind}:${accountId}:${targetId}`; see {@link draftKey}. */
  key: string;
  kind: DraftKind;
  accountId: string;
  /** The message ID (edits) or scheduled-message ID. */
  targetId: number;
  /**
   * The server's raw Markdown the user started from: its SHA-256 goes out as
   * `prev_content_sha256`, and a mismatch with the server's current text is a conflict.
   */
  base: string;
  /** The user's text. */
  text: string;
  /** Where the message lives, for labels ("#engineering > deploys"). */
  label: string;
  /** Set while a conflict is unresolved: the server's text at the time it was detected. */
  theirs?: string;
  /** UNIX milliseconds of the last change. */
  updatedAt: number;
}

const STATE_KEY = 'teamChat.drafts';

export function draftKey(kind: DraftKind, accountId: string, targetId: number): string {
  return `${kind}:${accountId}:${targetId}`;
}

/** What the user chose on a conflict. */
export type ConflictChoice = 'keepMine' | 'takeTheirs' | 'mergeByHand';

/**
 * The draft after a conflict choice. `keepMine` and `mergeByHand` rebase the draft on the
 * server's text (so the next send carries its hash); `mergeByHand` leaves both versions for the
 * user to combine, `takeTheirs` returns `undefined` (the draft is dropped).
 */
export function resolveConflict(
  draft: Draft,
  theirs: string,
  choice: ConflictChoice,
  now = Date.now(),
): Draft | undefined {
  switch (choice) {
    case 'keepMine':
      return { ...draft, base: theirs, theirs: undefined, updatedAt: now };
    case 'mergeByHand':
      return { ...draft, base: theirs, theirs: undefined, text: mergeTemplate(theirs, draft.text), updatedAt: now };
    case 'takeTheirs':
      return undefined;
  }
}

/**
 * The text the user merges by hand: theirs, then ours, between conflict markers that VS Code's
 * merge decorations recognise. Identical texts need no markers.
 */
export function mergeTemplate(theirs: string, mine: string): string {
  if (theirs === mine) return mine;
  const nl = (s: string) => (s.endsWith('\n') ? s : `${s}\n`);
  return `<<<<<<< theirs (on the server)\n${nl(theirs)}=======\n${nl(mine)}>>>>>>> mine\n`;
}

/** True when `text` still holds the conflict markers of {@link mergeTemplate}. */
export function hasConflictMarkers(text: string): boolean {
  return /^<<<<<<< /m.test(text) && /^=======$/m.test(text) && /^>>>>>>> /m.test(text);
}

/** Persistent drafts, one record per key; writes are serialised so none is lost. */
export class DraftStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(key: string) => void>();

  constructor(private readonly memento: DraftMemento) {}

  /** Called with the key of every draft that was written or removed. */
  onDidChange(listener: (key: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  all(): Draft[] {
    return Object.values(this.memento.get<Record<string, Draft>>(STATE_KEY) ?? {});
  }

  forAccount(accountId: string): Draft[] {
    return this.all().filter((d) => d.accountId === accountId);
  }

  get(key: string): Draft | undefined {
    return (this.memento.get<Record<string, Draft>>(STATE_KEY) ?? {})[key];
  }

  /** Creates a draft, or returns the existing one for the same target (the user's text wins). */
  async open(init: Omit<Draft, 'key' | 'updatedAt' | 'text'> & { text?: string }): Promise<Draft> {
    const key = draftKey(init.kind, init.accountId, init.targetId);
    const existing = this.get(key);
    if (existing) return existing;
    const draft: Draft = { ...init, key, text: init.text ?? init.base, updatedAt: Date.now() };
    await this.put(draft);
    return draft;
  }

  async put(draft: Draft): Promise<void> {
    await this.write((all) => {
      all[draft.key] = { ...draft, updatedAt: Date.now() };
    }, draft.key);
  }

  async setText(key: string, text: string): Promise<void> {
    await this.write((all) => {
      const d = all[key];
      if (d && d.text !== text) all[key] = { ...d, text, updatedAt: Date.now() };
    }, key);
  }

  async remove(key: string): Promise<void> {
    await this.write((all) => {
      delete all[key];
    }, key);
  }

  private write(change: (all: Record<string, Draft>) => void, key: string): Promise<void> {
    const run = this.queue.then(async () => {
      const all = { ...(this.memento.get<Record<string, Draft>>(STATE_KEY) ?? {}) };
      change(all);
      await this.memento.update(STATE_KEY, all);
      for (const l of this.listeners) l(key);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
