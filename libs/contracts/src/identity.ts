import { z } from 'zod';

export const ROLES = ['reader', 'executor', 'operator', 'admin'] as const;
export const Role = z.enum(ROLES).meta({ id: 'Role', description: 'Ascending privilege; each role inherits the lower ones.' });
export type Role = z.infer<typeof Role>;

export const ROLE_RANK: Record<Role, number> = { reader: 0, executor: 1, operator: 2, admin: 3 };

export function roleAtLeast(role: Role, required: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}

export const Identity = z
  .object({ subject: z.string().min(1), role: Role })
  .meta({ id: 'Identity' });
export type Identity = z.infer<typeof Identity>;
