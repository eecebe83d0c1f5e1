/** The wire types of declared actions, derived from their schemas, for code that names them. */
export type { IpDiversity, ShareRow, SubnetGroup } from './dms.js';
export type { Conversation, ConversationComment } from './mms.js';
export type { InboxItem, WebsiteAlert } from './nms.js';
export type { TaskHistoryEntry, TaskMoved } from './tasks.js';
export type {
  WizardChoices,
  WizardDraft,
  WizardFact,
  WizardInfo,
  WizardInput,
  WizardIpOption,
  WizardServerOption,
  WizardStepResult,
} from './wizard.js';
