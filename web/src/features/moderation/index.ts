export { HiddenContent } from './components/hidden-content';
export { HiddenNotice } from './components/hidden-notice';
export { ModerationLog } from './components/moderation-log';
export { ModerationNotAllowed } from './components/not-allowed';
export { ReportButton, type ReportButtonProps } from './components/report-button';
export { ReportQueue } from './components/report-queue';
export { RoleManager } from './components/role-manager';
export * from './schemas';
