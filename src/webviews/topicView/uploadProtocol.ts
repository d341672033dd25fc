/**
 * The conversation view's messages about uploads (host ↔ page). Files the page gets (pasted,
 * dropped) travel as base64 after the page checked their size against the realm's limit; the
 * Attach button asks the host to open its file dialog. The host uploads and reports progress
 * and failures to the compose area; the link goes in through `topic/insertCompose`.
 */
import { CommandType, NotificationType, RequestType } from '../protocol';
import { isRecord } from '../../guards';

/** The realm's largest upload in bytes (`null`: unknown, the server decides; 0: uploads disabled). */
export const UploadLimitRequest = new RequestType<Record<string, never>, { maxBytes: number | null }>(
  'topic/uploadLimit',
  (p): p is Record<string, never> => isRecord(p),
);

export interface UploadBytesParams {
  readonly name: string;
  /** The MIME type the page was told (may be empty). */
  readonly type: string;
  /** The file's bytes, base64. */
  readonly base64: string;
}

/** Base64 of at most 1 GiB (the host checks the realm's own limit again on the decoded bytes). */
const MAX_BASE64 = Math.ceil((1024 ** 3 * 4) / 3) + 4;

/** A pasted or dropped file: uploaded by the host; resolves once its link is in the compose box. */
export const UploadBytesRequest = new RequestType<UploadBytesParams, void>(
  'topic/uploadBytes',
  (p): p is UploadBytesParams =>
    isRecord(p) &&
    typeof p.name === 'string' &&
    p.name.length > 0 &&
    p.name.length <= 1000 &&
    typeof p.type === 'string' &&
    p.type.length <= 255 &&
    typeof p.base64 === 'string' &&
    p.base64.length <= MAX_BASE64,
);

/** The Attach button: the host opens the file dialog and uploads what the user picks. */
export const AttachCommand = new CommandType<Record<string, never>>('topic/attach', (p): p is Record<string, never> =>
  isRecord(p),
);

/**
 * What the compose area shows about uploads: `status` while files go up ("Uploading a.png… 40%",
 * empty when none), `error` once when one failed (the compose text is left as it was).
 */
export const UploadStatusNotification = new NotificationType<{ status: string; error?: string }>('topic/uploadStatus');
