/**
 * Image files of the local server: custom emoji under `/user_avatars/<realm>/emoji/images/` and
 * bots' avatars at the `/user_avatars/<realm>/bot-<id>.png` their `avatar_url` names (as the real
 * server's local-storage backend serves them: publicly, with the image's content type),
 * content types by file name, and a small generated PNG (no binary fixture in the repository).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import type { ChatServer } from './core';
import { sendJson } from './http';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

/** The content type the server sends for a file of this name. */
export function contentTypeOf(name: string): string {
  return TYPES[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A `size`×`size` RGB PNG: `pixel(x, y)` gives each pixel's [r, g, b]. Used for the demo's custom
 * emoji and by tests that upload an image.
 */
export function makePng(size: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A 96×96 blue-green gradient with a white diagonal, easy to spot: the image of the conversation in
 * the README's first picture (uploaded by test/ui/messageContent.test.ts, seeded in the demo).
 */
export function gradientPng(): Buffer {
  return makePng(96, (x, y) => (Math.abs(x - y) < 4 ? [255, 255, 255] : [20, 80 + x, 120 + y]));
}

/** A colourful disc: what the demo's custom emoji look like. */
export function emojiPng(seed: number): Buffer {
  const hue = (seed * 67) % 360;
  return makePng(32, (x, y) => {
    const d = Math.hypot(x - 15.5, y - 15.5);
    if (d > 15) return [255, 255, 255];
    const h = (hue + d * 12) % 360;
    const f = (n: number): number =>
      Math.round(
        255 * (0.5 - 0.5 * Math.max(-1, Math.min(1, Math.min(((n + h / 30) % 12) - 3, 9 - ((n + h / 30) % 12))))),
      );
    return [f(0), f(8), f(4)];
  });
}

/** `GET /user_avatars/<realm>/emoji/images/<file>`: a custom emoji's image, to anyone (as the real server). */
export function serveEmojiImage(srv: ChatServer, req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const m = /^\/user_avatars\/(\d+)\/emoji\/images\/([^/]+)$/.exec(path);
  if (!m || req.method !== 'GET') return false;
  const emoji = [...srv.state.realmEmoji.values()].find((e) => e.source_url === path || e.source_url.endsWith(path));
  if (!emoji) {
    sendJson(res, 404, { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    return true;
  }
  const bytes = emojiPng(Number(emoji.id));
  // Generated as PNG whatever the stored name says (a real server stores the uploaded file as it came).
  res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': bytes.length, 'Cache-Control': 'max-age=86400' });
  res.end(bytes);
  return true;
}

/** A bot's avatar: a robot-grey square with a lighter face, tinted by the bot's id. */
function botAvatarPng(id: number): Buffer {
  const tint = (id * 47) % 96;
  return makePng(48, (x, y) => (x > 11 && x < 36 && y > 13 && y < 34 ? [200, 220 - tint, 230] : [70 + tint, 80, 110]));
}

/** `GET /user_avatars/<realm>/bot-<id>.png`: a bot's avatar, to anyone (the `avatar_url` bots are given). */
export function serveBotAvatar(srv: ChatServer, req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const m = /^\/user_avatars\/(\d+)\/bot-(\d+)\.png$/.exec(path);
  if (!m || req.method !== 'GET') return false;
  const bot = srv.state.users.get(Number(m[2]));
  if (Number(m[1]) !== srv.state.realm.id || !bot?.isBot) {
    sendJson(res, 404, { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    return true;
  }
  const bytes = botAvatarPng(bot.id);
  res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': bytes.length, 'Cache-Control': 'max-age=86400' });
  res.end(bytes);
  return true;
}
