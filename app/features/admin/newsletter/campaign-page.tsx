// A newsletter campaign (ADR 036): the draft's form (subject, Markdown body), its preview in the
// shop's email frame, "Send a test to yourself", then "Send to all confirmed subscribers" behind a
// confirmation step. While it is being sent the page shows sent/total and reloads itself every few
// seconds (a meta refresh: works without JavaScript). Every form posts to the route's action.
import { ArrowLeft, Send } from 'lucide-react';
import { Form, Link } from 'react-router';
import { FieldNotes } from '#app/components/ui/form/field-notes.tsx';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import type { AuditPage } from '#core/contract/admin-audit.ts';
import {
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_SUBJECT_MAX,
  type CampaignDetail,
} from '#core/contract/admin-newsletter.ts';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { inputClass } from '../ui/filter-bar.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { CAMPAIGN_TONES, lagosDateTime } from './subscribers-page.tsx';

export interface CampaignAnswer {
  ok: false;
  message: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
}

function BackLink() {
  return (
    <Link to="/admin/newsletter" className="inline-flex items-center gap-1 text-sm text-plum-700 underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Newsletter
    </Link>
  );
}

/** Subject and Markdown body: a new campaign, or a draft being changed. */
export function CampaignForm({
  campaign,
  answer,
}: {
  campaign: Pick<CampaignDetail, 'subject' | 'body'> | null;
  answer: CampaignAnswer | null;
}) {
  const errors = answer?.fieldErrors ?? {};
  const subject = answer?.values?.subject ?? campaign?.subject ?? '';
  const body = answer?.values?.body ?? campaign?.body ?? '';
  return (
    <Form method="post" className="space-y-4 rounded-xl bg-white p-4 shadow-sm sm:p-6" noValidate>
      {answer ? <FormMessage tone="error">{answer.message}</FormMessage> : null}
      <div>
        <label htmlFor="campaign-subject" className="block text-sm font-semibold">
          Subject
        </label>
        <input
          id="campaign-subject"
          name="subject"
          defaultValue={subject}
          maxLength={CAMPAIGN_SUBJECT_MAX}
          required
          className={`${inputClass} mt-1`}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? 'campaign-subject-error' : undefined}
        />
        <FieldNotes id="campaign-subject" name="subject" error={errors.subject?.[0]} />
      </div>
      <div>
        <label htmlFor="campaign-body" className="block text-sm font-semibold">
          Email (Markdown)
        </label>
        <textarea
          id="campaign-body"
          name="body"
          defaultValue={body}
          rows={12}
          maxLength={CAMPAIGN_BODY_MAX}
          required
          className={`${inputClass} mt-1 font-mono`}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`campaign-body-hint${errors.body ? ' campaign-body-error' : ''}`}
        />
        <FieldNotes
          id="campaign-body"
          name="body"
          hint="**bold**, _italic_, [a link](https://crownhair.ng/collections), lists with -, headings with #. The unsubscribe footer is added to every email."
          error={errors.body?.[0]}
        />
      </div>
      <button type="submit" name="intent" value="save" className="btn-primary">
        {campaign ? 'Save draft' : 'Create draft'}
      </button>
    </Form>
  );
}

export function NewCampaignPage({ answer }: { answer: CampaignAnswer | null }) {
  return (
    <section className="min-w-0 max-w-3xl">
      <BackLink />
      <h1 className="mt-2 font-display text-3xl font-semibold">New campaign</h1>
      <p className="mt-1 text-sm text-muted">
        Save it as a draft first: then you can preview it, send yourself a test, and send it.
      </p>
      <div className="mt-6">
        <CampaignForm campaign={null} answer={answer} />
      </div>
    </section>
  );
}

export function CampaignPage({
  campaign,
  canSend,
  confirmedCount,
  answer,
  auditTrail,
}: {
  campaign: CampaignDetail;
  canSend: boolean;
  /** Confirmed subscribers now: who "send" would reach. */
  confirmedCount: number;
  answer: CampaignAnswer | null;
  auditTrail: Pick<AuditPage, 'items' | 'hasNext'>;
}) {
  const editable = canSend && campaign.status === 'draft';
  const share =
    campaign.recipientCount > 0 ? Math.round((campaign.sentCount / campaign.recipientCount) * 100) : 100;
  return (
    <section className="min-w-0">
      <BackLink />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words font-display text-3xl font-semibold">{campaign.subject}</h1>
        <StatusBadge tone={CAMPAIGN_TONES[campaign.status]}>
          {CAMPAIGN_STATUS_LABELS[campaign.status]}
        </StatusBadge>
      </div>
      <p className="mt-1 text-sm text-muted">
        Written by {campaign.createdByName ?? 'a former staff member'} ·{' '}
        {lagosDateTime.format(new Date(campaign.createdAt))}
      </p>

      {campaign.status !== 'draft' ? (
        <div className="mt-6 rounded-xl bg-white p-4 shadow-sm" data-testid="campaign-progress">
          <p className="font-semibold" role="status">
            {`${campaign.status === 'sending' ? 'Sending…' : 'Sent.'} ${campaign.sentCount.toLocaleString('en-NG')} of ${campaign.recipientCount.toLocaleString('en-NG')} subscribers`}
          </p>
          <progress
            className="mt-2 h-2 w-full"
            max={100}
            value={share}
            aria-label="Share of subscribers the campaign has been queued for"
          />
          <p className="mt-2 text-sm text-muted">
            {campaign.sendStartedAt
              ? `Started ${lagosDateTime.format(new Date(campaign.sendStartedAt))}. `
              : ''}
            {campaign.sentAt
              ? `Finished ${lagosDateTime.format(new Date(campaign.sentAt))}.`
              : 'This page refreshes itself until it is done.'}
          </p>
        </div>
      ) : null}

      {answer && !answer.fieldErrors ? (
        <div className="mt-4">
          <FormMessage tone="error">{answer.message}</FormMessage>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          {editable ? (
            <>
              <h2 className="font-display text-xl font-semibold">Draft</h2>
              <CampaignForm campaign={campaign} answer={answer?.fieldErrors ? answer : null} />
            </>
          ) : (
            <>
              <h2 className="font-display text-xl font-semibold">Email (Markdown)</h2>
              <pre className="whitespace-pre-wrap break-words rounded-xl bg-white p-4 text-sm shadow-sm">
                {campaign.body}
              </pre>
            </>
          )}
          {canSend ? (
            <div className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
              <Form method="post">
                <button type="submit" name="intent" value="test" className="btn-outline">
                  Send a test to yourself
                </button>
              </Form>
              {campaign.status === 'draft' ? (
                <ConfirmStep
                  label="Send to all confirmed subscribers"
                  question={`Send "${campaign.subject}" to ${confirmedCount.toLocaleString('en-NG')} confirmed ${confirmedCount === 1 ? 'subscriber' : 'subscribers'} now? It cannot be unsent.`}
                  confirmLabel="Yes, send it"
                  intent="send"
                />
              ) : null}
              <p className="flex items-start gap-2 text-xs text-muted">
                <Send className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                Save your changes before testing or sending: they use the saved draft.
              </p>
            </div>
          ) : null}
        </div>
        <div className="min-w-0">
          <h2 className="font-display text-xl font-semibold">Preview</h2>
          <iframe
            title="Preview of the email"
            srcDoc={campaign.previewHtml}
            sandbox=""
            className="mt-3 h-[36rem] w-full rounded-xl border border-ink/10 bg-white"
            data-testid="campaign-preview"
          />
        </div>
      </div>

      <AuditTrail subjectType="newsletter_campaign" subjectId={campaign.id} trail={auditTrail} />
    </section>
  );
}
