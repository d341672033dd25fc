/**
 * The host side of uploads in a conversation view (see ./uploadProtocol.ts): files from the
 * Attach button's dialog, from the page (pasted or dropped, as base64) and from commands go up
 * one by one through `POST /user_uploads`; the compose area shows "Uploading name… 40%", and each
 * link `[name](/user_uploads/…)` goes in at the caret. A failure says why there, and the compose
 * text is left as it was.
 */
import * as vscode from 'vscode';
import type { UploadFile } from '../../api/messages/upload';
import { MIB, uploadSizeProblem } from '../../api/messages/uploadSize';
import type { RealmLimits } from '../../api/operation';
import { describeError, UserFacingError } from '../../ui/errorMessage';
import type { ProgressReporter } from '../../ui/progress';
import type { WebviewHost } from '../host';
import { Disposable, toDisposable } from '../../base/lifecycle';
import type { TopicContext } from './context';
import { AttachCommand, UploadBytesRequest, UploadLimitRequest, UploadStatusNotification } from './uploadProtocol';

/** What uploads need from the view. */
export type UploadContext = Pick<TopicContext, 'session' | 'insertIntoCompose' | 'log'>;

export interface UploadOptions {
  readonly signal?: AbortSignal;
  /** Also reports to a VS Code progress (commands run under a cancellable notification). */
  readonly progress?: ProgressReporter;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  gz: 'application/gzip',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

/** A MIME type from the file's extension (octet-stream when unknown). */
export function contentTypeOf(name: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || 'application/octet-stream';
}

/** The last segment of a path (from a `Uri` or the page's `File.name`). */
export function baseName(path: string): string {
  return (
    path
      .split(/[\\/]/)
      .filter((s) => s !== '')
      .pop() ?? ''
  );
}

/** Reads a local file for upload, refusing a folder or one over the realm's limit before reading it. */
export async function readLocalFile(uri: vscode.Uri, limits: RealmLimits): Promise<UploadFile> {
  const name = baseName(uri.path);
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.type & vscode.FileType.Directory)
    throw new UserFacingError(vscode.l10n.t('"{0}" is a folder: choose a file.', name));
  const problem = uploadSizeProblem(name, stat.size, limits.maxFileUploadSizeMib);
  if (problem) throw new UserFacingError(problem);
  return { name, data: await vscode.workspace.fs.readFile(uri), contentType: contentTypeOf(name) };
}

/** One view's uploads: what is going up, and the handlers of the page's upload messages. */
export class ViewUploads extends Disposable {
  readonly #active = new Map<number, { name: string; sent: number; total: number }>();
  readonly #controllers = new Set<AbortController>();
  #nextId = 1;
  #shown = '';

  constructor(
    private readonly host: WebviewHost,
    private readonly ctx: UploadContext,
  ) {
    super();
    this._register(
      host.onRequest(UploadLimitRequest, () => {
        const mib = ctx.session().client.limits.maxFileUploadSizeMib;
        return { maxBytes: mib === undefined ? null : mib * MIB };
      }),
    );
    this._register(
      host.onRequest(UploadBytesRequest, async (p) => {
        const name = baseName(p.name) || 'pasted-file';
        try {
          const contentType = p.type || contentTypeOf(name);
          await this.upload({ name, data: Buffer.from(p.base64, 'base64'), contentType });
        } catch (error) {
          throw new UserFacingError(failureText(name, error));
        }
      }),
    );
    // A failure is shown in the compose area (uploadUris).
    this._register(host.onCommand(AttachCommand, () => this.pickAndUpload().catch(() => undefined)));
    this._register(toDisposable(() => this.#controllers.forEach((c) => c.abort())));
  }

  /** The Attach button: the file dialog, then each picked file. */
  async pickAndUpload(): Promise<void> {
    const uris = await vscode.window.showOpenDialog({
      canSelectMany: true,
      canSelectFolders: false,
      openLabel: vscode.l10n.t('Attach'),
      title: vscode.l10n.t('Attach files'),
    });
    if (uris?.length) await this.uploadUris(uris);
  }

  /**
   * Uploads local files in order, each link at the caret (one per line). The first failure is
   * shown in the compose area and thrown; files after it are not sent.
   */
  async uploadUris(uris: readonly vscode.Uri[], options: UploadOptions = {}): Promise<string[]> {
    const links: string[] = [];
    for (const uri of uris) {
      const name = baseName(uri.path);
      try {
        const file = await readLocalFile(uri, this.ctx.session().client.limits);
        links.push(await this.upload(file, options, links.length > 0 ? '\n' : ''));
      } catch (error) {
        this.host.notify(UploadStatusNotification, { status: this.#statusText(), error: failureText(name, error) });
        throw error;
      }
    }
    return links;
  }

  /** Uploads one file and puts its link at the caret (after `separator`); returns the link. */
  async upload(file: UploadFile, options: UploadOptions = {}, separator = ''): Promise<string> {
    const current = this.ctx.session();
    const id = this.#nextId++;
    const controller = new AbortController();
    const abort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', abort, { once: true });
    this.#controllers.add(controller);
    this.#active.set(id, { name: file.name, sent: 0, total: file.data.byteLength });
    this.#status();
    let reported = 0;
    try {
      // The upload operation's code (zod) loads with the first upload, not with the conversation view.
      const { uploadFile, uploadMarkdown } = await import('../../api/messages/upload');
      const result = await uploadFile(current.client, file, {
        signal: controller.signal,
        maxRetries: 0,
        onProgress: (sent, total) => {
          this.#active.set(id, { name: file.name, sent, total });
          const percent = Math.floor((sent / total) * 100);
          if (percent > reported) {
            options.progress?.report({ message: `${file.name} ${percent}%`, increment: percent - reported });
            reported = percent;
            this.#status();
          }
        },
      });
      const link = uploadMarkdown(file.name, result.url);
      this.ctx.insertIntoCompose(separator + link);
      this.ctx.log.info(`Uploaded ${file.name} (${file.data.byteLength} bytes) to ${result.url}`);
      return link;
    } finally {
      options.signal?.removeEventListener('abort', abort);
      this.#controllers.delete(controller);
      this.#active.delete(id);
      this.#status();
    }
  }

  /** Files going up now (tests). */
  get uploading(): number {
    return this.#active.size;
  }

  #statusText(): string {
    const all = [...this.#active.values()];
    if (all.length === 0) return '';
    const sent = all.reduce((n, u) => n + u.sent, 0);
    const total = all.reduce((n, u) => n + u.total, 0);
    const percent = total > 0 ? ` ${Math.min(99, Math.floor((sent / total) * 100))}%` : '';
    const uploading =
      all.length === 1
        ? vscode.l10n.t('Uploading {0}…', all[0]!.name)
        : vscode.l10n.t('Uploading {0} files…', all.length);
    return `${uploading}${percent}`;
  }

  #status(): void {
    const text = this.#statusText();
    if (text === this.#shown) return;
    this.#shown = text;
    this.host.notify(UploadStatusNotification, { status: text });
  }
}

function failureText(name: string, error: unknown): string {
  return vscode.l10n.t('Could not upload {0}: {1}', name, describeError(error));
}
