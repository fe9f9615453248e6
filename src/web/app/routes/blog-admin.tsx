import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { AdminGuard } from '#web/features/blog/components/admin-guard';
import { AdminPostList } from '#web/features/blog/components/admin-post-list';
import { PostForm } from '#web/features/blog/components/post-form';
import { ContactMessageList } from '#web/features/contact/components/contact-message-list';
import type { HeadHandle } from '#web/lib/page-head';

export const handle: HeadHandle = {
  head: () => ({ title: 'Create Blog Post', description: 'Blog administration.', noindex: true }),
};

const tabClass =
  'cursor-pointer border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:border-indigo-400 dark:data-[state=active]:text-indigo-300';

const tabs = ['post', 'posts', 'messages'] as const;
type Tab = (typeof tabs)[number];

/** `?tab=posts` links straight to the post list (the edit page returns there); the form is the default. */
const adminTabParam = 'tab';
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

/**
 * Route module of /blog/admin (the Create Blog Post page), for admins only (AdminGuard): the new post
 * form, every post (drafts too) to edit, publish or delete, and the contact messages.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get(adminTabParam);
  const tab: Tab = isTab(requested) ? requested : 'post';
  return (
    <AdminGuard>
      <div className="mx-auto max-w-3xl px-6 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Create Blog Post</h1>
        <Tabs.Root
          value={tab}
          onValueChange={(value) =>
            setSearch(value === 'post' ? {} : { [adminTabParam]: value }, { replace: true })
          }
          className="mt-8"
        >
          <Tabs.List
            aria-label="Blog administration"
            className="flex overflow-x-auto border-b border-slate-200 dark:border-slate-800"
          >
            <Tabs.Trigger value="post" className={tabClass}>
              New post
            </Tabs.Trigger>
            <Tabs.Trigger value="posts" className={tabClass}>
              Posts
            </Tabs.Trigger>
            <Tabs.Trigger value="messages" className={tabClass}>
              Contact messages
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="post" className="pt-8 outline-none">
            <PostForm />
          </Tabs.Content>
          <Tabs.Content value="posts" className="pt-8 outline-none">
            <AdminPostList />
          </Tabs.Content>
          <Tabs.Content value="messages" className="pt-8 outline-none">
            <h2 className="sr-only">Contact messages</h2>
            <ContactMessageList />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </AdminGuard>
  );
}
