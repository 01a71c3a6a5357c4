// Issue 20: the editorial bar (drafts, publishing, schedules, history) shared by the page, blog,
// content section and banner editors, and the tags of their lists.
export { PublishingBar, EditorialTags, ListEditorialTags, type EditorialCalls, type PublishingBarProps } from './PublishingBar';
