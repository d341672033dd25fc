/**
 * A `multipart/form-data` body with one file, as `POST /user_uploads` wants it. Built by hand rather
 * than through undici's FormData: the client sends through its own pool with `dispatch`, and a
 * body of known length read in chunks lets the caller see how much has gone out.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** What the transport needs to send a multipart body; `open()` is called once per attempt. */
export interface UploadBody {
  contentType: string;
  length: number;
  open(): Readable;
}

/** Bytes written so far and the body's total, both in bytes. */
export type UploadProgress = (sent: number, total: number) => void;

const CHUNK = 64 * 1024;

/** The HTML standard's escaping of names in a multipart header: quotes and line breaks only. */
function escapeName(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * One file under the form field `field`. The filename goes in UTF-8, as browsers send it (the
 * server decodes it so). `onProgress` hears of each chunk as the connection takes it.
 */
export function multipartFile(
  field: string,
  file: { name: string; data: Uint8Array; contentType?: string },
  onProgress?: UploadProgress,
): UploadBody {
  const boundary = '----TeamChatUpload' + randomBytes(16).toString('hex');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(field)}"; ` +
      `filename="${escapeName(file.name)}"\r\n` +
      `Content-Type: ${file.contentType || 'application/octet-stream'}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  const length = head.length + data.length + tail.length;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    open(): Readable {
      let sent = 0;
      function* chunks(): Generator<Buffer> {
        yield head;
        for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, Math.min(at + CHUNK, data.length));
        yield tail;
      }
      const source = chunks();
      return new Readable({
        read() {
          const next = source.next();
          if (next.done) {
            this.push(null);
            return;
          }
          sent += next.value.length;
          onProgress?.(sent, length);
          this.push(next.value);
        },
      });
    },
  };
}
