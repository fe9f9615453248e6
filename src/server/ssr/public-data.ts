import type { PublicDataSource } from '../../shared/public-data';
import type { Database } from '../db/client';
import { getPublishedPostPageFollowingRenames, listPublishedPosts } from '../modules/blog/service';

/** The public pages' data read straight from the services, for server rendering (no HTTP round trip). */
export function serverPublicData(db: Database): PublicDataSource {
  return {
    listPosts: (page) => listPublishedPosts(db, page),
    getPost: (slug) => getPublishedPostPageFollowingRenames(db, slug),
  };
}
