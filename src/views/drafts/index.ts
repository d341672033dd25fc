/** The "Drafts" tree in the Team Chat container. */
import { Views } from '../../constants';
import type { Services } from '../../services';
import { registerTree, type TreeParts } from '../tree';
import { DraftsModel } from './model';
import { DraftsProvider } from './provider';

export { DraftsModel, type DraftNode, type DraftRow } from './model';

export type DraftsView = TreeParts<DraftsModel, DraftsProvider>;

export function register(services: Services): DraftsView {
  const { sessions } = services;
  const model = new DraftsModel(sessions, services.drafts);
  return registerTree(services, Views.drafts, model, (m) => new DraftsProvider(m, () => sessions.current));
}
