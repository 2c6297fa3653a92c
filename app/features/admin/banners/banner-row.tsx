// One slide or popup in the Banners list: its photo, title, state and details, and its buttons:
// Edit, Up and Down (the display order), Activate or Deactivate, and Delete after a confirming step.
import { Form, Link } from 'react-router';
import { ConfirmStep } from '#app/features/admin/ui/confirm-step.tsx';
import { StatusBadge } from '#app/features/admin/ui/status-badge.tsx';
import { mediaUrl } from '#core/media.ts';
import type { BannerTab } from './banners-page.tsx';

export function BannerRow(props: {
  kind: BannerTab;
  id: number;
  index: number;
  count: number;
  title: string;
  imageId: string | null;
  isActive: boolean;
  state: { tone: 'success' | 'neutral' | 'warning' | 'info'; label: string };
  details: string[];
}) {
  const { kind, id, index, count } = props;
  const noun = kind === 'hero' ? 'slide' : 'popup';
  const hidden = (
    <>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
    </>
  );
  return (
    <li className="rounded-xl border border-ink/10 bg-white p-3">
      <div className="flex flex-wrap gap-3">
        {props.imageId ? (
          <img
            src={mediaUrl(props.imageId, 320, 'webp')}
            alt=""
            width={kind === 'hero' ? 144 : 90}
            height={60}
            className="h-15 w-36 shrink-0 rounded object-cover"
          />
        ) : (
          <div className="flex h-15 w-36 shrink-0 items-center justify-center rounded bg-sand text-xs text-muted">
            No photo
          </div>
        )}
        <div className="min-w-0 flex-1 basis-48">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="break-words font-semibold">{props.title}</h2>
            <StatusBadge tone={props.state.tone}>{props.state.label}</StatusBadge>
          </div>
          {props.details.filter(Boolean).map((line) => (
            <p key={line} className="break-words text-sm text-muted">
              {line}
            </p>
          ))}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <Link
          to={`/admin/banners?tab=${kind}&edit=${id}`}
          className="btn-outline"
          aria-label={`Edit ${noun} ${props.title}`}
        >
          Edit
        </Link>
        <Form method="post" className="contents">
          {hidden}
          <button
            type="submit"
            name="intent"
            value="move-up"
            className="btn-outline"
            disabled={index === 0}
            aria-label={`Move ${noun} ${props.title} up`}
          >
            Up
          </button>
          <button
            type="submit"
            name="intent"
            value="move-down"
            className="btn-outline"
            disabled={index === count - 1}
            aria-label={`Move ${noun} ${props.title} down`}
          >
            Down
          </button>
          <button
            type="submit"
            name="intent"
            value={props.isActive ? 'deactivate' : 'activate'}
            className="btn-outline"
          >
            {props.isActive ? 'Deactivate' : 'Activate'}
          </button>
        </Form>
        <ConfirmStep
          label="Delete"
          question={`Are you sure you want to delete this ${noun}?`}
          confirmLabel={`Yes, delete this ${noun}`}
          intent="delete"
        >
          {hidden}
        </ConfirmStep>
      </div>
    </li>
  );
}
