// Staff accounts and their two-factor sign-in as the admin API answers them (ADR 019).
import { z } from 'zod';

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['staff', 'admin']),
  isActive: z.boolean(),
  twoFactorEnrolled: z.boolean(),
  exempt: z.boolean().describe('The demo admin: signs in without a second factor'),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListSchema = z.object({ items: z.array(StaffMemberSchema) });

export const TwoFactorResetSchema = z.object({
  reset: z.literal(true),
  email: z.string(),
  sessionsEnded: z.number().int().describe("How many of the member's sessions were ended"),
});
