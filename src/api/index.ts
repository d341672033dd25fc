export { ChatClient, type ChatClientOptions, type CallOptions, type RetryInfo } from './client';
export * from './errors';
export { FL, type ServerInfo, type NameFlavor } from './features';
export { operations, type OperationKey, type Operations } from './operations';
export type { Operation, CallContext, RealmLimits } from './operation';
export { EventQueue, type EventQueueOptions, type QueueStatus, type QueueStatusDetail } from './events';
export { ChatEvent, parseEvent, type ChatEventType } from './models/events';
export { RegisterSnapshot } from './models/register';
export { credentialSecrets, scrubError, scrubText } from './scrub';
