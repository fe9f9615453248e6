import type { ThreadMessage } from '#shared/schemas/inbox';
import { MessageCard } from './message-card';

/** The messages oldest first; the server sends them so, but a sort keeps a merged refetch honest. */
function inTimeOrder(messages: ThreadMessage[]): ThreadMessage[] {
  return messages
    .map((message, index) => ({ message, index, time: Date.parse(message.at) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ message }) => message);
}

/** The conversation, oldest message first: our steps and answers on one side, their messages on the other. */
export function ThreadMessages({ messages }: { messages: ThreadMessage[] }) {
  if (messages.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No messages yet.</p>;
  }
  return (
    <ol aria-label="Messages" className="flex flex-col gap-3">
      {inTimeOrder(messages).map((message) => (
        <li key={`${message.type}-${message.id}`} className="flex">
          <MessageCard message={message} />
        </li>
      ))}
    </ol>
  );
}
