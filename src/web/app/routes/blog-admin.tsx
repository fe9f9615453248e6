import * as Tabs from '@radix-ui/react-tabs';
import { Navigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageSpinner } from '../../components/ui/spinner';
import { useMe } from '../../features/auth/api/use-me';
import { PostForm } from '../../features/blog/components/post-form';
import { ContactMessageList } from '../../features/contact/components/contact-message-list';
import type { HeadHandle } from '../../lib/page-head';

export const handle: HeadHandle = {
  head: () => ({ title: 'Create Blog Post', description: 'Blog administration.', noindex: true }),
};

const tabClass =
  'cursor-pointer border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:border-indigo-400 dark:data-[state=active]:text-indigo-300';

/**
 * Route module of /blog/admin (spec §2 Create Blog Post): the guard is inside the page — no session
 * goes to /login, a non-admin to /; admins get the post form and the contact messages.
 */
export function Component() {
  const { data: user, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login} replace />;
  if (!user.isAdmin) return <Navigate to={paths.home} replace />;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Create Blog Post</h1>
      <Tabs.Root defaultValue="post" className="mt-8">
        <Tabs.List
          aria-label="Blog administration"
          className="flex border-b border-slate-200 dark:border-slate-800"
        >
          <Tabs.Trigger value="post" className={tabClass}>
            New post
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={tabClass}>
            Contact messages
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="post" className="pt-8 outline-none">
          <PostForm />
        </Tabs.Content>
        <Tabs.Content value="messages" className="pt-8 outline-none">
          <h2 className="sr-only">Contact messages</h2>
          <ContactMessageList />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
