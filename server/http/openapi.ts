// /api/v1/openapi.json: the public API described from the same zod schemas that validate it.
import { z } from 'zod';
import { ProfileSchema, WishlistSchema } from '#core/contract/account.ts';
import { CartViewSchema } from '#core/contract/cart.ts';
import { ProductDetailSchema, ProductListPage, ProductListQuery } from '#core/contract/catalog.ts';
import { MailboxMessageSchema, MailboxPageSchema } from '#core/contract/mail.ts';
import {
  NewsletterSignUpResult,
  NewsletterSubscribeInput,
  NewsletterTokenInput,
} from '#core/contract/newsletter.ts';
import { TrackedOrderSchema } from '#core/contract/orders.ts';
import { StaffListSchema, TwoFactorResetSchema } from '#core/contract/two-factor.ts';
import { sessionCookieName } from '#server/platform/auth/request-auth.ts';

const ErrorBody = z.object({
  error: z.string().describe('Machine-readable code, e.g. validation_failed, not_found'),
  message: z.string().describe('What went wrong, in words a person can act on'),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string(),
});

const schema = (s: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(s, { target: 'openapi-3.0', io, unrepresentable: 'any' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: schema(ErrorBody) } },
});

const json = (description: string, body: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: schema(body) } },
});

/** Routes for the signed-in shopper (any role) or for staff: the session cookie set by /auth. */
const signedIn = { security: [{ session: [] }] };
const refused = {
  '401': errorResponse('Not signed in'),
  '403': errorResponse('Signed in without the role this route needs (staff routes)'),
};

export function buildOpenApiDocument(publicUrl: string) {
  const listParameters = Object.entries(ProductListQuery.shape).map(([name, field]) => ({
    name,
    in: 'query',
    required: false,
    schema: schema(field as z.ZodType, 'input'),
  }));
  return {
    openapi: '3.0.3',
    info: {
      title: 'Crown Hair shop API',
      version: '1',
      description:
        'Catalogue, account and staff API. Money is in kobo (1 naira = 100 kobo); prices are charged in naira. ' +
        'Account routes use the session cookie set by signing in at /auth (or /admin for staff); ' +
        'state-changing requests from other websites are refused with 403. ' +
        'Payment providers post to /api/webhooks/{provider} (paystack, sandbox): the x-paystack-signature ' +
        '(HMAC-SHA512 of the raw body) is checked first; a bad one gets 401, a replay changes nothing.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(publicUrl.startsWith('https:')) },
      },
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
    paths: {
      '/products': {
        get: {
          summary: 'List products (the /collections listing)',
          parameters: listParameters,
          responses: {
            '200': {
              description: 'A page of products',
              content: { 'application/json': { schema: schema(ProductListPage) } },
            },
            '400': errorResponse('A parameter is not valid; `fieldErrors` says which'),
          },
        },
      },
      '/products/{idOrSlug}': {
        get: {
          summary: 'One product, by id or by its page slug',
          parameters: [{ name: 'idOrSlug', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'The product',
              content: { 'application/json': { schema: schema(ProductDetailSchema) } },
            },
            '404': errorResponse('No such product'),
          },
        },
      },
      '/newsletter': {
        post: {
          summary: 'Start a newsletter subscription (double opt-in: a confirmation email is sent)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(NewsletterSubscribeInput, 'input') } },
          },
          responses: {
            '202': json(
              'Check your inbox (the same answer when the address is already subscribed)',
              NewsletterSignUpResult,
            ),
            '400': errorResponse('The address is missing or not valid'),
            '429': errorResponse('Too many sign-ups from this address or for this email (see Retry-After)'),
          },
        },
      },
      '/newsletter/confirm': {
        post: {
          summary: "Confirm a subscription with the token from the confirmation email's link (works once)",
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(NewsletterTokenInput, 'input') } },
          },
          responses: {
            '200': json('Subscribed', NewsletterSignUpResult),
            '400': errorResponse('The link has expired or has already been used'),
          },
        },
      },
      '/newsletter/unsubscribe': {
        post: {
          summary: "Unsubscribe with the token from a mailing's unsubscribe link (idempotent)",
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(NewsletterTokenInput, 'input') } },
          },
          responses: {
            '200': json('Unsubscribed (also when already unsubscribed)', NewsletterSignUpResult),
            '404': errorResponse('Not an unsubscribe link of ours'),
          },
        },
      },
      '/cart': {
        get: {
          summary:
            "This browser's cart (guest cookie ch_cart; __Host-ch_cart over https) or the signed-in shopper's, priced from today's catalogue",
          responses: { '200': json('The cart (empty when there is none)', CartViewSchema) },
        },
      },
      '/orders/{trackingNumber}': {
        get: {
          summary:
            'Track an order by its tracking number (any case). Anyone with the number gets the public shape (masked: true): a first name, the masked email, the city and the public timeline. The signed-in owner or staff get everything (masked: false), including the status history with its notes.',
          parameters: [{ name: 'trackingNumber', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': json('The order with its timeline', TrackedOrderSchema),
            '404': errorResponse('Order not found. Please check your tracking number.'),
          },
        },
      },
      '/account': {
        get: {
          summary: "The signed-in shopper's profile and notification settings",
          ...signedIn,
          responses: { '200': json('The profile', ProfileSchema), '401': refused['401'] },
        },
      },
      '/account/wishlist': {
        get: {
          summary: "The signed-in shopper's saved products (ids, oldest first)",
          ...signedIn,
          responses: { '200': json('Saved product ids', WishlistSchema), '401': refused['401'] },
        },
      },
      '/admin/mailbox': {
        get: {
          summary: 'Staff: the local mailbox (mail sent while no SMTP server is configured), newest first',
          ...signedIn,
          parameters: [
            { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
            { name: 'to', in: 'query', required: false, schema: { type: 'string', format: 'email' } },
          ],
          responses: { '200': json('A page of messages', MailboxPageSchema), ...refused },
        },
      },
      '/admin/mailbox/{id}': {
        get: {
          summary: 'Staff: one message with its text and HTML bodies',
          ...signedIn,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': json('The message', MailboxMessageSchema),
            ...refused,
            '404': errorResponse('No such message'),
          },
        },
      },
      '/admin/staff': {
        get: {
          summary: 'Staff: the staff and admin accounts, and whether each has set up two-factor sign-in',
          ...signedIn,
          responses: { '200': json('Staff and admins', StaffListSchema), ...refused },
        },
      },
      '/admin/staff/{id}/two-factor/reset': {
        post: {
          summary:
            "Admins: reset another staff member's second factor (recorded; their sessions end; they are emailed)",
          ...signedIn,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': json('Reset', TwoFactorResetSchema),
            '401': refused['401'],
            '403': errorResponse('Not an admin, or your own account'),
            '404': errorResponse('No staff member with that id'),
          },
        },
      },
    },
  };
}
