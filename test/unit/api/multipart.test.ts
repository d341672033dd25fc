import { strict as assert } from 'node:assert';
import { multipartFile } from '../../../src/api/multipart';

async function readAll(body: ReturnType<typeof multipartFile>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body.open()) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

function boundaryOf(contentType: string): string {
  const match = /^multipart\/form-data; boundary=(\S+)$/.exec(contentType);
  assert.ok(match, contentType);
  return match[1]!;
}

describe('multipartFile (the body of a one-file upload)', () => {
  it('frames the file between the boundary lines with its name and type', async () => {
    const body = multipartFile('file', { name: 'notes.txt', data: Buffer.from('hello'), contentType: 'text/plain' });
    const boundary = boundaryOf(body.contentType);
    const expected =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const bytes = await readAll(body);
    assert.equal(bytes.toString('utf8'), expected);
    assert.equal(body.length, bytes.length);
  });

  it('uses a fresh boundary for each body', () => {
    const a = boundaryOf(multipartFile('file', { name: 'a', data: Buffer.from('x') }).contentType);
    const b = boundaryOf(multipartFile('file', { name: 'a', data: Buffer.from('x') }).contentType);
    assert.notEqual(a, b);
  });

  it('sends application/octet-stream when the type is missing or empty', async () => {
    for (const contentType of [undefined, '']) {
      const text = (
        await readAll(multipartFile('file', { name: 'a.bin', data: Buffer.from([1, 2]), contentType }))
      ).toString('utf8');
      assert.ok(text.includes('\r\nContent-Type: application/octet-stream\r\n\r\n'), text);
    }
  });

  it('escapes quotes and line breaks in the names, and sends other characters as UTF-8', async () => {
    const body = multipartFile('f"ld', { name: 'a"b\r\nc\nd\re – ünï.txt', data: Buffer.from('z') });
    const bytes = await readAll(body);
    const text = bytes.toString('utf8');
    assert.ok(text.includes('name="f%22ld"; filename="a%22b%0D%0Ac%0Ad%0De – ünï.txt"\r\n'), text);
    assert.equal(body.length, bytes.length);
  });

  it('reports progress chunk by chunk up to the total, for a file of exactly one chunk', async () => {
    const data = new Uint8Array(64 * 1024).fill(7);
    const seen: Array<[number, number]> = [];
    const body = multipartFile('file', { name: 'big', data }, (sent, total) => seen.push([sent, total]));
    const bytes = await readAll(body);
    assert.equal(bytes.length, body.length);
    const headLength = bytes.indexOf(Buffer.from('\r\n\r\n')) + 4;
    assert.deepEqual(seen, [
      [headLength, body.length],
      [headLength + data.length, body.length],
      [body.length, body.length],
    ]);
  });

  it('sends a file larger than one chunk whole, in order', async () => {
    const data = new Uint8Array(64 * 1024 + 3);
    for (let i = 0; i < data.length; i++) data[i] = i % 251;
    const seen: number[] = [];
    const body = multipartFile('file', { name: 'big', data: data.subarray(0) }, (sent) => seen.push(sent));
    const bytes = await readAll(body);
    const headLength = bytes.indexOf(Buffer.from('\r\n\r\n')) + 4;
    assert.ok(Buffer.from(data).equals(bytes.subarray(headLength, headLength + data.length)));
    assert.equal(seen.length, 4);
    assert.equal(seen.at(-1), body.length);
  });

  it('opens a new stream from the start for each attempt', async () => {
    const body = multipartFile('file', { name: 'a', data: Buffer.from('again') });
    assert.ok((await readAll(body)).equals(await readAll(body)));
  });
});
