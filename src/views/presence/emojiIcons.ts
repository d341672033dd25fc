/**
 * Custom emoji of statuses as tree icons: a tree row cannot show an image inline, so a user whose
 * status emoji is a custom one gets it as the row's icon. The image is downloaded once (from the
 * realm's own origin, with the account's credentials, images only, at most 1 MB) into the
 * extension's global storage; until it is there the row keeps its presence icon.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { Emitter } from '../../base/event';
import { Disposable } from '../../base/lifecycle';
import type { CurrentSession } from '../../session/manager';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const MAX_BYTES = 1024 * 1024;

export class CustomEmojiIcons extends Disposable {
  readonly #dir: string;
  /** `<realm>/<emoji id>` → the icon file, or undefined while loading / after a failure. */
  readonly #files = new Map<string, vscode.Uri | undefined>();
  readonly #onDidLoad = this._register(new Emitter<void>());
  /** An icon arrived: redraw the rows. */
  readonly onDidLoad = this.#onDidLoad.event;

  constructor(
    storage: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.#dir = path.join(storage.fsPath, 'custom-emoji');
  }

  /** The icon of custom emoji `emojiId` of the current organisation; undefined until it is downloaded. */
  icon(current: CurrentSession, emojiId: string): vscode.Uri | undefined {
    const realm = new URL(current.account.realmUrl);
    const key = `${realm.host.replace(/[^\w.-]/g, '_')}/${emojiId.replace(/[^\w-]/g, '_')}`;
    if (this.#files.has(key)) return this.#files.get(key);
    this.#files.set(key, undefined);
    const emoji = current.store.realmEmoji().find((e) => e.id === emojiId);
    if (!emoji) return undefined;
    const url = new URL(emoji.source_url, realm);
    if (url.origin !== realm.origin) return undefined;
    current.client
      .download(url.pathname + url.search, { maxBytes: MAX_BYTES, accept: (type) => type in EXTENSIONS })
      .then(({ contentType, bytes }) => {
        const file = path.join(this.#dir, `${key}.${EXTENSIONS[contentType]}`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bytes);
        this.#files.set(key, vscode.Uri.file(file));
        this.#onDidLoad.fire();
      })
      .catch((error: unknown) =>
        this.log.warn(`Could not load the custom emoji :${emoji.name}: for the People view: ${String(error)}`),
      );
    return undefined;
  }
}
