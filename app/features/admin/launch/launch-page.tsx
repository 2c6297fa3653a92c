// /admin/launch: the launch checklist (ADR 071). One card per step, each with its state read from
// the shop's real configuration, the facts behind it and what to do next (commands and settings
// as code to copy). The test email and the sample data's removal are plain forms: the page works
// without JavaScript.
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { Checkbox } from '#app/components/ui/form/checkbox.tsx';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import type { FormFailure } from '#app/lib/forms.server.ts';
import type { Fact, Instruction, LaunchChecklist, LaunchStep } from '#server/modules/launch/launch-types.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { CopyField } from './copy-field.tsx';

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** Where in the admin a step is worked on, when it is a screen. */
const SCREENS: Partial<Record<LaunchStep['id'], { to: string; label: string }>> = {
  details: { to: '/admin/settings', label: 'Open Settings' },
  staff: { to: '/admin/staff', label: 'Open Staff' },
  email: { to: '/admin/mail', label: 'Open the mail queue' },
};

export function LaunchPage({
  checklist,
  email,
  failure,
}: {
  checklist: LaunchChecklist;
  email: string;
  failure: FormFailure | null;
}) {
  const { steps, done, total } = checklist;
  return (
    <section aria-labelledby="launch-title" data-testid="launch-checklist">
      <h1 id="launch-title" className="font-display text-3xl font-semibold">
        Launch checklist
      </h1>
      <p className="mt-1 max-w-prose text-sm text-muted">
        What stands between this shop and taking real money. Each step is read from the shop’s own
        configuration and data, so it ticks itself when the work is done.
      </p>
      <p className="mt-3 text-lg font-semibold" data-testid="launch-progress">
        {done} of {total} done
      </p>
      <div
        className="mt-2 h-2 w-full max-w-md overflow-hidden rounded-full bg-ink/10"
        role="progressbar"
        aria-label="Launch checklist progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="h-full rounded-full bg-ok" style={{ width: `${(done / total) * 100}%` }} />
      </div>
      {failure ? (
        <div className="mt-4">
          <FormMessage tone="error">{failure.message}</FormMessage>
        </div>
      ) : null}
      <ol className="mt-6 space-y-4">
        {steps.map((step, i) => (
          <StepCard key={step.id} step={step} number={i + 1} email={email} />
        ))}
      </ol>
    </section>
  );
}

function StepCard({ step, number, email }: { step: LaunchStep; number: number; email: string }) {
  const screen = SCREENS[step.id];
  return (
    <li
      id={step.id}
      aria-labelledby={`${step.id}-title`}
      className="scroll-mt-24 rounded-xl bg-white p-4 shadow-sm sm:p-6"
      data-testid={`step-${step.id}`}
      data-done={step.done ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${step.id}-title`} className="flex items-center gap-2 font-display text-xl font-semibold">
          {step.done ? (
            <CheckCircle2 className="h-6 w-6 shrink-0 text-ok" aria-hidden="true" />
          ) : (
            <Circle className="h-6 w-6 shrink-0 text-muted" aria-hidden="true" />
          )}
          <span>
            <span className="sr-only">Step {number}: </span>
            {step.title}
          </span>
        </h2>
        <StatusBadge tone={step.done ? 'success' : 'warning'}>{step.done ? 'Done' : 'To do'}</StatusBadge>
      </div>
      <p className="mt-2 text-sm" data-testid="step-summary">
        {step.summary}
      </p>
      {step.facts.length > 0 ? <Facts facts={step.facts} /> : null}
      <StepExtras step={step} email={email} />
      {step.next.length > 0 ? <Next next={step.next} /> : null}
      {screen && !step.done ? (
        <p className="mt-3">
          <Link to={screen.to} className="font-semibold text-plum-800 underline">
            {screen.label}
          </Link>
        </p>
      ) : null}
    </li>
  );
}

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="step-facts">
      {facts.map((f) => (
        <div key={f.label} className="contents">
          <dt className="font-semibold text-muted">{f.label}</dt>
          <dd className="[overflow-wrap:anywhere]">
            {f.value}
            {f.at ? <time dateTime={f.at}>{`, ${dateTime.format(new Date(f.at))}`}</time> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Next({ next }: { next: Instruction[] }) {
  return (
    <div className="mt-4 rounded-lg bg-plum-50 p-3 text-sm" data-testid="step-next">
      <h3 className="font-semibold">What to do</h3>
      <ul className="mt-1 space-y-2">
        {next.map((n) => (
          <li key={n.text}>
            <p>{n.text}</p>
            {n.code ? (
              <pre className="mt-1 overflow-x-auto whitespace-pre-wrap rounded-md bg-white px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]">
                <code>{n.code}</code>
              </pre>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function StepExtras({ step, email }: { step: LaunchStep; email: string }): ReactNode {
  switch (step.id) {
    case 'payments':
      return (
        <div className="mt-3 text-sm">
          <p className="font-semibold">Webhook address for Paystack</p>
          <CopyField value={step.webhookUrl} label="Webhook address for Paystack" />
        </div>
      );
    case 'email':
      return (
        <div className="mt-3 space-y-2 text-sm">
          {step.testEmail ? (
            <p data-testid="test-email-result">
              Test email to {step.testEmail.to}:{' '}
              {step.testEmail.outcome === 'sent'
                ? 'sent'
                : step.testEmail.outcome === 'waiting'
                  ? 'waiting to be sent (reload in a moment)'
                  : `${step.testEmail.outcome === 'failed' ? 'failed' : 'not sent yet, will retry'}: ${step.testEmail.error ?? 'no error recorded'}`}
              , <time dateTime={step.testEmail.at}>{dateTime.format(new Date(step.testEmail.at))}</time>
            </p>
          ) : null}
          <Form method="post" action="/admin/launch#email">
            <SubmitButton intent="send-test-email" pendingText="Sending…" className="btn-outline">
              Send me a test email
            </SubmitButton>
          </Form>
          <p className="text-xs text-muted">It goes to {email}, the way the shop’s other emails go.</p>
        </div>
      );
    case 'sample-data':
      return step.canRemove ? (
        <div className="mt-3 max-w-xl">
          <ConfirmStep
            label="Remove the sample data…"
            question="Remove the sample data for good? Sample customers, orders, reviews, tickets, subscribers and their emails are deleted; your own stay. This cannot be undone."
            confirmLabel="Yes, remove the sample data"
            intent="remove-sample-data"
            action="/admin/launch#sample-data"
          >
            <Checkbox name="keepCatalogue" label="Keep the sample catalogue (products and their photos)" />
          </ConfirmStep>
        </div>
      ) : null;
    case 'staff':
      return step.missing.length > 0 ? (
        <ul className="mt-3 divide-y divide-ink/10 text-sm" data-testid="staff-without-2fa">
          {step.missing.map((m) => (
            <li key={m.email} className="flex flex-wrap justify-between gap-x-3 py-1">
              <span className="font-semibold">{m.name}</span>
              <span className="[overflow-wrap:anywhere] text-muted">
                {m.role}, {m.email}
              </span>
            </li>
          ))}
        </ul>
      ) : null;
    default:
      return null;
  }
}
