/** `POST /user_uploads`: the operation, the realm's size limit, and the route that sends a file. */
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import type { CallOptions, ChatClient } from '../client';
import { ValidationError } from '../errors';
import { FL } from '../features';
import { multipartFile, type UploadProgress } from '../multipart';
import { defineOperation, envelope, type RealmLimits } from '../operation';
import { uploadSizeProblem } from './uploadSize';

export { formatSize } from './uploadSize';

const ROUTE = 'POST /user_uploads';
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * `POST /user_uploads` — upload one file. The file itself is the multipart body, so there are no
 * form parameters; {@link uploadFile} sends it. Servers below FL.uploadUrl send only `uri` (now a
 * deprecated alias of `url`), below FL.detachedUploads no `filename`: `url` is filled from `uri`.
 */
export const uploadFileOperation = defineOperation({
  method: 'POST',
  path: '/user_uploads',
  params: z.object({}),
  response: envelope({
    /** The file's URL, relative to the realm: `/user_uploads/<path_id>`. */
    url: z.string(),
    uri: z.string(),
    /** The name the server stored the file under. */
    filename: z.string().optional(),
  }),
  normalize: (body, ctx) =>
    ctx.server.featureLevel < FL.uploadUrl || body.url === undefined ? { ...body, url: body.uri } : body,
});

/** A file to upload: its name (no folders), bytes and, when known, MIME type. */
export interface UploadFile {
  name: string;
  data: Uint8Array;
  contentType?: string;
}

/**
 * Refuses, before anything is sent, a file the organisation would refuse: larger than
 * `max_file_upload_size_mib`, or any file when the limit is 0 (uploads disabled). Unknown limit:
 * the server decides.
 */
export function checkUploadSize(name: string, size: number, limits: RealmLimits): void {
  const problem = uploadSizeProblem(name, size, limits.maxFileUploadSizeMib);
  if (problem) throw new ValidationError(problem, ROUTE, 'file');
}

export interface UploadResult {
  /** Relative to the realm: `/user_uploads/<path_id>`. */
  url: string;
  /** The name the server stored it under (the given name on servers that do not say). */
  filename: string;
}

/**
 * `POST /user_uploads`: uploads one file (checked against the realm's size limit first) and
 * returns its URL. `onProgress` reports the bytes sent. Never retried after the request went out:
 * a second attempt would store the file twice.
 */
export async function uploadFile(
  client: ChatClient,
  file: UploadFile,
  options: CallOptions & { onProgress?: UploadProgress } = {},
): Promise<UploadResult> {
  const name = file.name.trim();
  if (!name) throw new ValidationError(l10n.t('The file needs a name.'), ROUTE, 'file');
  checkUploadSize(name, file.data.byteLength, client.limits);
  const { onProgress, ...callOptions } = options;
  const body = multipartFile('filename', { ...file, name }, onProgress);
  // A large file on a slow link takes longer than an API call's usual limit; cancelling stays possible.
  const result = await client.call(ROUTE, {}, { timeoutMs: UPLOAD_TIMEOUT_MS, ...callOptions, upload: body });
  return { url: result.url, filename: result.filename ?? name };
}

/** The Markdown that shares an upload: `[name](url)`, brackets in the name escaped. */
export function uploadMarkdown(name: string, url: string): string {
  return `[${name.replace(/([[\]\\])/g, '\\$1')}](${url})`;
}
