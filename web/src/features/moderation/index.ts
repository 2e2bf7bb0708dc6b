export { moderationKeys } from './api/keys';
export { ModerationLog } from './components/moderation-log';
export { ReportButton, type ReportButtonProps } from './components/report-button';
export * from './schemas';
