// The probes an orchestrator or load balancer asks (issue 16): `/healthz` — is the process alive
// (it answers; nothing else is checked, so a slow database never gets a live process restarted) —
// and `/readyz` — may it take traffic: the database answers, this release's migrations are applied,
// and it is not draining for a shutdown (server/db/readiness.ts). Neither is ever cached.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Readiness } from '#server/db/readiness.ts';

const NotReady = z
  .object({ error: z.literal('not_ready'), message: z.string(), requestId: z.string() })
  .describe('Not ready: why');

export function registerProbes(app: FastifyInstance, readiness: Readiness): void {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Is the process alive?',
        response: { 200: z.object({ status: z.literal('alive') }).describe('Alive') },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'alive' as const };
    },
  );
  app.get(
    '/readyz',
    {
      schema: {
        summary: 'May this process take traffic?',
        response: { 200: z.object({ status: z.literal('ready') }).describe('Ready'), 503: NotReady },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const state = await readiness.check();
      if (state.ready) return { status: 'ready' as const };
      return reply
        .code(503)
        .send({ error: 'not_ready' as const, message: state.reason, requestId: request.id });
    },
  );
}
