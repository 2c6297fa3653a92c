// The one error body every JSON API answer carries when something is refused or fails
// (server/http/errors.ts builds it; the OpenAPI document describes it from this schema).
import { z } from 'zod';

export const ErrorBodySchema = z.object({
  error: z.string().describe('Machine-readable code, e.g. validation_failed, not_found'),
  message: z.string().describe('What went wrong, in words a person can act on'),
  fieldErrors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe('For validation_failed: the messages for each field, by field name'),
  requestId: z.string().describe('The x-request-id of this request, for support'),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The error body as one route's answer for one status, with what that status means there. */
export function errorResponse(description: string) {
  return ErrorBodySchema.describe(description);
}
