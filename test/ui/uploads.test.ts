// UI: uploads from the conversation view's compose box in the real workbench — the Attach file
// button (VS Code's file dialog), an image pasted into the box, a file dropped on it, and a file
// over the realm's limit refused in the page with the draft kept. Screenshot: upload.png.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

/** A small gradient PNG (w×h, RGB). */
function png(w: number, h: number): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) rows.push((x * 255) / w, (y * 255) / h, 180);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('UI: uploads from the compose box', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `ui uploads ${Date.now() % 100000}`;

  it('attaches with the button, pastes an image, drops a file; links go in at the caret', async () => {
    await sendMessage(wb.client('bob'), {
      type: 'stream',
      to: 1,
      topic,
      content: 'Could you send the test report and a screenshot?',
    });
    const report = path.join(wb.workspace, 'test-report.txt');
    fs.writeFileSync(report, 'All 128 tests passed.\n');
    await wb.waitForLiveSession(60_000).catch(async (e) => {
      await wb.screenshot('upload-debug');
      throw e;
    });
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').first().waitFor({ timeout: 20_000 });
    const text = frame.locator('#compose-text');
    await text.fill('Here is the report: ');

    // The Attach button opens VS Code's file dialog (the simple one in the browser): type the path.
    // The server takes its time: the compose row says what is going up.
    await wb.testControl('fault', { kind: 'delay', ms: 8_000, route: 'POST /user_uploads' });
    await frame.locator('#attach').click();
    const input = wb.quickInputBox();
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    // The simple file dialog may still be listing the folder and put it back in the box over the
    // typed path: type it again until the dialog takes the file.
    for (let attempt = 0; ; attempt++) {
      await input.fill(report);
      await wb.page.waitForTimeout(500);
      await input.press('Enter');
      try {
        await input.waitFor({ state: 'hidden', timeout: 3_000 });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    await frame.locator('#compose-upload', { hasText: /^Uploading test-report\.txt…/ }).waitFor({ timeout: 25_000 });
    await wb.screenshot('upload-progress');
    await frame.locator('#compose-text').evaluate(
      (el, want) =>
        new Promise<void>((resolve, reject) => {
          const deadline = Date.now() + 20_000;
          const tick = () =>
            (el as HTMLTextAreaElement).value.includes(want)
              ? resolve()
              : Date.now() > deadline
                ? reject(new Error((el as HTMLTextAreaElement).value))
                : setTimeout(tick, 100);
          tick();
        }),
      '[test-report.txt](/user_uploads/',
    );
    assert.match(
      await text.inputValue(),
      /^Here is the report: \[test-report\.txt\]\(\/user_uploads\/[^)]+\/test-report\.txt\)$/,
    );

    // Paste an image at the end of the text, after a line break.
    await text.press('End');
    await text.press('Shift+Enter');
    const image = [...png(48, 32)];
    await text.evaluate((el, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, image);
    await frame.locator('#compose-text').evaluate(
      (el) =>
        new Promise<void>((resolve, reject) => {
          const deadline = Date.now() + 20_000;
          const tick = () =>
            (el as HTMLTextAreaElement).value.includes('[pasted-image.png](')
              ? resolve()
              : Date.now() > deadline
                ? reject(new Error('no pasted image'))
                : setTimeout(tick, 100);
          tick();
        }),
    );

    // A file over the realm's limit (25 MiB), dropped: refused in the page, the text kept.
    const before = await text.inputValue();
    await frame.locator('#compose').evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'huge.bin'));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await frame.locator('#compose-error', { hasText: 'at most 25 MiB' }).waitFor({ timeout: 10_000 });
    assert.equal(
      await frame.locator('#compose-error').innerText(),
      'Could not upload huge.bin: "huge.bin" is 25 MiB: this organization accepts files of at most 25 MiB.',
    );
    assert.equal(await text.inputValue(), before);
    assert.equal(await frame.locator('#compose-upload').isVisible(), false, 'no upload under way');
    await wb.page.waitForTimeout(300);
    await wb.screenshot('upload');

    // Sent, the message links both files and shows the image.
    await text.press('Control+Enter');
    await frame.locator('li.message').nth(1).locator('.content img').first().waitFor({ timeout: 20_000 });
    await frame.locator('li.message').nth(1).locator('a', { hasText: 'test-report.txt' }).waitFor({ timeout: 5_000 });
    await wb.page.waitForTimeout(500);
    await wb.screenshot('upload-sent');
  });
});
