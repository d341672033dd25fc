import { randomBytes } from 'node:crypto';
import { ChatServer } from '../core';
import { badRequest } from '../errors';
import { intArray, strArray } from '../params';
import { compilePattern } from '../render';
import { Ctx, Route } from '../router';
import { Attachment, Linkifier, User } from '../types';
import { presencesFor } from './users';

// ---- Linkifiers ----
function requireAdmin(srv: ChatServer, user: User): void {
  if (!srv.state.isAdmin(user)) throw badRequest('Must be an organization administrator');
}

export function linkifierJson(srv: ChatServer, l: Linkifier): Record<string, unknown> {
  const out: Record<string, unknown> = { id: l.id, pattern: l.pattern, url_template: l.url_template };
  if (srv.fl >= 471) Object.assign(out, { example_input: l.example_input, reverse_template: l.reverse_template });
  out.alternative_url_templates = l.alternative_url_templates;
  return out;
}

function linkifiersChanged(srv: ChatServer): void {
  for (const m of srv.state.messages.values())
    if (m.rendered !== undefined && srv.opts.organization === 'demo') m.rendered = undefined;
  srv.queues.send(srv.activeUserIds(), 'realm_linkifiers', {
    type: 'realm_linkifiers',
    realm_linkifiers: srv.state.linkifiers.map((l) => linkifierJson(srv, l)),
  });
}

/** Validate a linkifier definition as the service does. */
function checkLinkifier(p: Record<string, unknown>): Omit<Linkifier, 'id'> {
  const pattern = p.pattern as string;
  let re: RegExp;
  try {
    re = compilePattern(pattern, '');
  } catch (e) {
    throw badRequest(`Invalid linkifier pattern.  Valid characters are [ a-zA-Z_#=/:+!-].`);
  }
  const groups = [...pattern.matchAll(/\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => m[1]);
  const tpl = p.url_template as string;
  if (!/^(https?:\/\/|\/)/.test(tpl)) throw badRequest('Invalid URL template.');
  for (const v of tpl.matchAll(/\{([^}]*)\}/g)) {
    if (!groups.includes(v[1]))
      throw badRequest(`Group "${v[1]}" in URL template is not present in linkifier pattern.`);
  }
  const example = p.example_input === undefined || p.example_input === '' ? null : (p.example_input as string);
  const reverse = p.reverse_template === undefined || p.reverse_template === '' ? null : (p.reverse_template as string);
  if (reverse !== null && example === null) throw badRequest('example_input is required when reverse_template is set.');
  if (example !== null) {
    const m = new RegExp(`^(?:${re.source})$`).exec(example);
    if (!m) throw badRequest('Example input does not match the pattern.');
    if (reverse !== null) {
      const regenerated = reverse.replace(/\{\{|\}\}|\{([A-Za-z0-9_]+)\}/g, (whole, name?: string) =>
        whole === '{{' ? '{' : whole === '}}' ? '}' : (m.groups?.[name!] ?? `{${name}}`),
      );
      if (regenerated !== example) throw badRequest('Reverse template does not reproduce the example input.');
    }
  }
  return {
    pattern,
    url_template: tpl,
    example_input: example,
    reverse_template: reverse,
    alternative_url_templates: (p.alternative_url_templates as string[] | undefined) ?? [],
  };
}

const linkifierParams = {
  pattern: { t: 'str' as const, req: true },
  url_template: { t: 'str' as const, req: true },
  example_input: { t: 'str' as const, since: 471 },
  reverse_template: { t: 'str' as const, since: 471 },
  alternative_url_templates: { t: 'json' as const, check: strArray },
};

const linkifierRoutes: Route[] = [
  {
    method: 'GET',
    path: '/realm/linkifiers',
    handler: ({ srv }) => ({ linkifiers: srv.state.linkifiers.map((l) => linkifierJson(srv, l)) }),
  },
  {
    method: 'POST',
    path: '/realm/filters',
    params: linkifierParams,
    handler: ({ srv, user, p }) => {
      requireAdmin(srv, user);
      const l = { id: srv.state.nextId('linkifier'), ...checkLinkifier(p) };
      srv.state.linkifiers.push(l);
      linkifiersChanged(srv);
      return { id: l.id };
    },
  },
  {
    method: 'PATCH',
    path: '/realm/filters/{filter_id:int}',
    params: linkifierParams,
    handler: ({ srv, user, p, path }) => {
      requireAdmin(srv, user);
      const l = srv.state.linkifiers.find((x) => x.id === Number(path.filter_id));
      if (!l) throw badRequest('Linkifier not found.');
      Object.assign(l, checkLinkifier(p));
      linkifiersChanged(srv);
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/realm/filters/{filter_id:int}',
    handler: ({ srv, user, path }) => {
      requireAdmin(srv, user);
      const i = srv.state.linkifiers.findIndex((x) => x.id === Number(path.filter_id));
      if (i < 0) throw badRequest('Linkifier not found.');
      srv.state.linkifiers.splice(i, 1);
      linkifiersChanged(srv);
      return {};
    },
  },
  {
    method: 'PATCH',
    path: '/realm/linkifiers',
    params: { ordered_linkifier_ids: { t: 'json', req: true, check: intArray } },
    handler: ({ srv, user, p }) => {
      requireAdmin(srv, user);
      const ids = p.ordered_linkifier_ids as number[];
      const current = srv.state.linkifiers;
      if (
        new Set(ids).size !== ids.length ||
        ids.length !== current.length ||
        !ids.every((id) => current.some((l) => l.id === id))
      ) {
        throw badRequest('The ordered list must enumerate all existing linkifiers exactly once');
      }
      srv.state.linkifiers = ids.map((id) => current.find((l) => l.id === id)!);
      linkifiersChanged(srv);
      return {};
    },
  },
];

// ---- Attachments and uploads ----
export function attachmentJson(srv: ChatServer, a: Attachment): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: a.id,
    name: a.name,
    path_id: a.pathId,
    size: a.size,
    create_time: srv.fl >= 443 ? a.createTime : a.createTime * 1000,
  };
  if (srv.fl >= 472) out.message_ids = [...a.messageIds].sort((x, y) => x - y);
  else
    out.messages = [...a.messageIds]
      .sort((x, y) => x - y)
      .map((id) => ({ id, date_sent: (srv.state.messages.get(id)?.timestamp ?? 0) * (srv.fl >= 443 ? 1 : 1000) }));
  return out;
}

/** The real server's stored name: NFKC, word characters, dots and dashes; runs of spaces and dashes become one dash. */
function sanitizeName(name: string): string {
  const value = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\p{M}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/g, '-');
  return value === '' || value === '.' || value === '..' ? 'uploaded-file' : value;
}

/** `POST /user_uploads`: one file, any field name; the real server's size, quota and response rules. */
function uploadFile(ctx: Ctx): Record<string, unknown> {
  const { srv, user, files } = ctx;
  if (files.length === 0) throw badRequest('You must specify a file to upload');
  if (files.length !== 1) throw badRequest('You may only upload one file at a time');
  const f = files[0];
  const maxMib = srv.realmSetting<number>('max_file_upload_size_mib');
  if (f.data.length > maxMib * 1024 * 1024) {
    // The self-hosted wording from feature level 306 (plan-dependent limits); before, one fixed sentence.
    throw badRequest(
      srv.fl >= 306
        ? `File is larger than this server's configured maximum upload size (${maxMib} MiB).`
        : `Uploaded file is larger than the allowed limit of ${maxMib} MiB`,
    );
  }
  const quotaMib = srv.realmSetting<number | null>('upload_quota_mib');
  if (quotaMib !== null) {
    let used = 0;
    for (const a of srv.state.attachments.values()) used += a.size;
    if (used + f.data.length > quotaMib * 1024 * 1024)
      throw badRequest("Upload would exceed your organization's upload quota.");
  }
  const id = srv.state.nextId('attachment');
  const safe = sanitizeName(f.filename);
  const dir = `${srv.state.realm.id}/${randomBytes(1).toString('hex')}/${randomBytes(12).toString('base64url')}`;
  const pathId = `${dir}/${safe}`;
  srv.state.attachments.set(id, {
    id,
    ownerId: user.id,
    name: safe,
    pathId,
    size: f.data.length,
    createTime: srv.now(),
    messageIds: new Set(),
  });
  uploadBytes.set(pathId, f.data);
  const url = `/user_uploads/${dir}/${encodeURIComponent(safe)}`;
  srv.queues.send([user.id], 'attachment', {
    type: 'attachment',
    op: 'add',
    attachment: attachmentJson(srv, srv.state.attachments.get(id)!),
    upload_space_used: spaceUsed(srv, user),
  });
  // `uri` always (a deprecated alias from feature level 272, which added `url`); `filename` from 285.
  const out: Record<string, unknown> = { uri: url };
  if (srv.fl >= 272) out.url = url;
  if (srv.fl >= 285) out.filename = safe;
  return out;
}

/** Bytes of files uploaded during the run; fixture files get small fake contents. */
export const uploadBytes = new Map<string, Buffer>();

function spaceUsed(srv: ChatServer, user: User): number {
  let n = 0;
  for (const a of srv.state.attachments.values()) if (a.ownerId === user.id) n += a.size;
  return n;
}

const attachmentRoutes: Route[] = [
  {
    method: 'GET',
    path: '/attachments',
    handler: ({ srv, user }) => ({
      attachments: [...srv.state.attachments.values()]
        .filter((a) => a.ownerId === user.id)
        .map((a) => attachmentJson(srv, a)),
      upload_space_used: spaceUsed(srv, user),
    }),
  },
  {
    method: 'DELETE',
    path: '/attachments/{attachment_id:int}',
    handler: ({ srv, user, path }) => {
      const a = srv.state.attachments.get(Number(path.attachment_id));
      if (!a || a.ownerId !== user.id) throw badRequest('Invalid attachment');
      srv.state.attachments.delete(a.id);
      srv.queues.send([user.id], 'attachment', {
        type: 'attachment',
        op: 'remove',
        attachment: { id: a.id },
        upload_space_used: spaceUsed(srv, user),
      });
      return {};
    },
  },
  { method: 'POST', path: '/user_uploads', handler: uploadFile, params: {} },
];

// ---- Presence, server settings, outgoing webhook ----
export function serverSettings(srv: ChatServer): Record<string, unknown> {
  const st = srv.state;
  const out: Record<string, unknown> = {
    authentication_methods: {
      password: true,
      dev: false,
      email: true,
      ldap: false,
      remoteuser: false,
      github: false,
      azuread: false,
      gitlab: false,
      apple: false,
      google: false,
      saml: false,
      'openid connect': false,
    },
    external_authentication_methods: [],
  };
  if (srv.fl > 0) out[`${srv.prefix}_feature_level`] = srv.fl;
  out[`${srv.prefix}_version`] = versionFor(srv.fl);
  out[`${srv.prefix}_merge_base`] = versionFor(srv.fl);
  Object.assign(out, {
    push_notifications_enabled: false,
    is_incompatible: false,
    email_auth_enabled: true,
    require_email_format_usernames: true,
    realm_uri: srv.url,
  });
  if (srv.fl >= 257) out.realm_url = srv.url;
  Object.assign(out, {
    realm_name: st.realm.name,
    realm_icon: `${srv.url}${st.realm.icon}`,
    realm_description: st.realm.description,
    realm_web_public_access_enabled: false,
  });
  return out;
}

export function versionFor(fl: number): string {
  if (fl >= 473) return '12.0-dev-test';
  if (fl >= 379) return '11.0';
  if (fl >= 310) return '10.0';
  if (fl >= 237) return '9.0';
  if (fl >= 185) return '8.0';
  if (fl >= 165) return '7.0';
  return '6.0';
}

export function realmRoutes(srv: ChatServer): Route[] {
  return [
    ...linkifierRoutes,
    ...attachmentRoutes,
    {
      method: 'GET',
      path: '/realm/presence',
      // Presences change with presenceVersion; the users' emails and activity with usersVersion.
      handler: ({ srv: s }) => ({
        server_timestamp: s.opts.now(),
        presences: s.json.get(`presences|legacy|${s.state.presenceVersion}|${s.state.usersVersion}`, () =>
          presencesFor(s, false),
        ),
      }),
    },
    { method: 'GET', path: '/server_settings', auth: false, handler: ({ srv: s }) => serverSettings(s) },
    {
      method: 'POST',
      path: `/${srv.prefix}-outgoing-webhook`,
      handler: ({ srv: s, user }) => {
        if (user.botType !== 3) throw badRequest('This endpoint is only for outgoing webhook bots');
        return { payloads: s.webhookLog.get(user.id) ?? [] };
      },
    },
  ];
}
