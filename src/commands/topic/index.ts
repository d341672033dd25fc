/** The topic view and its commands: open a topic, share a selection, search a topic or channel. */
import type { Services } from '../../services';
import { TopicViews } from '../../webviews/topicView/manager';
import * as openDirectMessage from './openDirectMessage';
import * as openTopic from './openTopic';
import * as search from './search';
import * as shareSelection from './shareSelection';

export function register(services: Services): TopicViews {
  const views = new TopicViews(services);
  services.disposables.add(views);
  openTopic.register(services, views);
  openDirectMessage.register(services, views);
  search.register(services, views);
  shareSelection.register(services);
  return views;
}
