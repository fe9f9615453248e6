import { islandLoaders } from './islands/island-loaders';
import { mountIslands } from './islands/mount-islands';
import { syncThemeClass } from './lib/theme';
import './styles.css';

// The entry of server-rendered public pages (public.html): no router and no query client, only the
// page's interactive islands. The signed-in app and the auth screens load main.tsx instead.
syncThemeClass();
void mountIslands(document, islandLoaders);
