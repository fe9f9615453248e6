import { describe, expect, it } from 'vitest';
import { roleChangeMessages, roleChangeRefusal, type RoleChange } from './roles';

const base: RoleChange = {
  actorId: 'a',
  actorRole: 'full',
  targetId: 'b',
  targetRole: 'member',
  newRole: 'full',
  fullCount: 1,
};

describe('role change rules', () => {
  it('lets a full user change another user', () => {
    expect(roleChangeRefusal(base)).toBeNull();
    expect(roleChangeRefusal({ ...base, targetRole: 'full', newRole: 'member', fullCount: 2 })).toBeNull();
  });
  it('refuses members, own role and removing the last full user', () => {
    expect(roleChangeRefusal({ ...base, actorRole: 'member' })).toBe(roleChangeMessages.notFull);
    expect(roleChangeRefusal({ ...base, targetId: 'a' })).toBe(roleChangeMessages.ownRole);
    expect(roleChangeRefusal({ ...base, targetRole: 'full', newRole: 'member', fullCount: 1 })).toBe(
      roleChangeMessages.lastFull,
    );
  });
});
