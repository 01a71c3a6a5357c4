// Drafts and publishing: the editorial bar (drafts, publishing, schedules, history) shared by the page, blog,
// content section and banner editors, and the tags of their lists.
export { PublishingBar, EditorialTags, ListEditorialTags, type EditorialCalls, type PublishingBarProps } from './PublishingBar';
export { DraftPublishFooter, type DraftPublishFooterProps } from './DraftPublishFooter';
export { usePublish, type PublishSteps } from './usePublish';
