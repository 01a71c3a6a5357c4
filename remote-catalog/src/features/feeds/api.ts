import { api } from '@deals/shared-auth/client';
import type { CreatedResponse, CreateFeedBody, Feed, FeedRun, MessageResponse, UpdateFeedBody } from '@deals/contract';

export async function fetchFeeds(): Promise<Feed[]> {
  const { data } = await api.get<Feed[]>('Feeds/GetFeeds');
  return data;
}

/** One feed as the edit form opens it: its version is remembered, so the save says which it changes. */
export async function fetchFeed(id: number): Promise<Feed> {
  const { data } = await api.get<Feed>('Feeds/GetFeedById', { params: { id } });
  return data;
}

export async function createFeed(body: CreateFeedBody): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('Feeds/CreateFeed', body);
  return data;
}

export async function updateFeed(body: UpdateFeedBody): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Feeds/UpdateFeed', body);
  return data;
}

export async function deleteFeed(id: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('Feeds/DeleteFeed', { params: { id } });
  return data;
}

/** Starts a run now; the server answers at once (202) with the run's `id` (the run goes on in the background). */
export async function runFeed(id: number): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('Feeds/RunFeed', null, { params: { id } });
  return data;
}

/** The feed's runs, newest first. */
export async function fetchFeedRuns(id: number, limit: number): Promise<FeedRun[]> {
  const { data } = await api.get<FeedRun[]>('Feeds/GetFeedRuns', { params: { id, limit } });
  return data;
}
