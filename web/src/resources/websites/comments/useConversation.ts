import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useNotify, type Identifier, type UserIdentity } from 'react-admin';
import type { SitefleetDataProvider } from '../../../providers/dataProvider';
import { errorMessage } from '../../../providers/http';
import type { Conversation } from '../../../providers/messaging';

const conversationKey = (websiteId: Identifier | undefined) => ['conversation', String(websiteId)];

export interface ConversationState {
  conversation: Conversation | null;
  isPending: boolean;
  /** The first comment starts the conversation; later ones reply to it. Resolves to whether it worked. */
  add: (content: string) => Promise<boolean>;
  edit: (commentUid: string, content: string) => Promise<boolean>;
}

/** A website's comments (SPEC §7.8); failures show the server's message, or 'Something went wrong'. */
export function useConversation(
  websiteId: Identifier | undefined,
  identity: UserIdentity | undefined,
): ConversationState {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = conversationKey(websiteId);
  const { data, isPending, error } = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.conversationOf(websiteId!),
    enabled: websiteId !== undefined,
    retry: 1,
  });
  useEffect(() => {
    if (error) notify(errorMessage(error), { type: 'error' });
  }, [error, notify]);

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      return true;
    } catch (failure) {
      notify(errorMessage(failure), { type: 'error' });
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };
  const conversation = data ?? null;

  return {
    conversation,
    isPending: isPending && websiteId !== undefined,
    add: (content) =>
      run(() =>
        conversation
          ? dataProvider.reply(conversation.id, content)
          : dataProvider.startConversation(websiteId!, {
              author: identity?.id ?? '',
              authorName: identity?.fullName ?? '',
              content,
            }),
      ),
    edit: (commentUid, content) =>
      run(async () => {
        if (!conversation) throw new Error('Something went wrong');
        await dataProvider.editComment(conversation.id, commentUid, content);
      }),
  };
}
