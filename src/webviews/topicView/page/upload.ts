/**
 * Uploads from the compose box: the Attach button (the host's file dialog), an image or file
 * pasted into the box, files dropped on it. The page checks each file's size against the realm's
 * limit before reading it, then sends its bytes (base64) to the host, which uploads it and puts
 * the link at the caret. "Uploading name…" shows in the compose row; a failure says why and the
 * text stays as it was.
 */
import * as l10n from '@vscode/l10n';
import { command, errorText, onNotification, request } from '../../page/common';
import { MIB, uploadSizeProblem } from '../../page/shared';
import { AttachCommand, UploadBytesRequest, UploadLimitRequest, UploadStatusNotification } from '../uploadProtocol';
import { dom } from './state';

const { compose, text, composeError } = dom;
const attach = dom.$('attach') as HTMLButtonElement;
const status = dom.$('compose-upload');

/** What the host reports (uploads it runs); the page's own reading shows until the host speaks. */
function showStatus(message: string): void {
  status.textContent = message;
  status.hidden = message === '';
}

onNotification(UploadStatusNotification, (p) => {
  showStatus(p.status);
  if (p.error) composeError.textContent = p.error;
});

attach.addEventListener('click', () => {
  composeError.textContent = '';
  command(AttachCommand, {});
});

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error(l10n.t('Could not read {0}.', file.name)));
    reader.readAsDataURL(file);
  });
}

/** A pasted image has no useful name ("image.png" at best): name it by its type. */
function nameOf(file: File): string {
  if (file.name && file.name !== 'image.png') return file.name;
  const ext = /^image\/([a-z0-9]+)/.exec(file.type)?.[1]?.replace('jpeg', 'jpg') ?? 'bin';
  return `pasted-image.${ext}`;
}

async function uploadFiles(files: readonly File[]): Promise<void> {
  composeError.textContent = '';
  let maxMib: number | undefined;
  try {
    const { maxBytes } = await request(UploadLimitRequest, {});
    maxMib = maxBytes === null ? undefined : maxBytes / MIB;
  } catch (e) {
    composeError.textContent = errorText(e);
    return;
  }
  for (const file of files) {
    const name = nameOf(file);
    const problem = uploadSizeProblem(name, file.size, maxMib);
    if (problem) {
      composeError.textContent = l10n.t('Could not upload {0}: {1}', name, problem);
      continue;
    }
    showStatus(l10n.t('Uploading {0}…', name));
    try {
      await request(UploadBytesRequest, { name, type: file.type, base64: await readBase64(file) });
    } catch (e) {
      composeError.textContent = errorText(e);
    }
  }
}

text.addEventListener('paste', (event) => {
  const files = [...(event.clipboardData?.files ?? [])];
  if (files.length === 0) return;
  // Files only: pasted text goes in as usual.
  event.preventDefault();
  void uploadFiles(files);
});

const carriesFiles = (event: DragEvent): boolean => [...(event.dataTransfer?.types ?? [])].includes('Files');

compose.addEventListener('dragover', (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  compose.classList.add('drop-target');
});
compose.addEventListener('dragleave', () => compose.classList.remove('drop-target'));
compose.addEventListener('drop', (event) => {
  compose.classList.remove('drop-target');
  const files = [...(event.dataTransfer?.files ?? [])];
  if (files.length === 0) return;
  event.preventDefault();
  void uploadFiles(files);
});
