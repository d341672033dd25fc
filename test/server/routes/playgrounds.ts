/**
 * Code playgrounds (`realm_playgrounds`, feature level 49; `url_template` since 196, `url_prefix`
 * before): listed in /register, added and removed by administrators, each change sent to every
 * user as the whole new list.
 */
import { ChatServer } from '../core';
import { badRequest } from '../errors';
import { Route } from '../router';
import { Playground } from '../types';

export function playgroundJson(srv: ChatServer, p: Playground): Record<string, unknown> {
  const base = { id: p.id, name: p.name, pygments_language: p.pygments_language };
  return srv.fl >= 196
    ? { ...base, url_template: p.url_template }
    : { ...base, url_prefix: p.url_template.replace(/\{code\}$/, '') };
}

function playgroundsChanged(srv: ChatServer): void {
  srv.queues.send(srv.activeUserIds(), 'realm_playgrounds', {
    type: 'realm_playgrounds',
    realm_playgrounds: srv.state.playgrounds.map((p) => playgroundJson(srv, p)),
  });
}

/** The service's checks of a new playground, with its error texts. */
function checkPlayground(srv: ChatServer, p: Record<string, unknown>): Omit<Playground, 'id'> {
  const name = String(p.name);
  const language = String(p.pygments_language);
  // Before feature level 196 the service took `url_prefix` (the code appended).
  const field = srv.fl >= 196 ? 'url_template' : 'url_prefix';
  if (typeof p[field] !== 'string')
    throw badRequest(`Missing '${field}' argument`, 'REQUEST_VARIABLE_MISSING', { var_name: field });
  const template = field === 'url_template' ? (p[field] as string) : `${p[field] as string}{code}`;
  if (name.trim() === '') throw badRequest('Name cannot be blank.');
  if (language.trim() === '') throw badRequest('Pygments language cannot be blank.');
  if (!/^[ a-zA-Z0-9_+\-./#]*$/.test(language)) throw badRequest('Invalid characters in pygments language');
  if (!/^https?:\/\/[^\s{}]+(\{code\}[^\s{}]*)?$/.test(template) || !template.includes('{code}')) {
    if (/\{(?!code\})[^}]*\}/.test(template))
      throw badRequest('"code" should be the only variable present in the URL template');
    throw badRequest('Invalid URL template.');
  }
  return { name, pygments_language: language, url_template: template };
}

export const playgroundRoutes: Route[] = [
  {
    method: 'POST',
    path: '/realm/playgrounds',
    since: 49,
    params: {
      name: { t: 'str', req: true },
      pygments_language: { t: 'str', req: true },
      url_template: { t: 'str', since: 196 },
      url_prefix: { t: 'str' },
    },
    handler: ({ srv, user, p }) => {
      if (!srv.state.isAdmin(user)) throw badRequest('Must be an organization administrator');
      const checked = checkPlayground(srv, p);
      if (
        srv.state.playgrounds.some((x) => x.name === checked.name && x.pygments_language === checked.pygments_language)
      ) {
        throw badRequest('A playground with this name and language already exists.');
      }
      const playground = { id: srv.state.nextId('playground'), ...checked };
      srv.state.playgrounds.push(playground);
      playgroundsChanged(srv);
      return { id: playground.id };
    },
  },
  {
    method: 'DELETE',
    path: '/realm/playgrounds/{playground_id:int}',
    since: 49,
    handler: ({ srv, user, path }) => {
      if (!srv.state.isAdmin(user)) throw badRequest('Must be an organization administrator');
      const i = srv.state.playgrounds.findIndex((x) => x.id === Number(path.playground_id));
      if (i < 0) throw badRequest('Invalid playground');
      srv.state.playgrounds.splice(i, 1);
      playgroundsChanged(srv);
      return {};
    },
  },
];
