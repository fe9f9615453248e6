/** A post's category names as small badges; nothing when it has none. */
export function CategoryList({ categories }: { categories: readonly string[] }) {
  if (categories.length === 0) return null;
  return (
    <ul aria-label="Categories" className="flex flex-wrap gap-2">
      {categories.map((name) => (
        <li
          key={name}
          className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
        >
          {name}
        </li>
      ))}
    </ul>
  );
}
