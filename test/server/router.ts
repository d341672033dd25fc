import { IncomingMessage, ServerResponse } from 'node:http';
import { ChatServer } from './core';
import { ParamSpecs } from './params';
import { User } from './types';

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface Ctx {
  srv: ChatServer;
  user: User;
  // Decoded parameters; their types are guaranteed by the route's ParamSpecs.

  p: Record<string, any>;
  path: Record<string, string>;
  req: IncomingMessage;
  res: ServerResponse;
  files: UploadedFile[];
}

/** A binary/non-JSON answer (file downloads). */
export class RawResponse {
  constructor(
    readonly status: number,
    readonly body: Buffer | string,
    readonly headers: Record<string, string>,
  ) {}
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** Template under /api/v1, e.g. `/messages/{message_id:int}`. */
  path: string;
  params?: ParamSpecs;
  auth?: boolean;
  /** Feature level that introduced the endpoint; below it the endpoint does not exist. */
  since?: number;
  handler: (ctx: Ctx) => Record<string, unknown> | RawResponse | Promise<Record<string, unknown> | RawResponse>;
}

export interface CompiledRoute extends Route {
  re: RegExp;
  keys: string[];
  template: string;
}

export function compile(r: Route): CompiledRoute {
  const keys: string[] = [];
  const src = r.path.replace(/\{(\w+)(:int|:path)?\}/g, (_, k: string, kind?: string) => {
    keys.push(k);
    return kind === ':int' ? '(\\d+)' : kind === ':path' ? '(.+)' : '([^/]+)';
  });
  return { ...r, re: new RegExp(`^${src}$`), keys, template: r.path.replace(/:(int|path)\}/g, '}') };
}
