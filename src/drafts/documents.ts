/**
 * `teamchat-draft:` documents: each draft is a Markdown file the user edits in an ordinary editor
 * tab. Saving writes the draft store; unsaved typing is persisted too (debounced), so the text
 * survives a reload either way. `<name>.server.md` is the read-only server version shown in the
 * conflict diff.
 */
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import { Disposable, toDisposable } from '../base/lifecycle';
import { type Draft, type DraftKind, DraftStore } from './store';
import { nextEvent } from '../base/nextEvent';

export const DRAFT_SCHEME = 'teamchat-draft';
const SERVER_SUFFIX = '.server.md';

function accountSlug(accountId: string): string {
  return createHash('sha256').update(accountId).digest('hex').slice(0, 10);
}

/** The editable document of a draft. */
export function draftUri(draft: Pick<Draft, 'kind' | 'accountId' | 'targetId'>): vscode.Uri {
  return vscode.Uri.from({
    scheme: DRAFT_SCHEME,
    path: `/${accountSlug(draft.accountId)}/${fileStem(draft.kind, draft.targetId)}.md`,
  });
}

/** The read-only server version of a draft in conflict. */
export function theirsUri(draft: Pick<Draft, 'kind' | 'accountId' | 'targetId'>): vscode.Uri {
  return vscode.Uri.from({
    scheme: DRAFT_SCHEME,
    path: `/${accountSlug(draft.accountId)}/${fileStem(draft.kind, draft.targetId)}${SERVER_SUFFIX}`,
  });
}

function findDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
}

/** Resolves on the document's next change, or after `ms`. */
function documentChange(doc: vscode.TextDocument, ms: number): Promise<void> {
  return nextEvent(vscode.workspace.onDidChangeTextDocument, (e) => e.document === doc, ms);
}

/**
 * Whether `doc` shows `text` now or within `ms`: after `DraftFileSystem.refresh` VS Code reloads
 * an open clean document from the store, and an edit racing that reload is refused (VS Code logs
 * "… has changed in the meantime").
 */
export async function documentShows(doc: vscode.TextDocument, text: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (doc.getText() !== text) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await documentChange(doc, left);
  }
  return true;
}

function fileStem(kind: DraftKind, id: number): string {
  return kind === 'edit' ? `message-${id}` : `scheduled-${id}`;
}

export class DraftFileSystem extends Disposable implements vscode.FileSystemProvider {
  private readonly changed = this._register(new Emitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this.changed.event;
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(private readonly drafts: DraftStore) {
    super();
    // Unsaved typing goes to the store too: nothing is lost if the window closes first.
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme !== DRAFT_SCHEME || e.contentChanges.length === 0) return;
        this.persistSoon(e.document);
      }),
    );
    this._register({ dispose: () => this.pending.forEach((t) => clearTimeout(t)) });
  }

  /**
   * Writes the open document's unsaved text to the store now. A clean document needs nothing: it
   * was loaded from the store or saved into it — and the store may hold newer text since (a command
   * replaced it), which the document's stale copy must not overwrite.
   */
  async flush(uri: vscode.Uri): Promise<void> {
    this.cancelPersist(uri);
    const doc = findDocument(uri);
    const draft = this.resolve(uri);
    if (doc?.isDirty && draft && !draft.server) await this.drafts.setText(draft.draft.key, doc.getText());
  }

  /**
   * Replaces a draft's text (e.g. content passed to a command): the store first, then an open
   * document, so the editor shows what will be sent. Pending persistence of the document's older
   * text is cancelled, and nothing writes that text back afterwards.
   */
  async setText(draft: Pick<Draft, 'key' | 'kind' | 'accountId' | 'targetId'>, text: string): Promise<void> {
    const uri = draftUri(draft);
    this.cancelPersist(uri);
    await this.drafts.setText(draft.key, text);
    const doc = findDocument(uri);
    if (!doc) return;
    // A clean document is reloaded from the store, which holds the text now: an edit instead
    // would race VS Code's own reloads of it (refused and logged as "changed in the meantime").
    if (!doc.isDirty) {
      this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
      if (await documentShows(doc, text, 1000)) return this.cancelPersist(uri);
    }
    // VS Code may be reloading the clean document from the store meanwhile (its edit is then
    // refused as "changed in the meantime"): wait for that change and check again.
    for (let attempt = 0; attempt < 3 && doc.getText() !== text; attempt++) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      if (!(await vscode.workspace.applyEdit(edit)) && doc.getText() !== text) await documentChange(doc, 1000);
    }
    // Saving writes the same text to the store and leaves the document clean (nothing to persist).
    if (doc.isDirty) await doc.save();
    this.cancelPersist(uri);
  }

  private cancelPersist(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.delete(key);
  }

  /** Tells open editors that a draft (and its server version) changed in the store. */
  refresh(draft: Draft): void {
    this.changed.fire([
      { type: vscode.FileChangeType.Changed, uri: draftUri(draft) },
      { type: vscode.FileChangeType.Changed, uri: theirsUri(draft) },
    ]);
  }

  /** The draft a URI names, and whether it is the server version. */
  resolve(uri: vscode.Uri): { draft: Draft; server: boolean } | undefined {
    const m = /^\/([0-9a-f]+)\/(message|scheduled)-(\d+)(\.server)?\.md$/.exec(uri.path);
    if (!m) return undefined;
    const kind: DraftKind = m[2] === 'message' ? 'edit' : 'scheduled';
    const id = Number(m[3]);
    const draft = this.drafts
      .all()
      .find((d) => d.kind === kind && d.targetId === id && accountSlug(d.accountId) === m[1]);
    return draft ? { draft, server: m[4] !== undefined } : undefined;
  }

  private persistSoon(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void this.flush(doc.uri);
      }, 300),
    );
  }

  private content(uri: vscode.Uri): string {
    const found = this.resolve(uri);
    if (!found) throw vscode.FileSystemError.FileNotFound(uri);
    return found.server ? (found.draft.theirs ?? found.draft.base) : found.draft.text;
  }

  watch(): vscode.Disposable {
    return toDisposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const found = this.resolve(uri);
    if (!found) throw vscode.FileSystemError.FileNotFound(uri);
    return {
      type: vscode.FileType.File,
      ctime: 0,
      mtime: found.draft.updatedAt,
      size: Buffer.byteLength(this.content(uri)),
      permissions: found.server ? vscode.FilePermission.Readonly : undefined,
    };
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return Buffer.from(this.content(uri), 'utf8');
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const found = this.resolve(uri);
    if (!found)
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t('This draft was sent or discarded; copy your text elsewhere.'),
      );
    if (found.server) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('The server version is read-only.'));
    await this.drafts.setText(found.draft.key, Buffer.from(content).toString('utf8'));
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
}
